// The page's entry: "/" is the lobby, "/game/ID" is a table (the game's module is loaded on demand).
import { render } from "preact";
import { html } from "./html.js";
import { Lobby } from "./lobby.js";
import { GamePage } from "./table.js";

function route() {
  const m = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
  const root = document.getElementById("app");
  root.textContent = "";
  if (m) render(html`<${GamePage} id=${decodeURIComponent(m[1])} />`, root);
  else render(html`<${Lobby} />`, root);
}

route();
