// The Space Lanes panels: captains, my ship, my hand, my goal, where I stand (market), the prices seen
// at every face-up settlement, the details of a clicked space, and the log.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { ClockBadge, HandOffButton, PresenceBadge } from "../seats.js";
import { GameLog } from "../log.js";
import { GOOD, GOODS, SEAT_COLOURS, card, cardName, goal, kindOf } from "./catalog.js";

/** A seat's position in words: "at New Carthage" or "on Vesta Corridor, marker 2 of 3". */
export function whereIs(view, ship) {
  if (ship.node >= 0) {
    const s = view.slots[ship.node];
    return "at " + (s.revealed ? s.name : "an unexplored settlement");
  }
  if (ship.lane >= 0) {
    const l = view.lanes[ship.lane];
    return `on ${l.name || "a lane"}, marker ${ship.mark} of ${l.distance || "?"}`;
  }
  return "not yet placed";
}

export function slotName(view, slot) {
  if (slot === null || slot === undefined || slot < 0) return "—";
  const s = view.slots[slot];
  return s && s.revealed ? s.name : "an unexplored settlement";
}

function Swatch({ seat }) {
  return html`<span class="swatch" style=${`background:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}`}></span>`;
}

export function CargoLine({ cargo, limit }) {
  const held = GOODS.filter((g) => cargo[g.slug] > 0);
  const total = GOODS.reduce((s, g) => s + (cargo[g.slug] || 0), 0);
  return html`<span class="cargo" title="cargo (goods in the hold / hold size)">
    ${held.length ? held.map((g) => html`<span class="good g-${g.slug}" title=${g.label}>${g.glyph}${cargo[g.slug]}</span>`) : html`<span class="muted">empty hold</span>`}
    <span class="muted">${total}/${limit}</span></span>`;
}

export function Captains({ view, body, names, me, toBot, bot }) {
  return html`<section class="panel scroll captains" aria-label="Captains">
    <h2><span>Captains</span><span class="small">turn ${view.turn}</span></h2>
    ${view.ships.map((sh) => {
      const seat = body.seats[sh.seat] || {};
      const active = view.phase === 2 && view.active === sh.seat;
      const deciding = body.current_player === sh.seat;
      return html`<div class="captain ${active ? "active" : ""}" data-seat=${sh.seat} style=${`--seat:${SEAT_COLOURS[sh.seat % SEAT_COLOURS.length]}`}>
        <div class="name"><${Swatch} seat=${sh.seat} /><span class="n" title=${names[sh.seat]}>${names[sh.seat]}</span>
          ${me === sh.seat ? html`<span class="badge you">you</span>` : ""}
          ${seat.kind && seat.kind !== "human" ? html`<span class="badge">${seat.kind}</span>` : ""}
          ${active ? html`<span class="badge turn">turn</span>` : ""}
          ${deciding && !active ? html`<span class="badge">deciding</span>` : ""}
          <${PresenceBadge} seat=${seat} /></div>
        <div class="stats"><span class="credits" title="credits">¢ ${sh.credits}</span>
          <${CargoLine} cargo=${sh.cargo} limit=${sh.cargo_limit} />
          <span title="cards in hand">hand ${sh.hand_size}</span>
          ${sh.union ? html`<span class="fac union" title="Union Faction tokens">U ${sh.union}</span>` : ""}
          ${sh.pirate ? html`<span class="fac pirate" title="Pirate Faction tokens">P ${sh.pirate}</span>` : ""}
          ${sh.damaged ? html`<span class="bad" title="Damaged: no action card but Repair Kit">✸ Damaged${sh.adrift ? " · Adrift" : ""}</span>` : ""}</div>
        <div class="small muted">${body.clock_info ? html`<${ClockBadge} body=${body} seat=${sh.seat} /> ` : ""}${whereIs(view, sh)}</div>
        ${sh.ship.length ? html`<div class="chips">${sh.ship.map((c) => html`<span class="chip ${sh.used.includes(c) ? "used" : ""}" title=${card(c).text}>${kindOf(c).glyph} ${cardName(c)}${sh.used.includes(c) ? " (Used)" : ""}</span>`)}</div>` : ""}
        ${sh.transports.length ? html`<div class="chips">${sh.transports.map(([c]) => html`<span class="chip transport" title=${card(c).text}>✉ ${cardName(c)}</span>`)}</div>` : ""}
        <${HandOffButton} seat=${seat} body=${body} toBot=${toBot} bot=${bot} />
      </div>`;
    })}
  </section>`;
}

