// The decision of the Space Lanes table: what the engine asks now, with a nicer control where one helps
// (the Trade with several units at once through the intents route, the fuel to burn, the engagement
// dialog with its odds and the Missiles/Countermeasures chain, the whole PvP proposal in one form). Every
// other legal action is a button with the engine's description, so no legal choice is ever hidden.
import { useRef, useState } from "preact/hooks";
import { html } from "../html.js";
import { GOODS, GOOD, card, cardName, kindOf } from "./catalog.js";
import { slotName } from "./panels.js";

const HEADLINES = {
  "setup.start": "Choose the settlement you start on: click it on the map",
  turn: "Your turn: Trade and Travel in either order, or Odd Jobs",
  trade: "Trade: buy and sell, buy cards, discard once, pawn, repair, the feature",
  fuel: "Burn fuel: discard a card from your hand for this move",
  target: "Choose where the card goes: click a lit space on the map",
  respond: "Another captain just moved: play a card now, or pass",
  "engage.choose": "Engagement: Win, Escape or Parlay",
  "engage.after_roll": "Engagement: the dice are rolled",
  "engage.escape": "You escaped: leave the card or move it to another lane",
  "engage.parlay": "Parlay: discard the card, leave it or move it",
  chain: "Missiles and Countermeasures: answer the card just played, or pass",
  "pvp.propose": "Player vs Player trade: make your proposal",
  "pvp.pick": "Which card of that kind do you ask for?",
  "pvp.answer": "A trade proposal for you: accept, decline or counter",
  "pvp.loot": "You won the fight: take goods and cards from the loser",
};

const WAITING = {
  "setup.start": "choosing a starting settlement",
  turn: "taking a turn",
  trade: "trading",
  fuel: "burning fuel",
  target: "placing a card",
  respond: "deciding whether to respond",
  chain: "answering in a Missiles/Countermeasures chain",
  "pvp.propose": "making a trade proposal",
  "pvp.answer": "answering a trade proposal",
  "pvp.loot": "taking loot",
};

export function headline(decision) {
  return HEADLINES[decision] || decision || "";
}

export function waitingFor(decision) {
  if (!decision) return "";
  if (WAITING[decision]) return WAITING[decision];
  if (decision.startsWith("engage.")) return "in an engagement";
  return "deciding";
}

function Choice({ a, act, busy, label, cls }) {
  return html`<button class="btn choice ${cls || ""}" disabled=${busy} onClick=${() => act(a.text)} data-action=${a.text}
    title=${a.text}>${label || a.description}</button>`;
}

/** Every legal action that no nicer control shows. */
export function OtherChoices({ legal, used, act, busy, title }) {
  const rest = [...legal.values()].filter((a) => !used.has(a.text));
  if (!rest.length) return null;
  return html`<div class="others"><div class="small muted">${title || "Your choices"}</div>
    <div class="choices" role="group">${rest.map((a) => html`<${Choice} a=${a} act=${act} busy=${busy} />`)}</div></div>`;
}

// ------------------------------------------------------------------ the Trade (L5)
function Units({ max, value, onInput, label }) {
  return html`<input type="number" class="units" min="1" max=${Math.max(1, max)} value=${value} aria-label=${label}
    onInput=${(e) => onInput(Math.max(1, Math.min(Math.max(1, max), parseInt(e.target.value || "1", 10) || 1)))} />`;
}

function GoodRow({ g, f, intent, busy }) {
  const [buyN, setBuyN] = useState(Math.min(5, Math.max(1, f.max_buy)));
  const [sellN, setSellN] = useState(Math.max(1, f.max_sell));
  const b = Math.min(buyN, Math.max(1, f.max_buy));
  const s = Math.min(sellN, Math.max(1, f.max_sell));
  return html`<tr data-good=${g.slug}>
    <td><span class="good g-${g.slug}">${g.glyph}</span> ${g.label}</td>
    <td class="num">${f.buy || "—"}</td><td class="num">${f.sell || "—"}</td>
    <td class="num">${f.carried}${f.bought ? html`<span class="small muted"> (${f.bought} new)</span>` : ""}</td>
    <td>${f.max_buy > 0 ? html`<${Units} max=${f.max_buy} value=${b} onInput=${setBuyN} label=${"units of " + g.label + " to buy"} />
      <button class="btn tiny primary" disabled=${busy} data-intent=${"buy " + g.slug}
        onClick=${() => intent({ kind: "trade", action: "buy", good: g.slug, units: b })}>Buy ${b} · ¢${b * f.buy}</button>
      <span class="small muted"> max ${f.max_buy}</span>` : html`<span class="small muted">${f.buy ? "none to buy" : "not sold here"}</span>`}</td>
    <td>${f.max_sell > 0 ? html`<${Units} max=${f.max_sell} value=${s} onInput=${setSellN} label=${"units of " + g.label + " to sell"} />
      <button class="btn tiny good" disabled=${busy} data-intent=${"sell " + g.slug}
        onClick=${() => intent({ kind: "trade", action: "sell", good: g.slug, units: s })}>Sell ${s} · ¢${s * f.sell}</button>` : html`<span class="small muted">${f.sell ? (f.carried ? "bought this Visit" : "none aboard") : "not bought here"}</span>`}</td>
  </tr>`;
}

