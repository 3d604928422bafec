// The focus of the Moonrakers table: the contract at stake and the current decision's controls.
// Nicer controls cover negotiation (one proposal form, one offer), execution and buying; every other
// legal action is listed as a button with the engine's description, so no legal choice is hidden.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { html } from "../html.js";
import { REQS, FACTION_NAMES, actionCard, cardName, contract, objective, part } from "./catalog.js";
import { ContractCard, Dice, Faction, PartChip, named } from "./pieces.js";
import { RuleLink, decisionRule } from "../teach.js";

const HEADLINES = {
  "setup.objectives": "Choose the objective to put back",
  planning: "Planning: take a contract, swap one for 1 credit, or Stay at Base",
  "stay.objective": "Stay at Base: keep one of the two objectives drawn",
  "stay.replace": "Stay at Base: you may replace one contract for free",
  "negotiation.open": "Negotiation: make a proposal, start, or go solo",
  "negotiation.answer": "You are invited: accept or decline the offer",
  "execution.play": "Your play: one card, one ability, or pass",
  buying: "Buying: buy Armory cards at their printed cost",
  "bonus-card": "Bonus card: take the top crew card or ship part",
  "scrap-part": "Your ship is full: remove one part",
  "reputation.window": "Binding Ties: spend or trade reputation, or carry on",
  "choice.rep-pay": "Binding Ties: choose which faction's reputation pays",
  "choice.rep-trash": "Binding Ties: choose the card of your hand to trash",
  "choice.rep-reduce": "Binding Ties: choose the requirement to reduce by 2",
  "choice.rep-block": "Binding Ties: choose the hazard die to block",
};

const WAITING = {
  "setup.objectives": "choosing objectives",
  planning: "planning",
  "stay.objective": "staying at base",
  "stay.replace": "staying at base",
  "negotiation.open": "negotiating",
  "negotiation.answer": "answering the offer",
  "execution.play": "playing",
  buying: "buying",
  "bonus-card": "taking a bonus card",
  "reputation.window": "spending reputation",
};

/** What another seat is doing, in the third person. */
export function waitingFor(decision) {
  if (!decision) return "";
  if (WAITING[decision]) return WAITING[decision];
  if (decision.startsWith("negotiation.")) return "building a proposal";
  return "choosing";
}

export function headline(decision) {
  if (!decision) return "";
  if (HEADLINES[decision]) return HEADLINES[decision];
  const step = { invite: "whom to invite", prestige: "the Prestige shares", credits: "the credit shares",
    bonus: "the bonus cards", dice: "who carries each hazard die", reputation: "the faction reward" }[decision.slice(12)];
  if (decision.startsWith("negotiation.")) return "Building the proposal: " + (step || decision.slice(12));
  if (decision.startsWith("choice.rep") || decision.startsWith("choice.bt")) return "Binding Ties: choose what to gain or how to pay";
  if (decision.startsWith("choice.")) return "Choose how the card's ability resolves";
  return decision;
}

/** A friendlier label for a few terse engine descriptions (paying or gaining a faction's reputation). */
function labelFor(a, decision, me) {
  const m = /^faction (\w+)$/.exec(a.text);
  if (!m) return a.description;
  const f = FACTION_NAMES[m[1]] || m[1];
  const have = me && me.reputation && me.reputation[m[1]] !== undefined ? ` (you have ${me.reputation[m[1]]})` : "";
  if (decision && decision.includes("pay")) return `Pay with ${f} reputation${have}`;
  return `${f} reputation${have}`;
}

function ChoiceButton({ a, act, busy, label, cls }) {
  return html`<span class="choice-wrap"><button class="btn choice ${cls || ""}" disabled=${busy} onClick=${() => act(a.text)} data-action=${a.text}
    title=${`Type “${a.text}” in the terminal for the same choice`}><span class="d">${label || a.description}</span></button>${a.rule ? html`<${RuleLink} game="moonrakers" rule=${a.rule} />` : ""}</span>`;
}

/** Every legal action no nicer control has taken, grouped: Binding Ties spends and trades apart
 * (`repKinds`: the view's `reputation_actions`, the action kinds that spend or trade reputation). */
