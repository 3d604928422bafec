// Moonrakers pieces that are always on screen: contracts, armory, players, hand, objectives, log.
import { html } from "../html.js";
import { ClockBadge, HandOffButton, PresenceBadge } from "../seats.js";
import { GameLog } from "../log.js";
import { REQS, FACTION_NAMES, actionCard, cardName, contract, objective, part } from "./catalog.js";

export function Req({ type, n, of }) {
  const r = REQS.find((x) => x.key === type);
  return html`<span class="pill req-${type}" title="${r.label} requirement">${r.glyph} ${n}${of !== undefined ? html`<span class="muted">/${of}</span>` : ""}</span>`;
}

export function Dice({ n, faces }) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const f = faces ? faces[i] : undefined;
    out.push(f === undefined
      ? html`<span class="die pending" title="hazard die (not rolled)">?</span>`
      : html`<span class="die ${f ? "" : "blank"}" title="${f} hazard icon${f === 1 ? "" : "s"}">${f ? "✹".repeat(f) : "·"}</span>`);
  }
  return html`<span class="row" style="gap:3px">${out}</span>`;
}

export function Faction({ f }) {
  if (!f) return null;
  return html`<span class="f-${f} ftext"><span class="brand"></span>${FACTION_NAMES[f] || f}</span>`;
}

/** Rewards and requirements of a contract (3.4.6, 3.4.9): used on the display and in the big view. */
export function ContractBody({ c }) {
  return html`
    <div class="row">
      ${c.prestige ? html`<span class="pill prestige" title="Prestige">★ ${c.prestige}</span>` : ""}
      ${c.credits ? html`<span class="pill credits" title="credits">¢ ${c.credits}</span>` : ""}
      ${c.bonus ? html`<span class="pill" title="bonus cards: free crew cards or ship parts from the Armory">+${c.bonus} bonus</span>` : ""}
      ${c.faction ? html`<span class="pill f-${c.faction}" title="faction reputation reward (Binding Ties)"><span class="brand"></span>+1 ${FACTION_NAMES[c.faction]}</span>` : ""}
    </div>
    <div class="row">
      ${REQS.filter((r) => c.req[r.key]).map((r) => html`<${Req} type=${r.key} n=${c.req[r.key]} />`)}
      <span title="hazard dice" class="muted small" style="margin-left:auto">${c.dice} ${c.dice === 1 ? "die" : "dice"}</span>
      <${Dice} n=${c.dice} />
    </div>`;
}

export function ContractCard({ slug, controls, big, note }) {
  if (!slug) return html`<div class="contract empty small">empty slot</div>`;
  const c = contract(slug);
  return html`<div class="contract ${big ? "big" : ""}" title=${c.text} data-contract=${slug}>
    <div class="row" style="justify-content:space-between; flex-wrap:nowrap"><span class="cname">${c.name}</span>
      <span class="row" style="flex-wrap:nowrap">${note || ""}<span class="kind kind-${c.kind}">${c.kind}</span></span></div>
    <${ContractBody} c=${c} />
    ${controls && controls.length ? html`<div class="acts">${controls}</div>` : ""}
  </div>`;
}

/** The eight face-up contracts; Take / Swap / Replace buttons where those are legal (3.2). */
export function ContractDisplay({ view, legal, act, busy }) {
  const ctl = (slug) => {
    const out = [];
    const take = legal.get("take " + slug);
    const swap = legal.get("swap " + slug);
    const replace = legal.get("replace " + slug);
    if (take) out.push(html`<button class="btn tiny primary" disabled=${busy} title=${take.description} onClick=${() => act(take.text)}>Take<span class="cost" style="color:inherit">free</span></button>`);
    if (swap) out.push(html`<button class="btn tiny" disabled=${busy} title=${swap.description} onClick=${() => act(swap.text)}>Swap<span class="cost">1 cr</span></button>`);
    if (replace) out.push(html`<button class="btn tiny" disabled=${busy} title=${replace.description} onClick=${() => act(replace.text)}>Replace<span class="cost">free</span></button>`);
    return out;
  };
  return html`<section class="panel" aria-label="Contract display">
    <h2><span>Contracts</span><span class="small">deck ${view.contract_deck} · discard ${view.contract_discard.length} · objectives deck ${view.objective_deck}</span></h2>
    <div class="contracts">${view.contracts.map((s) => html`<${ContractCard} slug=${s} controls=${s ? ctl(s) : null} />`)}</div>
  </section>`;
}