/** My ship: cargo, equipment and crew with their Use/Refresh state, damage, factions, transports. */
export function MyShip({ view, me, legal, act, busy }) {
  if (me === null || me === undefined) return null;
  const sh = view.ships[me];
  const uses = new Set([...legal.keys()].filter((t) => t.startsWith("use ")));
  return html`<section class="panel myship" aria-label="My ship">
    <h2><span>My ship</span><span class="small">${sh.damaged ? html`<span class="bad">✸ Damaged${sh.adrift ? " · Adrift" : ""}</span>` : html`<span class="good-t">sound</span>`}</span></h2>
    <div class="stats"><span class="credits">¢ ${sh.credits}</span>
      <span class="fac union" title="Union Faction tokens">Union ${sh.union}</span>
      <span class="fac pirate" title="Pirate Faction tokens">Pirate ${sh.pirate}</span></div>
    <table class="cargo-table" aria-label="Cargo"><tr>${GOODS.map((g) => html`<th title=${g.label}>${g.glyph}</th>`)}<th>hold</th></tr>
      <tr>${GOODS.map((g) => html`<td class=${sh.cargo[g.slug] ? "" : "muted"}>${sh.cargo[g.slug]}</td>`)}
        <td>${GOODS.reduce((s, g) => s + sh.cargo[g.slug], 0)}/${sh.cargo_limit}</td></tr></table>
    <div class="small muted" style="margin-top:4px">Equipment & crew</div>
    ${sh.ship.length ? html`<ul class="shipcards">${sh.ship.map((c) => {
      const used = sh.used.includes(c);
      const reusable = !!card(c).use;
      return html`<li class=${used ? "used" : ""}><b>${kindOf(c).glyph} ${cardName(c)}</b>
        ${reusable ? html`<span class="badge ${used ? "" : "ready"}">${used ? "Used" : "Ready"}</span>` : ""}
        ${uses.has("use " + c) ? html`<button class="btn tiny primary" disabled=${busy} onClick=${() => act("use " + c)} data-action=${"use " + c}>Use</button>` : ""}
        <div class="small">${card(c).text}</div></li>`;
    })}</ul>` : html`<div class="small muted">none yet</div>`}
    ${sh.transports.length ? html`<div class="small muted" style="margin-top:4px">Transports (no cargo space)</div>
      <ul class="shipcards">${sh.transports.map(([c, pk]) => html`<li><b>✉ ${cardName(c)}</b> <span class="small muted">loaded at ${slotName(view, pk)}</span>
        <div class="small">${card(c).text}</div></li>`)}</ul>` : ""}
  </section>`;
}

const HAND_VERBS = [
  ["play", "Play"],
  ["use", "Use"],
  ["fuel", "Burn as fuel"],
];

/** My hand, each card with its text, and the buttons of the legal actions that act on it. */
export function Hand({ you, legal, act, busy, used }) {
  if (!you) return null;
  const counts = {};
  for (const c of you.hand) counts[c] = (counts[c] || 0) + 1;
  const slugs = Object.keys(counts);
  return html`<section class="panel scroll hand" aria-label="My hand">
    <h2><span>My hand (${you.hand.length}/10)</span><span class="small">secret</span></h2>
    ${slugs.length ? "" : html`<div class="small muted">no cards: a further move would need fuel</div>`}
    <div class="handcards">${slugs.map((c) => {
      const t = card(c);
      const k = kindOf(c);
      const buttons = HAND_VERBS.map(([v, label]) => [legal.get(v + " " + c), label]).filter(([a]) => a && !used.has(a.text));
      return html`<div class="hcard k-${t.kind} ${buttons.length ? "playable" : ""}" data-card=${c}>
        <div class="hc-head"><span class="hc-name" title=${k.label}>${k.glyph} ${t.name}</span>
          ${counts[c] > 1 ? html`<span class="count" title=${`${counts[c]} in hand`}>×${counts[c]}</span>` : ""}
          ${buttons.map(([a, label]) => html`<button class="btn tiny primary" disabled=${busy}
            onClick=${() => act(a.text)} data-action=${a.text} title=${a.description}>${label}</button>`)}</div>
        <div class="hc-text">${t.text}</div>
      </div>`;
    })}</div>
  </section>`;
}