/** Buy and sell several units in one action; discard a run of cards once (L5). */
export function TradeForm({ form, disc, you, intent, busy }) {
  const [picked, setPicked] = useState([]);
  const toggle = (i) => setPicked(picked.includes(i) ? picked.filter((x) => x !== i) : [...picked, i]);
  return html`<div class="tradeform">
    ${form.opens_trade ? html`<div class="small muted">Buying or selling here opens your Trade for this turn (one Trade a turn).</div>` : ""}
    <table class="market" aria-label="Market">
      <thead><tr><th>good</th><th>buy at</th><th>sell at</th><th>aboard</th><th>buy</th><th>sell</th></tr></thead>
      <tbody>${GOODS.filter((g) => form.goods[g.slug]).map((g) => html`<${GoodRow} key=${g.slug + form.goods[g.slug].carried + form.goods[g.slug].max_buy} g=${g} f=${form.goods[g.slug]} intent=${intent} busy=${busy} />`)}</tbody>
    </table>
    <div class="small muted">hold: ${form.cargo_room} free · ¢${form.credits} · at most 5 of one good per Visit; goods bought in this Visit are not sold in it</div>
    ${disc && you ? html`<div class="discard"><span class="small">Discard (once per Trade):</span>
      ${you.hand.map((c, i) => html`<label class="pick ${picked.includes(i) ? "on" : ""}"><input type="checkbox" checked=${picked.includes(i)}
        onChange=${() => toggle(i)} data-discard=${c} />${cardName(c)}</label>`)}
      <button class="btn tiny" disabled=${busy || !picked.length} data-intent="discard"
        onClick=${() => { intent({ kind: "discard", cards: picked.map((i) => you.hand[i]) }); setPicked([]); }}>Discard ${picked.length || ""}</button></div>` : ""}
  </div>`;
}

/** Buying action cards once per Trade (L5): one `draw n` action, 100 credits a card. */
export function DrawCards({ legal, act, busy, used }) {
  const opts = [...legal.values()].filter((a) => /^draw \d+$/.test(a.text));
  const [n, setN] = useState(opts.length ? opts.length : 1);
  if (!opts.length) return null;
  opts.forEach((a) => used.add(a.text));
  const k = Math.min(n, opts.length);
  return html`<div class="row small" style="margin-top:4px">Buy action cards (once per Trade, ¢100 each):
    <select aria-label="cards to buy" value=${k} onChange=${(e) => setN(parseInt(e.target.value, 10))}>
      ${opts.map((a, i) => html`<option value=${i + 1}>${i + 1}</option>`)}</select>
    <button class="btn tiny" disabled=${busy} data-action=${"draw " + k} onClick=${() => act("draw " + k)}>Buy ${k} card${k > 1 ? "s" : ""} · ¢${k * 100}</button></div>`;
}

// ------------------------------------------------------------------ moving with fuel (L6)
export function FuelPicker({ move, you, view, intent, busy, cancel }) {
  const [picked, setPicked] = useState([]);
  const toggle = (i) => setPicked(picked.includes(i) ? picked.filter((x) => x !== i) : picked.length < move.fuel ? [...picked, i] : picked);
  const where = slotName(view, move.to);
  return html`<div class="fuelpicker" role="dialog" aria-label="Fuel">
    <div><b>${move.jump ? "Jump to" : "Move toward"} ${where}</b>: ${move.cost}. Choose ${move.fuel} card${move.fuel > 1 ? "s" : ""}:</div>
    <div class="choices">${you.hand.map((c, i) => html`<label class="pick ${picked.includes(i) ? "on" : ""}"><input type="checkbox"
      checked=${picked.includes(i)} onChange=${() => toggle(i)} data-fuel=${c} />${kindOf(c).glyph} ${cardName(c)}</label>`)}</div>
    <div class="row"><button class="btn primary" disabled=${busy || picked.length !== move.fuel} data-intent="move"
      onClick=${() => intent({ kind: "move", to: move.to, jump: move.jump, fuel: picked.map((i) => you.hand[i]) })}>Burn and move</button>
      <button class="btn" onClick=${cancel}>Cancel</button></div>
  </div>`;
}