export function PartChip({ slug }) {
  const p = part(slug);
  return html`<span class="part-chip f-${p.brand}" title="${p.name} (${FACTION_NAMES[p.brand] || p.brand}; adds ${p.cards.join(", ") || "no card"}): ${p.text}"><span class="brand"></span>${p.name}</span>`;
}

/** The Armory rows with every card's cost and each part's brand (3.5). */
export function Armory({ view }) {
  return html`<section class="panel" aria-label="Armory">
    <h2><span>Armory</span><span class="small">decks: crew ${view.crew_deck} · parts ${view.part_deck}</span></h2>
    <div class="cards" style="gap:5px">
      ${view.crew_row.map((s) => s ? html`<${ArmoryCard} slug=${s} kind="crew" />` : html`<div class="card mini muted">empty</div>`)}
      ${view.part_row.map((s) => s ? html`<${ArmoryCard} slug=${s} kind="part" />` : html`<div class="card mini muted">empty</div>`)}
    </div>
  </section>`;
}

function ArmoryCard({ slug, kind }) {
  if (kind === "crew") {
    const c = actionCard(slug);
    return html`<div class="card mini crew" title="${c.name} — ${c.role}: ${c.text}" style="width:84px">
      <span class="price">${c.cost}</span><div class="title">${c.name}</div><div class="sub">${c.crewKind} crew</div>
      <div class="foot small muted">${c.role}</div></div>`;
  }
  const p = part(slug);
  return html`<div class="card mini part f-${p.brand}" title="${p.name} (${FACTION_NAMES[p.brand]}): ${p.text}" style="width:84px">
    <span class="price">${p.cost}</span><div class="title">${p.name}</div><div class="sub"><span class="ftext">${FACTION_NAMES[p.brand] || p.brand}</span> part</div>
    <div class="foot small muted">${p.cards.length ? "+ " + p.cards.join(", ") : "no card"}</div></div>`;
}

/** Every player's public state (Prestige, credits, parts and brands, hand and deck, reputation). */
export function Players({ view, body, names, seatKey, me, bot, toBot }) {
  const deciding = view.decision ? view.decision.player : null;
  return html`<section class="panel scroll grow" aria-label="Players">
    <h2><span>Captains</span><span class="small">turn ${view.turn}</span></h2>
    ${view.players.map((p, i) => {
      const seat = body.seats[i] || {};
      return html`<div class="player f-${p.faction} ${deciding === p.seat ? "active" : ""}" data-seat=${p.seat}>
        <div class="name"><span class="n">${names[p.seat]}</span>
          <span class="muted small">${p.seat.toUpperCase()}</span>
          ${view.mission_leader === p.seat ? html`<span class="badge ml" title="Mission Leader">ML</span>` : ""}
          ${me === p.seat ? html`<span class="badge you">you</span>` : ""}
          ${seat.kind && seat.kind !== "human" ? html`<span class="badge" title="bot">${seat.kind}</span>` : ""}
          ${deciding === p.seat ? (seat.kind && seat.kind !== "human" && !body.terminal && !body.replay
            ? html`<span class="badge turn thinking" title="this bot is choosing">thinking…</span>`
            : html`<span class="badge turn">deciding</span>`) : ""}
          <${PresenceBadge} seat=${seat} />
          <${ClockBadge} body=${body} seat=${i} />
        </div>
        <div class="stats">
          <span class="prestige" title="Prestige">★ ${p.prestige}</span>
          <span class="credits" title="credits">¢ ${p.credits}</span>
          <span title="cards in hand">hand ${p.hand_size}</span>
          <span class="muted" title="draw pile / discard pile">deck ${p.draw_size} · disc ${p.discard.length}</span>
          <span class="muted" title="objectives held (hidden) / claimed">obj ${p.objectives_held}${p.claimed.length ? ` · ✓${p.claimed.length}` : ""}</span>
        </div>
        <div class="small"><${Faction} f=${p.faction} /> <span class="muted">captain</span></div>
        ${p.parts.length ? html`<div class="parts">${p.parts.map((s) => html`<${PartChip} slug=${s} />`)}</div>` : ""}
        ${p.reputation ? html`<div class="rep" title="reputation (Binding Ties)">
          ${Object.entries(p.reputation).map(([f, n]) => html`<span class="f-${f}" title="${FACTION_NAMES[f]} reputation ${n} of 5"><span class="brand"></span>${FACTION_NAMES[f]} <b>${n}</b></span>`)}
        </div>` : ""}
        ${p.claimed.length ? html`<div class="small muted">claimed: ${p.claimed.map((o) => objective(o).name).join(", ")}</div>` : ""}
        <${HandOffButton} seat=${seat} body=${body} toBot=${toBot} bot=${bot} />
      </div>`;
    })}
  </section>`;
}