export function OtherChoices({ legal, used, act, busy, title, decision, player, repKinds }) {
  const rest = [...legal.values()].filter((a) => !used.has(a.text));
  if (!rest.length) return null;
  const kinds = new Set(repKinds || []);
  const isRep = (a) => kinds.has(a.text.split(" ")[0]);
  const bt = rest.filter(isRep);
  const main = rest.filter((a) => !isRep(a));
  return html`<div>
    ${main.length ? html`<div class="small muted" style="margin:4px 0 3px">${title || "Your choices"}</div>
      <div class="choices" role="group">${main.map((a) => html`<${ChoiceButton} a=${a} act=${act} busy=${busy} label=${labelFor(a, decision, player)} />`)}</div>` : ""}
    ${bt.length ? html`<div class="small muted" style="margin:6px 0 3px">Binding Ties: reputation (each states its cost; spent reputation is gone)</div>
      <div class="choices" role="group" aria-label="Reputation spends and trades">${bt.map((a) => html`<${ChoiceButton} a=${a} act=${act} busy=${busy} />`)}</div>` : ""}
  </div>`;
}

// ------------------------------------------------------------------ negotiation
/** The seat key (p1…) of a seat given as a number or a key. */
export function pkey(seat) {
  return typeof seat === "number" ? "p" + (seat + 1) : seat;
}

function terms(neg) {
  return neg.invitees.map((p) => ({ seat: p, share: neg.shares[p] || [0, 0, 0], answer: (neg.answers || {})[p] }));
}

/** The deal on the table (3.3.1): who is invited, each share, the faction reward, the dice. */
export function DealSummary({ neg, names, me }) {
  const c = contract(neg.contract);
  const leader = pkey(neg.player);
  const rows = terms(neg);
  const keep = [c.prestige, c.credits, c.bonus].map((t, k) => t - rows.reduce((s, r) => s + r.share[k], 0));
  return html`<table class="form-table" aria-label="Proposed deal">
    <thead><tr><th>captain</th><th>★ Prestige</th><th>¢ credits</th><th>bonus</th><th>dice</th><th>answer</th></tr></thead>
    <tbody>
      <tr><td>${names[leader] || leader} <span class="badge ml">ML</span></td><td>${keep[0]}</td><td>${keep[1]}</td><td>${keep[2]}</td>
        <td>${neg.dice.filter((d) => d === leader).length}</td><td class="muted">leader</td></tr>
      ${rows.map((r) => html`<tr><td>${names[r.seat]}${r.seat === me ? html` <span class="badge you">you</span>` : ""}</td>
        <td>${r.share[0]}</td><td>${r.share[1]}</td><td>${r.share[2]}</td><td>${neg.dice.filter((d) => d === r.seat).length}</td>
        <td class=${r.answer === "accepted" ? "credits" : r.answer === "declined" ? "bad" : "muted"}>${r.answer || "—"}</td></tr>`)}
    </tbody></table>
    ${neg.reputation_to ? html`<div class="small" style="margin-top:3px">Faction reward (${FACTION_NAMES[c.faction] || ""}) goes to <b>${names[neg.reputation_to]}</b></div>` : ""}`;
}