// ------------------------------------------------------------------ engagements (L14-L17)
function pct(x) {
  return Math.round(x * 100) + "%";
}

function Dice({ roll, mod }) {
  if (roll === null || roll === undefined) return html`<span class="die pending">?</span>`;
  return html`<span class="die big">${roll}</span>${mod ? html` <span class="small">+${mod}</span>` : ""} = <b>${roll + (mod || 0)}</b>`;
}

const OPTION_LABELS = {
  "engage win": "Win",
  "engage escape": "Escape",
  "parlay faction": "Parlay with a Faction token",
  "parlay toll": "Parlay: pay the toll",
  accept: "Accept the roll",
  "re-roll": "Roll again",
};

/** The engagement dialog: the card, the choice with the odds of each, cards before/after the roll, the chain. */
export function Engagement({ view, body, names, me, legal, act, busy, advice }) {
  const used = new Set();
  const e = view.engagement;
  // the last chain of this engagement stays on screen after it resolves (the view drops it then)
  const last = useRef({ key: null, chain: [] });
  if (!e) return null;
  const key = `${e.player}.${e.lane}.${e.card}`;
  if (last.current.key !== key) last.current = { key, chain: [] };
  if ((view.chain || []).length) last.current.chain = view.chain;
  const engaged = e.player;
  const isMe = me === engaged;
  const dec = body.decision;
  const opts = advice && advice.engagement ? Object.fromEntries(advice.engagement.options.map((o) => [o.option, o])) : {};
  const myTurnHere = legal.size > 0;
  const k = kindOf(e.card);
  const lane = view.lanes[e.lane];
  const rolled = e.roll !== null && e.roll !== undefined;
  const need = e.choice === "win" ? e.win : e.escape;
  const choiceButtons = [];
  for (const text of ["engage win", "engage escape", "parlay faction", "parlay toll", "accept"]) {
    const a = legal.get(text);
    if (!a) continue;
    used.add(text);
    let odds = "";
    if (text === "engage win") odds = pct(e.win_odds);
    else if (text === "engage escape") odds = pct(e.escape_odds);
    else if (opts[text]) odds = opts[text].odds >= 1 ? "sure" : pct(opts[text].odds);
    const note = opts[text] ? opts[text].note : "";
    choiceButtons.push(html`<button class="btn choice big ${text === "engage win" ? "primary" : ""}" disabled=${busy}
      data-action=${text} onClick=${() => act(text)} title=${a.description}>
      <b>${OPTION_LABELS[text]}</b> <span class="odds">${odds}</span><div class="small">${note || a.description}</div></button>`);
  }
  const sure = [...legal.values()].filter((a) => a.text.startsWith("use ") && !used.has(a.text));
  const plays = [...legal.values()].filter((a) => !a.text.startsWith("use ") && a.text !== "pass" && !used.has(a.text));
  const live = (view.chain || []).length > 0;
  const chain = live ? view.chain : last.current.chain;
  return html`<div class="engage-backdrop"><div class="engage" role="dialog" aria-label="Engagement" data-stage=${dec}>
    <div class="engage-head k-${e.kind}"><span class="big-glyph">${k.glyph}</span>
      <div><div class="small muted">${names[engaged]} ${isMe ? "(you)" : ""} engaged on ${lane && lane.name ? lane.name : "a lane"}</div>
        <div class="title">${e.name} <span class="small muted">${k.label}</span></div>
        <div class="small">${card(e.card).text}</div></div></div>
    <div class="numbers">
      <div><span class="small muted">Win</span> <b>${e.win}+</b> <span class="small">(mods +${e.win_mod}) · ${pct(e.win_odds)}</span></div>
      <div><span class="small muted">Escape</span> <b>${e.escape}+</b> <span class="small">(mods +${e.escape_mod}) · ${pct(e.escape_odds)}</span></div>
      ${e.bounty ? html`<div class="small warn">Bounty on it: ${cardName(e.bounty)}: ${card(e.bounty).text}</div>` : ""}
    </div>
    ${e.choice ? html`<div class="rolled">Chose <b>${e.choice}</b> (needs ${need}+): <${Dice} roll=${e.roll} mod=${e.roll_mod} />
      ${rolled ? (e.roll + e.roll_mod >= need ? html` <span class="good-t">made it</span>` : html` <span class="bad">failed</span>`) : html` <span class="muted">rolling…</span>`}</div>` : ""}
    ${chain.length ? html`<div class="chain ${live ? "" : "done"}" aria-label="Chain"><div class="small muted">${live ? "Chain" : "Chain resolved"} (last played first: each card cancels the one below)</div>
      <ol>${chain.map(([c, q], i) => html`<li class=${(chain.length - i) % 2 === 1 ? "stands" : "cancelled"}>${kindOf(c).glyph} <b>${cardName(c)}</b> by ${names[q]}
        ${i > 0 ? html`<span class="small muted"> cancels ${cardName(chain[i - 1][0])}</span>` : ""}</li>`)}</ol>
      <div class="small">${chain.length % 2 === 1 ? `${cardName(chain[0][0])} stands${live ? " for now" : ""}` : `the chain cancels out${live ? " for now" : ": the engagement goes on"}`}</div></div>` : ""}
    ${choiceButtons.length ? html`<div class="choices">${choiceButtons}</div>` : ""}
    ${sure.length ? html`<div class="small muted" style="margin-top:6px">${rolled ? "After the roll" : dec === "chain" ? "Answer the chain" : "Before the roll"}:
      ${isMe ? "Missiles: a sure Win; Countermeasures: a sure Escape, unless answered" : "Countermeasures give them an automatic Escape"}</div>
      <div class="choices">${sure.map((a) => html`<${Choice} a=${a} act=${act} busy=${busy} cls="card-play sure" />`)}</div>` : ""}
    ${plays.length ? html`<details class="more-plays"><summary class="small">Other cards you may play now (${plays.length})</summary>
      <div class="choices">${plays.map((a) => html`<${Choice} a=${a} act=${act} busy=${busy} cls="card-play" />`)}</div></details>` : ""}
    ${myTurnHere && legal.has("pass") ? html`<div class="choices"><${Choice} a=${legal.get("pass")} act=${act} busy=${busy} label="Pass" /></div>` : ""}
    ${!myTurnHere ? html`<div class="small muted">Waiting for ${names[body.current_player] || "the dice"}…</div>` : ""}
  </div></div>`;
}

