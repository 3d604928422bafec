// The generic table for a game without its own `static/<game>/table.js` (e.g. the small example
// game): the public state as a list, my decisions as buttons with the engine's descriptions, the log.
import { html } from "./html.js";
import { UndoButton } from "./undo.js";
import { AdviceButton, CoachPanel } from "./advice.js";

function show(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length ? value.map(show).join(", ") : "none";
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k}: ${show(v)}`).join("; ");
  return String(value);
}

/** The engine's texts say "Seat 2": the page says the display name. */
export function named(text, seats) {
  return String(text).replace(/\bSeat (\d)\b/g, (m, n) => (seats[parseInt(n, 10) - 1] || {}).name || m);
}

/** "Game over", and who won by display name ("Ann wins", "Ann and Bo win"). */
export function gameOverText(body) {
  const seats = body.seats || [];
  const won = (body.winners || []).map((w) => (seats[w] || {}).name || `Seat ${w + 1}`);
  return `Game over${won.length ? ": " + won.join(" and ") + (won.length > 1 ? " win" : " wins") : ""}`;
}

export function GenericTable({ body, act, undo, busy, error, clearError, conn, seatKey, readOnly }) {
  const view = body.view || {};
  const me = seatKey(body.seat);
  const legal = body.legal_actions || [];
  const seats = body.seats || [];
  const status = body.terminal ? gameOverText(body) : legal.length ? "Your move" : body.current_player !== null
    ? `Waiting for ${(seats[body.current_player] || {}).name || "a player"}` : "";
  return html`<div class="generic">
    <header class="topbar">
      <a class="logo" href="/" title="Back to the lobby">SPACETABLE</a>
      <span class="muted small">${body.game} · game ${body.id}</span>
      <span class="status ${legal.length ? "mine" : ""}" role="status">${status}</span>
      <${UndoButton} body=${body} undo=${undo} busy=${busy} readOnly=${readOnly} />
      <${AdviceButton} body=${body} readOnly=${readOnly} />
      <span class="conn ${conn === "live" ? "live" : "down"}">${conn === "replay" ? "replay" : conn === "live" ? "● live" : "connecting…"}</span>
      <span class="small">${me ? html`You are <b>${(body.seats[body.seat] || {}).name}</b>` : "Spectator"}</span>
    </header>
    <main class="generic-body">
      <${CoachPanel} body=${body} act=${act} busy=${busy} named=${(t) => named(t, seats)} readOnly=${readOnly} />
      <section class="panel" aria-label="Table">
        <h2><span>Table</span></h2>
        <dl>${Object.entries(view).filter(([k]) => k !== "game" && k !== "player").map(([k, v]) =>
          html`<div class="row"><dt class="muted">${k}</dt><dd>${show(v)}</dd></div>`)}</dl>
      </section>
      ${error ? html`<div class="error" role="alert">${error} <button class="btn tiny" onClick=${clearError}>dismiss</button></div>` : ""}
      ${legal.length && !readOnly ? html`<section class="panel" aria-label="Decision"><h2><span>Your decision</span></h2>
        <div class="row">${legal.map((a) => html`<button class="btn" data-action=${a.text} disabled=${busy}
          onClick=${() => act(a.text)} title=${a.text}>${named(a.description, seats)}</button>`)}</div></section>` : ""}
      <section class="panel scroll log" aria-label="Game log"><h2><span>Log</span></h2>
        <ol>${(body.log || []).map((l) => html`<li><span class="n">${l.n}</span>${named(l.text, seats)}</li>`)}</ol></section>
    </main>
  </div>`;
}