/** The Mission Leader's whole proposal in one form (from the server's `intent`, 3.3.3). */
export function ProposalForm({ form, names, legal, used, act, intent, busy }) {
  const prev = form.previous;
  const kinds = ["prestige", "credits", "bonus"].filter((k) => form.totals[k] > 0);
  const [inv, setInv] = useState(() => Object.fromEntries(form.can_invite.map((p) => [p, prev ? prev.invite.includes(p) : true])));
  const [shares, setShares] = useState(() => Object.fromEntries(form.can_invite.map((p) => [p, {
    prestige: prev && prev.shares[p] ? prev.shares[p].prestige : 0,
    credits: prev && prev.shares[p] ? prev.shares[p].credits : 0,
    bonus: prev && prev.shares[p] ? prev.shares[p].bonus : 0,
  }])));
  const [rep, setRep] = useState(prev && prev.reputation_to ? prev.reputation_to : form.leader);
  const [dice, setDice] = useState(() => Array.from({ length: form.dice }, (_, i) => (prev && prev.dice[i]) || form.leader));
  const invited = form.can_invite.filter((p) => inv[p]);
  const participants = [form.leader, ...invited];
  const given = (k) => invited.reduce((s, p) => s + (shares[p][k] || 0), 0);
  const problems = [];
  if (!invited.length) problems.push("Invite at least one captain (or go solo).");
  for (const k of kinds) if (given(k) > form.totals[k]) problems.push(`The shares give away ${given(k)} ${k}, the contract pays ${form.totals[k]}.`);
  const diceOk = dice.map((d) => (participants.includes(d) ? d : form.leader));
  const repOk = participants.includes(rep) ? rep : form.leader;
  const send = (e) => {
    e.preventDefault();
    if (problems.length) return;
    const data = { kind: "proposal", invite: invited, shares: {}, dice: diceOk };
    for (const p of invited) data.shares[p] = { ...shares[p] };
    if (form.faction_reward) data.reputation_to = repOk;
    intent(data);
  };
  const setShare = (p, k, v) => setShares({ ...shares, [p]: { ...shares[p], [k]: Math.max(0, Math.min(form.max_share[k], parseInt(v, 10) || 0)) } });
  return html`<form class="offer" onSubmit=${send} aria-label="Proposal">
    <div class="row" style="justify-content:space-between"><b>Proposal ${form.round} of ${form.max_rounds}</b>
      <span class="small muted">the rest of each reward stays with you</span></div>
    <table class="form-table">
      <thead><tr><th>invite</th>${kinds.map((k) => html`<th>${k} (of ${form.totals[k]})</th>`)}</tr></thead>
      <tbody>
        ${form.can_invite.map((p) => html`<tr>
          <td><label><input type="checkbox" checked=${inv[p]} name=${"invite-" + p} onChange=${(e) => setInv({ ...inv, [p]: e.currentTarget.checked })} /> ${names[p]}</label></td>
          ${kinds.map((k) => html`<td><input class="num" type="number" min="0" max=${form.max_share[k]} name=${k + "-" + p} aria-label=${`${k} share for ${names[p]}`}
            value=${shares[p][k]} disabled=${!inv[p]} onInput=${(e) => setShare(p, k, e.currentTarget.value)} /></td>`)}
        </tr>`)}
        <tr><td class="muted">you keep</td>${kinds.map((k) => html`<td class=${given(k) > form.totals[k] ? "bad" : "muted"}>${form.totals[k] - given(k)}</td>`)}</tr>
      </tbody>
    </table>
    <div class="row" style="margin-top:6px; gap:12px">
      ${form.faction_reward ? html`<label>Faction reward <${Faction} f=${form.faction_reward} /> to
        <select class="sel" name="reputation_to" value=${repOk} onChange=${(e) => setRep(e.currentTarget.value)}>
          ${participants.map((p) => html`<option value=${p}>${names[p]}</option>`)}</select></label>` : ""}
      ${dice.map((d, i) => html`<label>Hazard die ${i + 1} →
        <select class="sel" name=${"die-" + (i + 1)} value=${diceOk[i]} onChange=${(e) => { const nd = [...dice]; nd[i] = e.currentTarget.value; setDice(nd); }}>
          ${participants.map((p) => html`<option value=${p}>${names[p]}</option>`)}</select></label>`)}
    </div>
    ${problems.length ? html`<div class="small bad" style="margin-top:4px">${problems.join(" ")}</div>` : ""}
    <div class="row" style="margin-top:8px">
      <button class="btn primary" type="submit" disabled=${busy || problems.length > 0}>Send proposal to ${invited.map((p) => names[p]).join(", ") || "…"}</button>
      <span class="small muted">free · invitees answer in seat order</span>
    </div>
  </form>`;
}