/** What my Goal asks at this table (the catalog states it per table size, L21), else the card's text. */
function goalCondition(view, slug) {
  const g = goal(slug);
  const n = String(view.ships.length);
  const explored = view.modes.includes("exploration") && g.exploration_conditions;
  const byCount = explored ? g.exploration_conditions : g.conditions;
  return (byCount && byCount[n]) || g.text;
}

/** My Goal in three short lines: what it asks at this table, how far I am, how the game is won with it
 * (L21) and, at a table with a turn limit, what happens then (`limit`, the guide's sentence). On a wide
 * screen the guide bar leaves "how to win" to this panel. */
export function Goal({ you, view, limit }) {
  if (!you) return null;
  const pct = Math.round((you.progress || 0) * 100);
  return html`<section class="panel goal" aria-label="My goal">
    <h2><span>My goal</span><span class="small" title="secret until the game ends">secret</span></h2>
    <div class="goal-line"><b>${you.goal.name}</b>: ${you.goal.text || goalCondition(view, you.goal.slug)}</div>
    <div class="goal-progress"><div class="progress" title=${`${pct}% of the way`}><div style=${`width:${pct}%`}></div></div>
      <span class="small muted">${pct}% · then end a turn on a settlement to win</span></div>
    ${limit ? html`<div class="small muted">${limit}</div>` : ""}
  </section>`;
}

/** Where I stand: the settlement's prices and feature; on a lane, the lane and its cards. */
export function Here({ view, me }) {
  if (me === null || me === undefined) return null;
  const sh = view.ships[me];
  if (sh.node < 0) {
    const l = sh.lane >= 0 ? view.lanes[sh.lane] : null;
    const cards = l ? ["hostile", "bounty", "station", "asteroids", "wormhole"].filter((k) => l[k]) : [];
    return html`<div class="here"><b>${whereIs(view, sh)}</b>
      ${l ? html`<div class="small muted">between ${slotName(view, l.ends[0])} and ${slotName(view, l.ends[1])}</div>` : ""}
      ${cards.map((k) => html`<div class="small"><b>${kindOf(l[k]).glyph} ${cardName(l[k])}</b>: ${card(l[k]).text}</div>`)}
      ${l ? html`<div class="small muted" style="margin-top:4px">Prices at either end: the map's "Prices" tab.</div>` : ""}</div>`;
  }
  const s = view.slots[sh.node];
  return html`<div class="here"><b>${s.name}</b>${s.homeworld ? html` <span class="badge">Homeworld</span>` : ""}
    <span class="small muted"> ${(s.tags || []).join(", ")}</span>
    <div class="small">Feature (once per Visit): ${s.feature}</div>
    ${s.economic ? html`<div class="small warn">Economic event: <b>${cardName(s.economic)}</b>: ${card(s.economic).text}</div>` : ""}
    <${LocalPrices} s=${s} label="Prices here" />
    <div class="small muted">Draw pile ${view.deck_size} · discard ${view.discard.length}${view.discard.length ? ` (top: ${cardName(view.discard[view.discard.length - 1])})` : ""}</div></div>`;
}

/** One settlement's prices, a good to a row: what you pay to buy a unit, what you get for selling one. */
function LocalPrices({ s, label }) {
  const goods = GOODS.filter((g) => s.prices[g.slug]);
  return html`<table class="mini-prices" aria-label=${label}>
    <tr><th></th><th>you buy</th><th>you sell</th></tr>
    ${goods.map((g) => html`<tr><th class="gl"><span class="g-${g.slug}">${g.glyph}</span> ${g.label}</th>
      <td>${s.prices[g.slug][0] || "·"}</td><td>${s.prices[g.slug][1] || "·"}</td></tr>`)}</table>`;
}

/** Prices at every face-up settlement (all I have seen: face-down ones are unknown, L20): a settlement
 * to a row, each good's buy and sell price (side by side, or one above the other on a phone). */
