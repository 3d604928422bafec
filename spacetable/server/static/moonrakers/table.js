// The Moonrakers table: three columns that fit a 1366×768 screen.
// Left: every captain's public state. Centre: the contract display, the decision, my hand and
// objectives. Right: the Armory and the log.
import { html } from "../html.js";
import { UndoButton } from "../undo.js";
import { useDefaultBot } from "../seats.js";
import { AdviceButton, CoachPanel, useCoachOpen } from "../advice.js";
import { Banners, GuideBar, RulesDrawer, thinkingText } from "../teach.js";
import { Armory, ContractDisplay, Hand, Legend, Log, Objectives, Players, handActions, named } from "./pieces.js";
import { Focus, headline, waitingFor } from "./decision.js";

/** The Moonrakers table (also exported as `Table`: the interface every game table follows is in
 * static/README.md). `readOnly` (the replay viewer): nothing can be chosen. */
export function MoonrakersTable({ body, act, intent, undo, toBot, setWindows, error, clearError, conn, busy, sound, toggleSound, seatKey, lastMove, readOnly }) {
  const view = body.view;
  const me = seatKey(body.seat);
  const names = {};
  view.players.forEach((p, i) => {
    const s = body.seats[i];
    names[p.seat] = s && s.name ? s.name : p.seat.toUpperCase();
  });
  const legal = new Map((body.legal_actions || []).map((a) => [a.text, a]));
  const myPlayer = view.players.find((p) => p.seat === me);
  const hand = handActions(myPlayer, legal);
  const handUsed = [...hand.values()].flat().map((a) => a.text);
  const bot = useDefaultBot("moonrakers");
  const decision = view.decision ? view.decision.decision : null;
  const mine = legal.size > 0;
  let status;
  const thinking = thinkingText(body);
  if (body.terminal) status = "Game over";
  else if (mine) status = "Your move: " + headline(decision);
  else if (thinking) status = `${thinking} (${waitingFor(decision)})`;
  else if (view.decision) status = `Waiting for ${names[view.decision.player] || view.decision.player}: ${waitingFor(decision)}`;
  else status = body.message || "";
  const ml = names[view.mission_leader];
  const coach = useCoachOpen(body) && !readOnly && body.seat !== null && body.seat !== undefined;
  const say = (text) => named(text, names);
  return html`<div class="table ${body.guide ? "guided" : ""}">
    <header class="topbar">
      <a class="logo" href="/" title="Back to the lobby">SPACETABLE</a>
      <span class="muted small">Moonrakers · game ${body.id}</span>
      <span class="small">Turn ${view.turn} · ${view.phase} · ML <span class="nm">${ml}</span></span>
      <span class="status ${mine ? "mine" : ""} ${thinking && !mine ? "thinking" : ""}" role="status">${status}</span>
      ${body.message && !body.terminal ? html`<span class="small muted">${body.message}</span>` : ""}
      <${UndoButton} body=${body} undo=${undo} busy=${busy} readOnly=${readOnly} />
      ${body.prefs && view.players.some((p) => p.reputation) ? html`<button class="btn tiny"
        onClick=${() => setWindows(!body.prefs.stop_at_windows)} aria-pressed=${body.prefs.stop_at_windows}
        title="Binding Ties: reputation may be spent at any time. Off: those extra moments pass by themselves; you can still spend on your own turn. On: the table stops for you at each of them.">
        ${body.prefs.stop_at_windows ? "Stop at any-time spends: on" : "Stop at any-time spends: off"}</button>` : ""}
      <${AdviceButton} body=${body} readOnly=${readOnly} />
      ${readOnly ? "" : html`<button class="btn tiny" onClick=${toggleSound} aria-pressed=${sound} title="A sound when it is your decision">${sound ? "Sound on" : "Sound off"}</button>`}
      ${conn === "replay" ? html`<span class="conn live" title="a replay of the finished game">replay</span>`
        : html`<span class="conn ${conn === "live" ? "live" : "down"}" title="live updates">${conn === "live" ? "● live" : conn === "connecting" ? "connecting…" : "reconnecting…"}</span>`}
      <span class="small">${me ? html`You are <b>${names[me]}</b>` : "Spectator"}</span>
    </header>
    <${GuideBar} body=${body} game="moonrakers" />
    <div class="col">
      <${Players} view=${view} body=${body} names=${names} seatKey=${seatKey} me=${me} bot=${bot} toBot=${toBot} />
      <${Legend} />
    </div>
    <main class="col">
      <${ContractDisplay} view=${view} legal=${legal} act=${act} busy=${busy} />
      ${error ? html`<div class="error" role="alert">${error} <button class="btn tiny" onClick=${clearError}>dismiss</button></div>` : ""}
      <${Focus} body=${body} view=${view} me=${me} names=${names} legal=${legal} act=${act} intent=${intent} busy=${busy} handUsed=${handUsed} lastMove=${lastMove}
        coach=${coach ? html`<${CoachPanel} body=${body} act=${act} busy=${busy} named=${say} readOnly=${readOnly} />` : ""} />
      <section class="panel handpanel" aria-label="My hand and objectives">
        <h2><span title=${myPlayer && myPlayer.draw_contents ? "draw pile holds (order hidden): " + Object.entries(myPlayer.draw_contents).map(([k, n]) => `${n}× ${k}`).join(", ") : ""}>${myPlayer ? `My hand (${myPlayer.hand_size}) · draw pile ${myPlayer.draw_size} · discard ${myPlayer.discard.length}` : "Table"}</span>
          <span class="small">${myPlayer ? "objectives are secret until claimed" : ""}</span></h2>
        <div class="row hand-row">
          <div class="hand-cards"><${Hand} me=${myPlayer} legal=${legal} act=${act} busy=${busy}
            revealed=${!!(body.replay && body.replay.reveal)} /></div>
          <div class="hand-objectives"><${Objectives} me=${myPlayer} /></div>
        </div>
      </section>
    </main>
    <aside class="col">
      <${Armory} view=${view} />
      <${Log} log=${body.log || []} names=${names} />
    </aside>
    <${Banners} log=${body.log || []} line=${say} />
    <${RulesDrawer} />
  </div>`;
}

export { MoonrakersTable as Table };