/** An invitee's view of the proposal: one clear offer with Accept and Decline (3.3.3). */
export function Offer({ neg, me, names, legal, used, act, busy }) {
  const c = contract(neg.contract);
  const mine = neg.shares[me] || [0, 0, 0];
  const myDice = neg.dice.filter((d) => d === me).length;
  const accept = legal.get("accept");
  const decline = legal.get("decline");
  return html`<div class="offer" aria-label="Offer">
    <div><b>${names[pkey(neg.player)]}</b> invites you to <b>${c.name}</b> (proposal ${neg.round} of 3).</div>
    <div class="row" style="margin:6px 0; gap:8px; font-size:14px">
      <span>Your share:</span>
      <span class="pill prestige">★ ${mine[0]} Prestige</span>
      <span class="pill credits">¢ ${mine[1]} credits</span>
      ${c.bonus ? html`<span class="pill">${mine[2]} bonus</span>` : ""}
      ${neg.reputation_to === me ? html`<span class="pill f-${c.faction}"><span class="brand"></span>the ${FACTION_NAMES[c.faction]} reward</span>` : ""}
      <span class="pill" title="hazard dice that will target you">${myDice} hazard ${myDice === 1 ? "die" : "dice"} on you</span>
    </div>
    <div class="small muted">Paid only if the contract succeeds. Joining obliges you to nothing: you play cards only if you want to.</div>
    <div class="row" style="margin-top:8px">
      ${accept ? html`<button class="btn good" disabled=${busy} onClick=${() => act("accept")} data-action="accept">Accept the offer</button>` : ""}
      ${decline ? html`<button class="btn bad" disabled=${busy} onClick=${() => act("decline")} data-action="decline">Decline</button>` : ""}
    </div>
    <details open style="margin-top:6px"><summary class="small muted">The whole deal</summary><${DealSummary} neg=${neg} names=${names} me=${me} /></details>
  </div>`;
}

// ------------------------------------------------------------------ execution
/** The execution board: pooled requirements against targets, dice and whom they target, blocks. */
/** The Mercenary row (§8): a card that may be hired now is lit; clicking it hires it (its fee is paid on success). */
function MercenaryRow({ merc, legal, act, busy }) {
  return html`<div style="margin-top:6px"><div class="small muted">Mercenary row · deck ${merc.deck}: hire one instead of playing from your hand; its fee is due on success</div>
    <div class="cards" style="margin-top:3px">${merc.row.map((slug) => {
      const c = actionCard(slug);
      const a = legal.get("merc " + slug);
      return html`<button class="card mini ${c.kind === "basic" ? "basic-" + slug : "crew"} ${a ? "playable" : ""}" style="width:110px" data-merc=${slug}
        disabled=${!a || busy} title=${a ? a.description : c.text} onClick=${() => a && act(a.text)}>
        <div class="title">${c.name}</div><div class="text">${c.text}</div>
        ${a ? html`<div class="foot"><span class="pill" style="color:var(--accent-2)">Hire<span class="cost">no Action · fee on success</span></span></div>` : ""}</button>`;
    })}</div></div>`;
}