// ------------------------------------------------------------------ Player vs Player trade (L19)
function Side({ title, goods, maxGoods, credits, maxCredits, cards, set, side, ship, hand, handOptions }) {
  return html`<fieldset class="side"><legend>${title}</legend>
    <div class="row">${GOODS.filter((g) => maxGoods[g.slug] > 0).map((g) => html`<label class="small">${g.glyph} ${g.label}
      <input type="number" min="0" max=${maxGoods[g.slug]} value=${goods[g.slug] || 0} name=${`${side}-${g.slug}`}
        onInput=${(e) => set({ goods: { ...goods, [g.slug]: Math.max(0, Math.min(maxGoods[g.slug], parseInt(e.target.value || "0", 10) || 0)) } })} /></label>`)}
      <label class="small">¢ credits <input type="number" step="100" min="0" max=${maxCredits} value=${credits} name=${`${side}-credits`}
        onInput=${(e) => set({ credits: Math.max(0, Math.min(maxCredits, Math.floor((parseInt(e.target.value || "0", 10) || 0) / 100) * 100)) })} /></label></div>
    ${ship.length ? html`<div class="small">Ship cards: ${ship.map((c) => html`<label class="pick ${cards.ship.includes(c) ? "on" : ""}">
      <input type="checkbox" checked=${cards.ship.includes(c)} name=${`${side}-ship-${c}`}
        onChange=${() => set({ ship: cards.ship.includes(c) ? cards.ship.filter((x) => x !== c) : [...cards.ship, c] })} />${cardName(c)}</label>`)}</div>` : ""}
    ${hand ? html`<div class="small">Hand cards: ${hand.map((c, i) => html`<label class="pick ${cards.handIdx.includes(i) ? "on" : ""}">
      <input type="checkbox" checked=${cards.handIdx.includes(i)} name=${`${side}-hand-${c}`}
        onChange=${() => set({ handIdx: cards.handIdx.includes(i) ? cards.handIdx.filter((x) => x !== i) : [...cards.handIdx, i] })} />${cardName(c)}</label>`)}</div>` : ""}
    ${handOptions ? html`<div class="small">Ask for a hand card by name (their hand is hidden; only its size is known):
      <select name=${`${side}-hand-add`} onChange=${(e) => { if (e.target.value) set({ hand: [...cards.hand, e.target.value] }); e.target.value = ""; }}>
        <option value="">— choose —</option>${handOptions.map((c) => html`<option value=${c.slug}>${c.name} (${kindOf(c.slug).label})</option>`)}</select>
      ${cards.hand.map((c, i) => html` <span class="chip">${cardName(c)} <button type="button" class="btn tiny" onClick=${() => set({ hand: cards.hand.filter((_, j) => j !== i) })}>×</button></span>`)}</div>` : ""}
  </fieldset>`;
}

