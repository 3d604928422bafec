// The page's entry: "/" is the lobby, "/game/ID" is a table (the game's module is loaded on demand),
// "/replay/ID" the replay viewer of a finished game.
import { render } from "preact";
import { html } from "./html.js";
import { Lobby } from "./lobby.js";
import { GamePage } from "./table.js";
import { ReplayPage } from "./replay.js";
import { signInFromUrl } from "./profile.js";

function route() {
  const m = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
  const rep = /^\/replay\/([^/]+)\/?$/.exec(location.pathname);
  const root = document.getElementById("app");
  root.textContent = "";
  if (rep) render(html`<${ReplayPage} id=${decodeURIComponent(rep[1])} />`, root);
  else if (m) render(html`<${GamePage} id=${decodeURIComponent(m[1])} />`, root);
  else if (location.pathname === "/me") signInFromUrl().then((why) => render(html`<${Lobby} notice=${why} />`, root));
  else render(html`<${Lobby} />`, root);
}

route();
// an invite link opened over the page it leads to only changes the hash: load it as a new page
window.addEventListener("hashchange", () => {
  if (/(?:^|[#&])token=/.test(location.hash)) location.reload();
});