export function ExecutionBoard({ ex, names, view, legal, act, busy }) {
  const c = contract(ex.contract);
  const playing = view.decision && view.decision.decision === "execution.play";
  const met = REQS.filter((r, t) => ex.pool[t] >= ex.target[t]).length;
  // only the requirements the contract asks for count (a target of 0 is met before anyone plays)
  const asked = REQS.map((r, t) => ({ ...r, t })).filter((r) => ex.target[r.t] > 0);
  const missing = asked.filter((r) => ex.pool[r.t] < ex.target[r.t]);
  return html`<div>
    <div class="small" style="margin-bottom:4px" data-requirements>${view.phase !== "execution"
      ? (met === REQS.length ? html`<span class="credits">The contract succeeded.</span>` : html`<span class="bad">The contract failed: ${REQS.filter((r, t) => ex.pool[t] < ex.target[t]).map((r) => `${ex.target[REQS.indexOf(r)] - ex.pool[REQS.indexOf(r)]} ${r.label}`).join(", ")} short.</span>`)
      : met === REQS.length
        ? html`<span class="credits">Every requirement is met</span>: the contract succeeds when play ends.`
        : html`Requirements met: <b>${asked.length - missing.length}</b> of ${asked.length}; still missing ${missing.map((r) => `${ex.target[r.t] - ex.pool[r.t]} ${r.label}`).join(", ")}. Play ends when everyone passes in a row.`}</div>
    <div class="reqs" aria-label="Requirements">
      ${REQS.map((r, t) => {
        const pool = ex.pool[t];
        const target = ex.target[t];
        const met = pool >= target;
        return html`<div class="req ${met && target > 0 ? "met" : ""} ${target === 0 && pool === 0 ? "dim" : ""}" style=${"--c:var(--" + r.key + ")"}>
          <div class="lbl req-${r.key}">${r.glyph} ${r.label}</div>
          <div class="val">${pool}<span class="muted small"> / ${target}${target !== c.req[r.key] ? ` (printed ${c.req[r.key]})` : ""}</span></div>
          <div class="bar"><div style=${`width:${target ? Math.min(100, (100 * pool) / target) : 100}%`}></div></div>
        </div>`;
      })}
    </div>
    <div class="seats">
      ${ex.participants.map((p) => {
        const dice = ex.dice[p] || [];
        const icons = dice.reduce((s, x) => s + x, 0);
        const blocks = ex.blocks[p] || 0;
        const loss = Math.max(0, icons - blocks);
        const deal = ex.deal[p] || [0, 0, 0];
        return html`<div class="seatbox ${playing && ex.to_act === p ? "acting" : ""}">
          <div class="row" style="justify-content:space-between"><b>${names[p]}</b>
            ${playing && ex.to_act === p ? html`<span class="badge turn">to act</span>` : ""}</div>
          <div class="row small">Dice on ${names[p]}: ${dice.length ? html`<${Dice} n=${dice.length} faces=${dice} />` : html`<span class="muted">none</span>`}</div>
          <div class="row small">⬢ blocks ${blocks} · icons ${icons} ·
            <span class=${loss ? "bad" : "credits"}>${loss ? `−${loss} Prestige if unblocked` : "all blocked"}</span></div>
          <div class="row small">Actions left <b>${ex.actions[p]}</b> · share ★${deal[0]} ¢${deal[1]}${deal[2] ? ` +${deal[2]} bonus` : ""}</div>
          <div class="row small">${(ex.played[p] || []).map((s) => html`<span class="part-chip">${cardName(s)}</span>`)}</div>
        </div>`;
      })}
    </div>
    ${view.mercenary ? html`<${MercenaryRow} merc=${view.mercenary} legal=${legal} act=${act} busy=${busy} />` : ""}
  </div>`;
}

// ------------------------------------------------------------------ buying
function buyItem(slug) {
  const p = part(slug);
  if (p.brand) return { name: p.name, cost: p.cost, text: p.text, sub: `${FACTION_NAMES[p.brand]} part · adds ${p.cards.join(", ")}`, brand: p.brand };
  const c = actionCard(slug);
  return { name: c.name, cost: c.cost, text: c.text, sub: `${c.crewKind} crew · ${c.role || ""}` };
}

/** The ML's buy phase: each Armory card with its cost and a Buy button; Armory discards (3.5). */
export function Buying({ view, me, legal, used, act, busy, form }) {
  const row = [...view.crew_row, ...view.part_row].filter(Boolean);
  const swapCost = form && form.kind === "buying" ? form.armory_swap_cost : null;
  return html`<div>
    <div class="small" style="margin-bottom:4px">You have <b class="credits">¢ ${me ? me.credits : 0}</b>.
      ${swapCost !== null && swapCost !== undefined ? html` Discarding an Armory card now costs <b class="cost">${swapCost ? swapCost + " cr" : "nothing"}</b>.` : ""}</div>
    <div class="buylist">
      ${row.map((slug) => {
        const it = buyItem(slug);
        const buy = legal.get("buy " + slug);
        const swap = legal.get("armory-swap " + slug);
        return html`<div class="buyitem ${it.brand ? "part f-" + it.brand : "crew"}" data-card=${slug}>
          <div class="row" style="justify-content:space-between; gap:3px 6px"><span class="title">${it.name}</span>
            <span class="row" style="flex-wrap:nowrap">
            <button class="btn tiny primary" disabled=${!buy || busy} title=${buy ? buy.description : "Not enough credits"} onClick=${() => act("buy " + slug)} data-action=${"buy " + slug}>Buy<span class="cost" style="color:inherit">${it.cost} cr</span></button>
            ${swap ? html`<button class="btn tiny" disabled=${busy} title=${swap.description} onClick=${() => act("armory-swap " + slug)} data-action=${"armory-swap " + slug}>Discard<span class="cost">${swapCost ? swapCost + " cr" : "free"}</span></button>` : ""}
            </span></div>
          <div class="sub">${it.sub}</div><div class="text">${it.text}</div></div>`;
      })}
    </div>
  </div>`;
}