const HAND_VERBS = { play: "Play", trash: "Trash", discard: "Discard", choose: "Choose" };

/** The texts of legal actions that act on a card of my hand (drawn as clickable cards). */
export function handActions(me, legal) {
  const out = new Map();
  if (!me || !me.hand) return out;
  for (const slug of new Set(me.hand)) {
    for (const verb of Object.keys(HAND_VERBS)) {
      const a = legal.get(verb + " " + slug);
      if (a) out.set(slug, [...(out.get(slug) || []), a]);
    }
  }
  return out;
}

/** What playing a card costs now, from the engine's own description of the play ("Play Reactor for
 * 0 Actions: …"): a part's free play (2.7, e.g. Fission's free Reactors) shows as "free", never as
 * the usual 1 Action. */
export function playCost(action) {
  const m = /\bfor (\d+) Actions?\b/.exec((action && action.description) || "");
  if (!m) return "1 Action";
  const n = parseInt(m[1], 10);
  return n === 0 ? "free" : n === 1 ? "1 Action" : `${n} Actions`;
}

/** My hand as cards; a card I may play (or trash, discard, choose) now is lit and clickable. */
export function Hand({ me, legal, act, busy, revealed }) {
  if (!me || !me.hand) {
    return html`<div class="muted">${revealed ? "Every captain's hand and objectives are in the Revealed panel."
      : "Spectating: hands are hidden."}</div>`;
  }
  const acts = handActions(me, legal);
  const groups = [];
  for (const slug of me.hand) {
    const g = groups.find((x) => x.slug === slug);
    if (g) g.n += 1;
    else groups.push({ slug, n: 1 });
  }
  return html`<div class="cards" aria-label="My hand">
    ${groups.map(({ slug, n }) => {
      const c = actionCard(slug);
      const a = acts.get(slug) || [];
      const first = a[0];
      const verb = first ? HAND_VERBS[first.text.split(" ")[0]] : null;
      const cls = c.kind === "basic" ? "basic-" + slug : "crew";
      return html`<button class="card ${cls} ${first ? "playable" : ""}" data-card=${slug}
          disabled=${!first || busy} aria-disabled=${!first} title=${first ? first.description : c.text}
          onClick=${() => first && act(first.text)}>
        ${n > 1 ? html`<span class="count">×${n}</span>` : ""}
        <div class="title">${c.name}</div>
        <div class="sub">${c.kind === "crew" ? c.crewKind + " · crew" : "action card"}</div>
        <div class="text">${c.text}</div>
        <div class="foot">${verb ? html`<span class="pill" style="color:var(--accent-2)">${verb}${verb === "Play" ? html`<span class="cost">${playCost(first)}</span>` : ""}</span>` : html`<span></span>`}</div>
      </button>`;
    })}
  </div>`;
}

export function Objectives({ me }) {
  if (!me || !me.objectives) return null;
  return html`<div class="cards" aria-label="My objectives">
    ${me.objectives.length ? me.objectives.map((s) => {
      const o = objective(s);
      return html`<div class="card objective oc-${o.color}" title=${o.text}><div class="title">${o.name}</div><div class="text">${o.text}</div></div>`;
    }) : html`<span class="muted small">No objective held.</span>`}
  </div>`;
}

/** A log line with the engine's seat labels (P1…P5) replaced by the players' display names. */
export function named(text, names) {
  return names ? text.replace(/\bP([1-5])\b/g, (label, d) => names["p" + d] || label) : text;
}

/** The plain-language log (each line's rule a link beside it, routine lines folded); follows the newest line. */
export function Log({ log, names }) {
  return html`<${GameLog} log=${log} line=${(text) => named(text, names)} game="moonrakers" />`;
}

export { cardName };

/** What the symbols mean (nothing to guess). */
export function Legend() {
  return html`<section class="panel" aria-label="Legend">
    <h2><span>Legend</span></h2>
    <div class="legend">
      ${REQS.map((r) => html`<span class="req-${r.key}">${r.glyph} ${r.label}</span>`)}
      <span class="prestige">★ Prestige</span><span class="credits">¢ credits</span>
      <span><span class="die" style="width:13px;height:13px;font-size:8px">✹</span> hazard icon</span>
      <span>⬢ blocks stop icons</span>
      <span><span class="badge ml">ML</span> Mission Leader</span><span>pool / target</span>
      <span class="small"><span class="rule-link" aria-hidden="true">§</span> opens the rule behind a line</span>
    </div>
  </section>`;
}
