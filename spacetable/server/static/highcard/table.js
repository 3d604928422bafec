// The Highcard table (the small example game, rules H1–H7 in spacetable/games/highcard): each captain
// with their prestige, the card they played this round and their hand size; the round, the mode and
// the prize die; my hand by name; my decision as buttons with the engine's descriptions; the log.
// Seats are named as the lobby named them (the view counts them from 0, the log from "Seat 1").
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { UndoButton } from "../undo.js";
import { AdviceButton, CoachPanel } from "../advice.js";
import { RulesDrawer } from "../teach.js";
import { api } from "../api.js";
import { gameOverText, named } from "../generic.js";
import { GameLog } from "../log.js";

let NAMES = null; // card value → name, from GET /api/catalog/highcard (the page never copies card data)

function useCardNames() {
  const [names, setNames] = useState(NAMES);
  useEffect(() => {
    if (NAMES) return;
    api("/api/catalog/highcard").then((r) => {
      if (!r.ok || !r.data || !Array.isArray(r.data.cards)) return;
      NAMES = Object.fromEntries(r.data.cards.map((c) => [c.value, String(c.name)]));
      setNames(NAMES);
    });
  }, []);
  return names || {};
}

function Card({ value, cards }) {
  if (value === null || value === undefined) return html`<span class="muted">—</span>`;
  return html`<span class="pill" title=${cards[value] || ""}><b>${value}</b> ${cards[value] || ""}</span>`;
}

export function Table({ body, act, undo, busy, error, clearError, conn, readOnly }) {
  const v = body.view || {};
  const cards = useCardNames();
  const seats = body.seats || [];
  const name = (i) => (seats[i] || {}).name || `Seat ${i + 1}`;
  const legal = body.legal_actions || [];
  const mine = legal.length > 0 && !readOnly;
  const status = body.terminal ? gameOverText(body)
    : mine ? "Your move" : body.current_player !== null && body.current_player !== undefined ? `Waiting for ${name(body.current_player)}` : "";
  const scores = v.scores || [];
  return html`<div class="generic highcard">
    <header class="topbar">
      <a class="logo" href="/" title="Back to the lobby">SPACETABLE</a>
      <span class="muted small">Highcard · game ${body.id}</span>
      <span class="small">Round ${v.round} of ${v.rounds} · ${v.mode === "lowball" ? "lowball: the lowest card wins" : "the highest card wins"}</span>
      <span class="status ${mine ? "mine" : ""}" role="status">${status}</span>
      <${UndoButton} body=${body} undo=${undo} busy=${busy} readOnly=${readOnly} />
      <${AdviceButton} body=${body} readOnly=${readOnly} />
      <span class="conn ${conn === "live" ? "live" : "down"}">${conn === "replay" ? "replay" : conn === "live" ? "● live" : "connecting…"}</span>
      <span class="small">${body.seat !== null && body.seat !== undefined ? html`You are <b>${name(body.seat)}</b>` : "Spectator"}</span>
    </header>
    <main class="generic-body">
      <${CoachPanel} body=${body} act=${act} busy=${busy} named=${(t) => named(t, seats)} readOnly=${readOnly} />
      <section class="panel" aria-label="Table">
        <h2><span>Table</span><span class="small">prize die ${v.prize || "—"} · deck ${v.deck_size}</span></h2>
        <table class="standings" aria-label="Captains">
          <thead><tr><th>captain</th><th>★ prestige</th><th>played this round</th><th>hand</th></tr></thead>
          <tbody>${scores.map((s, i) => html`<tr class=${body.terminal && (body.winners || []).includes(i) ? "win" : ""} data-seat=${i}>
            <td>${name(i)} ${i === v.lead ? html`<span class="badge ml" title="leads this round">lead</span>` : ""}
              ${i === v.to_act && !body.terminal ? html`<span class="badge turn">to play</span>` : ""}
              ${i === body.seat ? html`<span class="badge you">you</span>` : ""}</td>
            <td>${s}</td><td><${Card} value=${(v.table || [])[i]} cards=${cards} /></td><td>${(v.hand_sizes || [])[i]}</td></tr>`)}</tbody>
        </table>
        ${v.hand ? html`<div class="row" style="margin-top:6px" aria-label="My hand"><span class="muted small">My hand (secret):</span>
          ${v.hand.map((c) => html`<${Card} value=${c} cards=${cards} />`)}</div>` : ""}
        ${(v.discards || []).length ? html`<div class="row small" style="margin-top:4px"><span class="muted">Discards:</span>
          ${v.discards.map((c) => html`<${Card} value=${c} cards=${cards} />`)}</div>` : ""}
      </section>
      ${error ? html`<div class="error" role="alert">${error} <button class="btn tiny" onClick=${clearError}>dismiss</button></div>` : ""}
      ${mine ? html`<section class="panel decision" aria-label="Decision"><h2><span>Your decision</span></h2>
        <div class="row">${legal.map((a) => html`<button class="btn" data-action=${a.text} disabled=${busy}
          onClick=${() => act(a.text)} title=${a.text}>${named(a.description, seats)}</button>`)}</div></section>` : ""}
      <${GameLog} log=${body.log || []} line=${(t) => named(t, seats)} game="highcard" />
    </main>
    <${RulesDrawer} />
  </div>`;
}