export function PriceTable({ view, me }) {
  const here = me !== null && me !== undefined ? view.ships[me].node : -1;
  const rows = view.slots.filter((s) => s.revealed).sort((a, b) => a.y - b.y || a.x - b.x);
  const best = {};
  for (const g of GOODS) {
    const sells = rows.map((s) => (s.prices[g.slug] || [0, 0])[1]).filter((x) => x > 0);
    const buys = rows.map((s) => (s.prices[g.slug] || [0, 0])[0]).filter((x) => x > 0);
    best[g.slug] = { sell: Math.max(0, ...sells), buy: buys.length ? Math.min(...buys) : 0 };
  }
  return html`<table class="prices" aria-label="Prices seen">
    <thead><tr><th class="where">settlement</th>${GOODS.map((g) => html`<th class="good-h" data-good=${g.slug}>
      <span class="gh"><span class="g-${g.slug} glyph">${g.glyph}</span><span class="gname" data-good=${g.slug}>${g.label}</span></span></th>`)}</tr></thead>
    <tbody>${rows.map((s) => html`<tr class=${s.slot === here ? "here-row" : ""} data-slot=${s.slot}>
      <th class="where" scope="row">${s.name}${s.slot === here ? html` <span class="badge you">here</span>` : ""}${s.economic ? html` <span class="warn" title=${cardName(s.economic)}>¢</span>` : ""}</th>
      ${GOODS.map((g) => {
        const p = s.prices[g.slug];
        if (!p) return html`<td class="muted" title="not traded here">—</td>`;
        return html`<td title=${`${g.label} at ${s.name}: you buy at ${p[0] || "—"}, you sell at ${p[1] || "—"}`}>
          <span class=${"buy " + (p[0] && p[0] === best[g.slug].buy ? "cheap" : "")}>${p[0] || "·"}</span><span class="sep"> / </span><span
            class=${"sell " + (p[1] && p[1] === best[g.slug].sell ? "dear" : "")}>${p[1] || "·"}</span></td>`;
      })}</tr>`)}</tbody>
  </table>
  <div class="small muted prices-key"><span class="key-wide">each good: <b>you buy / you sell</b></span><span class="key-narrow">each good: <b>you buy</b> above, <b>you sell</b> below</span>, credits per unit ·
    <span class="cheap">cheapest buy</span> · <span class="dear">best sale</span>
    ${view.slots.some((s) => !s.revealed) ? " · unexplored settlements are not listed" : ""}</div>`;
}

/** The map in words: every settlement (feature, event, ships) and the lanes that leave it. */
export function PlaceList({ view, names, onSelect }) {
  const order = [...view.slots].sort((a, b) => a.y - b.y || a.x - b.x);
  const ships = (pred) => view.ships.filter(pred).map((sh) => names[sh.seat]);
  return html`<ul class="places" aria-label="Places and lanes">${order.map((s) => {
    const here = ships((sh) => sh.node === s.slot);
    const lanes = view.lanes.filter((l) => l.ends.includes(s.slot));
    return html`<li data-slot=${s.slot}>
      <button class="linkish" onClick=${() => onSelect({ type: "slot", id: s.slot })}><b>${s.revealed ? s.name : "Unexplored settlement"}</b></button>
      ${s.homeworld ? html` <span class="badge">Homeworld</span>` : ""}
      ${here.length ? html` <span class="small">· here: ${here.join(", ")}</span>` : ""}
      ${s.revealed ? html`<div class="small">${s.feature}</div>` : html`<div class="small muted">face down until a ship lands on it</div>`}
      ${s.economic ? html`<div class="small warn">${cardName(s.economic)}: ${card(s.economic).text}</div>` : ""}
      <ul class="routes">${lanes.map((l) => {
        const other = l.ends[0] === s.slot ? l.ends[1] : l.ends[0];
        const cards = ["hostile", "bounty", "station", "asteroids", "wormhole"].filter((k) => l[k]);
        const on = ships((sh) => sh.lane === l.lane);
        return html`<li class="small">→ <b>${slotName(view, other)}</b> by ${l.revealed ? html`${l.name} <span class="muted">(distance ${l.distance})</span>` : html`<span class="muted">an uncharted lane</span>`}
          ${cards.map((k) => html` · <span class="warn">${kindOf(l[k]).glyph} ${cardName(l[k])}</span>`)}${on.length ? ` · on it: ${on.join(", ")}` : ""}</li>`;
      })}</ul></li>`;
  })}</ul>`;
}