// ------------------------------------------------------------------ end of game
/** Final standings (7.1): Prestige, credits, objectives, parts; the winners first. */
export function Standings({ view, names }) {
  const rows = [...view.players].sort((a, b) => b.prestige - a.prestige || b.credits - a.credits);
  const winners = new Set(view.winners || []);
  return html`<div>
    <h3>The game is over. ${[...winners].map((w) => names[w]).join(" and ")} ${winners.size > 1 ? "win" : "wins"}!</h3>
    <table class="standings" aria-label="Final standings">
      <thead><tr><th>#</th><th>captain</th><th>★ Prestige</th><th>¢ credits</th><th>objectives claimed</th><th>parts</th></tr></thead>
      <tbody>${rows.map((p, i) => html`<tr class=${winners.has(p.seat) ? "win" : ""}><td>${i + 1}</td><td>${names[p.seat]}</td>
        <td>${p.prestige}</td><td>${p.credits}</td><td>${p.claimed.length} ${p.claimed.map((o) => objective(o).name).join(", ")}</td>
        <td><span class="parts">${p.parts.map((s) => html`<${PartChip} slug=${s} />`)}</span></td></tr>`)}</tbody>
    </table>
  </div>`;
}

// ------------------------------------------------------------------ the whole focus panel
/** What happened since my last move (a digest of the log), while others decide. */
function SinceMyMove({ log, lastMove, names, spectator }) {
  const lines = log.filter((l) => spectator || l.n >= lastMove).slice(-9);
  if (!lines.length) return null;
  return html`<div class="digest"><div class="small muted">${spectator ? "Latest moves" : "Since your last move"}</div>
    <ul>${lines.map((l) => html`<li>${named(l.text, names)}</li>`)}</ul></div>`;
}