/** The whole proposal in one form (the server's `intent.proposal`), sent as one intent. */
export function ProposalForm({ form, view, me, names, intent, busy, allCards }) {
  const other = form.with[0];
  const [to, setTo] = useState(other);
  const mine = view.ships[me];
  const theirs = view.ships[to];
  const you = view.you;
  const [give, setGive] = useState({ goods: {}, credits: 0, ship: [], handIdx: [], hand: [] });
  const [ask, setAsk] = useState({ goods: {}, credits: 0, ship: [], handIdx: [], hand: [] });
  const tradeable = (c) => ["missiles", "countermeasures", "fuel_burn", "repair_kit", "upgrade", "crew"].includes(card(c).kind);
  const send = (empty) => {
    const out = { kind: "proposal" };
    if (form.opens) out.to = to;
    if (!empty) {
      out.give = { goods: give.goods, credits: give.credits, ship: give.ship, hand: give.handIdx.map((i) => you.hand[i]) };
      out.ask = { goods: ask.goods, credits: ask.credits, ship: ask.ship, hand: ask.hand };
    }
    intent(out);
  };
  return html`<form class="proposal" aria-label="Trade proposal" onSubmit=${(e) => { e.preventDefault(); send(false); }}>
    <div class="small">${form.counters ? "Counter-proposal" : "Proposal"} ${form.opens && form.with.length > 1 ? html`to
      <select name="to" value=${to} onChange=${(e) => setTo(parseInt(e.target.value, 10))}>${form.with.map((q) => html`<option value=${q}>${names[q]}</option>`)}</select>`
      : html`to <b>${names[to]}</b>`} · round ${form.round + 1} of ${form.max_rounds} · proposals are public</div>
    <div class="sides">
      <${Side} title="You give" side="give" goods=${give.goods} maxGoods=${mine.cargo} credits=${give.credits} maxCredits=${mine.credits}
        cards=${give} set=${(p) => setGive({ ...give, ...p })} ship=${mine.ship.filter(tradeable)} hand=${you.hand} />
      <${Side} title=${"You ask of " + names[to]} side="ask" goods=${ask.goods} maxGoods=${theirs.cargo} credits=${ask.credits} maxCredits=${theirs.credits}
        cards=${ask} set=${(p) => setAsk({ ...ask, ...p })} ship=${theirs.ship.filter(tradeable)} handOptions=${allCards} />
    </div>
    <div class="row"><button type="submit" class="btn primary" disabled=${busy} data-intent="proposal">Send proposal</button>
      ${form.round === 0 && !form.counters ? html`<button type="button" class="btn" disabled=${busy} onClick=${() => send(true)}>Ask ${names[to]} to propose</button>` : ""}</div>
  </form>`;
}

function sideWords(side) {
  const parts = [];
  if (side.credits) parts.push(`¢${side.credits}`);
  for (const [g, n] of Object.entries(side.goods || {})) parts.push(`${n} ${GOOD[g] ? GOOD[g].label : g}`);
  for (const c of side.ship || []) parts.push(cardName(c));
  for (const c of side.hand || []) parts.push(cardName(c) + " (hand)");
  return parts.length ? parts.join(", ") : "nothing";
}

/** The trade on the table (public to all: both ships share a Space). */
export function OfferBox({ offer, names }) {
  if (!offer) return null;
  return html`<div class="offer" aria-label="Trade on the table"><div class="small muted">Trade between ${names[offer.from]} and ${names[offer.to]} · round ${offer.round + 1} · ${offer.stage}</div>
    <div><b>${names[offer.from]}</b> gives: ${sideWords(offer.give)}</div>
    <div><b>${names[offer.from]}</b> asks: ${sideWords(offer.ask)}</div></div>`;
}