/** The details of a clicked settlement or lane. */
export function Details({ view, selected, names }) {
  if (!selected) return html`<div class="small muted">Click a settlement or a lane on the map for its details.</div>`;
  if (selected.type === "slot") {
    const s = view.slots[selected.id];
    const here = view.ships.filter((sh) => sh.node === s.slot);
    if (!s.revealed) return html`<div><b>Unexplored settlement</b><div class="small muted">Face down until a ship lands on it: its name, prices and feature are unknown to everyone.</div></div>`;
    return html`<div class="details"><b>${s.name}</b>${s.homeworld ? " · Homeworld" : ""} <span class="small muted">${(s.tags || []).join(", ")}</span>
      <div class="small">Feature: ${s.feature}</div>
      <${LocalPrices} s=${s} label=${"Prices at " + s.name} />
      ${s.economic ? html`<div class="small warn">${cardName(s.economic)}: ${card(s.economic).text} (ends at the start of turn ${s.economic_ends})</div>` : ""}
      ${here.length ? html`<div class="small">Here: ${here.map((sh) => names[sh.seat]).join(", ")}</div>` : ""}</div>`;
  }
  const l = view.lanes[selected.id];
  const on = view.ships.filter((sh) => sh.lane === l.lane);
  const cards = ["hostile", "bounty", "station", "asteroids", "wormhole"].filter((k) => l[k]);
  return html`<div class="details"><b>${l.revealed ? l.name : "Uncharted lane"}</b>
    <span class="small muted"> · ${l.revealed ? `distance ${l.distance} (${l.distance + 1} moves to cross)` : "face down until a ship enters"}</span>
    <div class="small">between ${slotName(view, l.ends[0])} and ${slotName(view, l.ends[1])}</div>
    ${cards.map((k) => html`<div class="small"><b>${kindOf(l[k]).glyph} ${cardName(l[k])}</b>: ${card(l[k]).text}${l[k + "_ends"] ? ` (ends at the start of turn ${l[k + "_ends"]})` : ""}</div>`)}
    ${on.length ? html`<div class="small">On it: ${on.map((sh) => `${names[sh.seat]} (marker ${sh.mark})`).join(", ")}</div>` : ""}</div>`;
}

/** "Seat 2" in the log → the seat's name; "slot 3" and "lane 7" → their names when face up (the page
 * knows only what the view shows, so a face-down space keeps its number). */
export function named(text, names, view) {
  let out = text.replace(/Seat (\d)/g, (m, n) => names[Number(n) - 1] || m);
  if (view) {
    out = out.replace(/(?:settlement )?slot (\d+)/g, (m, n) => {
      const s = view.slots[Number(n)];
      return s && s.revealed ? s.name : m;
    });
    out = out.replace(/lane (\d+)/g, (m, n) => {
      const l = view.lanes[Number(n)];
      return l && l.revealed ? l.name : m;
    });
  }
  return out;
}

export function Log({ log, names, view }) {
  return html`<${GameLog} log=${log} line=${(text) => named(text, names, view)} />`;
}

/** Tabs: one panel at a time from a few (Here / Details); `show` (a new object each time) opens a tab. */
export function Tabs({ tabs, initial, show }) {
  const [cur, setCur] = useState(initial || tabs[0].key);
  useEffect(() => { if (show) setCur(show.key); }, [show]);
  const tab = tabs.find((t) => t.key === cur) || tabs[0];
  return html`<div class="tabs">
    <div class="tabbar" role="tablist">${tabs.map((t) => html`<button role="tab" class="tab ${t.key === tab.key ? "on" : ""}"
      aria-selected=${t.key === tab.key} onClick=${() => setCur(t.key)} data-tab=${t.key}>${t.label}</button>`)}</div>
    <div class="tabbody">${tab.body}</div></div>`;
}

export { GOOD };