export function Focus({ body, view, me, names, legal, act, intent, busy, handUsed, lastMove, coach }) {
  const myPlayer = view.players.find((p) => p.seat === me);
  const mine = legal.size > 0;
  const decision = view.decision ? view.decision.decision : null;
  // a card ability's choice (or a Binding Ties trash) names hand cards: list them in this panel too
  const used = new Set(decision && decision.startsWith("choice.") ? [] : handUsed);
  for (const t of legal.keys()) if (/^(take|swap|replace) /.test(t)) used.add(t);
  const neg = view.negotiation;
  const ex = view.execution;
  const form = body.intent;
  const panel = useRef(null);
  useEffect(() => {
    if (mine && panel.current && !panel.current.contains(document.activeElement)) panel.current.focus({ preventScroll: true });
  }, [body.version]);

  let stage = null;
  if (body.terminal) {
    stage = html`${body.message ? html`<div class="notice">${body.message}</div>` : ""}<${Standings} view=${view} names=${names} />`;
  } else if (ex) {
    stage = html`<div class="row stage">
      <div class="stage-card"><${ContractCard} slug=${ex.contract} big=${true} note=${html`<span class="badge turn">execution</span>`} /></div>
      <div class="stage-main"><${ExecutionBoard} ex=${ex} names=${names} view=${view} legal=${legal} act=${act} busy=${busy} /></div></div>`;
    for (const t of legal.keys()) if (t.startsWith("merc ")) used.add(t);
  } else if (neg) {
    let side;
    const accepted = neg.accepted || [];
    if (mine && decision === "negotiation.open" && accepted.length && legal.has("start")) {
      // the deal stands: say so, show it, and make Start the obvious next step (a new proposal stays possible)
      for (const t of legal.keys()) if (t === "start" || t === "propose" || /^(invite|exclude|prestige|credits|bonus|reputation|die) /.test(t)) used.add(t);
      side = html`<div class="deal-stands" aria-label="The deal stands">
        <div class="headline"><b>The deal stands:</b> ${accepted.map((p) => names[p]).join(" and ")} ${accepted.length > 1 ? "have" : "has"} accepted.</div>
        <${DealSummary} neg=${neg} names=${names} me=${me} />
        <div class="row" style="margin-top:6px"><button class="btn primary" disabled=${busy} data-action="start" onClick=${() => act("start")}>
          Start the mission with ${accepted.map((p) => names[p]).join(" and ")}</button>
          <span class="small muted">hazard dice are rolled, then everyone plays cards</span></div>
        ${form && form.kind === "proposal" ? html`<details class="small" style="margin-top:6px"><summary>Make a new proposal instead (round ${form.round} of ${form.max_rounds})</summary>
          <${ProposalForm} key=${form.contract + form.round} form=${form} names=${names} legal=${legal} used=${used} act=${act} intent=${intent} busy=${busy} /></details>` : ""}
      </div>`;
    } else if (mine && form && form.kind === "proposal") {
      for (const t of legal.keys()) if (t === "propose" || /^(invite|exclude|prestige|credits|bonus|reputation|die) /.test(t)) used.add(t);
      side = html`<${ProposalForm} key=${form.contract + form.round} form=${form} names=${names} legal=${legal} used=${used} act=${act} intent=${intent} busy=${busy} />`;
    } else if (mine && decision === "negotiation.answer") {
      used.add("accept");
      used.add("decline");
      side = html`<${Offer} neg=${neg} me=${me} names=${names} legal=${legal} used=${used} act=${act} busy=${busy} />`;
    } else if (neg.invitees.length) {
      side = html`<${DealSummary} neg=${neg} names=${names} me=${me} />`;
    } else {
      side = html`<div class="muted">${names[pkey(neg.player)]} is preparing a proposal…</div>`;
    }
    stage = html`<div class="row stage">
      <div class="stage-card"><${ContractCard} slug=${neg.contract} big=${true} note=${html`<span class="badge ml">negotiation</span>`} /></div>
      <div class="stage-main">${side}</div></div>`;
  } else if (mine && decision === "buying") {
    for (const t of legal.keys()) if (/^(buy|armory-swap) /.test(t)) used.add(t);
    stage = html`<${Buying} view=${view} me=${myPlayer} legal=${legal} used=${used} act=${act} busy=${busy} form=${form} />`;
  } else if (decision === "setup.objectives" || decision === "stay.objective") {
    const list = view.decision.dealt || view.decision.drawn || [];
    stage = list.length ? html`<div class="cards">${list.map((s) => {
      const o = objective(s);
      return html`<div class="card objective oc-${o.color}"><div class="title">${o.name}</div><div class="text">${o.text}</div></div>`;
    })}</div>` : null;
  }
  const who = view.decision ? names[view.decision.player] : "";
  // in the execution the board fills the panel: Pass and the abilities go above it, always in sight
  const choicesFirst = decision === "execution.play";
  const choices = mine ? html`<${OtherChoices} legal=${legal} used=${used} act=${act} busy=${busy} decision=${decision} player=${myPlayer}
      repKinds=${view.reputation_actions}
      title=${choicesFirst ? "Your play: click a lit card in your hand (each says what it costs: 1 Action, or free), or one of these" : null} />` : "";
  return html`<section class="panel focus decision ${mine ? "" : "waiting"} scroll grow" tabindex="-1" ref=${panel} aria-label="Current decision">
    <h3>${body.terminal ? "Final standings" : mine ? html`${headline(decision)} <${RuleLink} game="moonrakers" rule=${decisionRule(body.legal_actions)} />` : `Waiting for ${who}${decision ? ": " + waitingFor(decision) : ""}`}</h3>
    ${coach || ""}
    ${choicesFirst ? choices : ""}
    ${stage}
    ${!mine && !body.terminal && !ex ? html`<${SinceMyMove} log=${body.log || []} lastMove=${lastMove || 0} names=${names} spectator=${me === null || me === undefined} />` : ""}
    ${choicesFirst ? "" : choices}
  </section>`;
}
