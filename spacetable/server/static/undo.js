// The Undo button every table shows its seated person: always there, enabled only when the server's
// undo policy allows it (the view's `undo`), and otherwise disabled with the reason beside it.
import { html } from "./html.js";

/** Undo for a seat's page: enabled with what it takes back, or disabled with why not (spectators
 * and replays get nothing). */
export function UndoButton({ body, undo, busy, readOnly }) {
  if (readOnly || !body || !body.undo || body.seat === null || body.seat === undefined || body.terminal) return "";
  const ok = !!body.undo.allowed;
  const reason = body.undo.reason || "";
  const title = ok ? `Take back your last decision (${reason})` : `Undo is not possible now: ${reason}`;
  return html`<span class="undo" title=${title} data-undo=${ok ? "allowed" : "refused"}>
    <button class="btn tiny" onClick=${undo} disabled=${busy || !ok} aria-describedby=${ok ? undefined : "undo-why"}>Undo</button>
    ${ok ? "" : html`<span id="undo-why" class="undo-why small muted">${reason}</span>`}</span>`;
}
