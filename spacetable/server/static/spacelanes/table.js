// The Space Lanes table, fitted to a 1366×768 screen. Left: the captains and my ship. Centre: the map
// and the decision (with the engagement dialog over it). Right: my goal, my hand and the log.
import { useEffect, useMemo, useState } from "preact/hooks";
import { html } from "../html.js";
import { gameOverText } from "../generic.js";
import { useDefaultBot } from "../seats.js";
import { UndoButton } from "../undo.js";
import { api, tokenFor } from "../api.js";
import { AdviceButton, CoachPanel, useCoachOpen } from "../advice.js";
import { Banners, GuideBar, RuleLink, RulesDrawer, decisionRule, thinkingText } from "../teach.js";
import { allCards, allGoals, card, cardName } from "./catalog.js";
import { MapPanel } from "./map.js";
import { Captains, Details, Goal, Hand, Here, Log, MyShip, PlaceList, PriceTable, Tabs, named, whereIs } from "./panels.js";
import { DrawCards, Engagement, FuelPicker, OfferBox, OtherChoices, ProposalForm, TradeForm, headline, waitingFor } from "./decision.js";

const ALL_CARDS = allCards();
const DIALOG_OFF = new Set(["engage.escape", "engage.parlay"]);

/** The advisor's answer for my seat (GET /advice), fetched again at each new version I decide at. */
function useAdvice(body, wanted) {
  const [advice, setAdvice] = useState(null);
  useEffect(() => {
    if (!wanted) {
      setAdvice(null);
      return;
    }
    let live = true;
    const token = tokenFor(body.id);
    api(`/api/games/${encodeURIComponent(body.id)}/advice`, { token }).then((r) => {
      if (live && r.ok) setAdvice(r.data);
    });
    return () => { live = false; };
  }, [body.id, body.version, wanted]);
  return advice;
}

/** Spaces a card (or a relocated Pirates/Patrol, or a start) may go to now: lane/world id → action. */
function placeTargets(legal) {
  const lane = new Map();
  const world = new Map();
  for (const a of legal.values()) {
    const m = /^(lane|relocate|world|start) (\d+)$/.exec(a.text);
    if (!m) continue;
    (m[1] === "lane" || m[1] === "relocate" ? lane : world).set(parseInt(m[2], 10), a);
  }
  return { lane, world };
}

/** The newest log line that is not my own play: what a response window answers (L10). */
function lastByOthers(log, me) {
  const mine = `Seat ${me + 1} `;
  for (let i = log.length - 1; i >= 0; i--) if (!String(log[i].text).startsWith(mine)) return log[i];
  return log[log.length - 1] || { text: "" };
}

/** The guide's sentence on the turn limit ("After 8 turns the captain closest to their Goal wins."), or
 * null: the Goal panel says it where the guide bar leaves "how to win" to that panel. */
function turnLimit(guide) {
  const m = guide && /After \d+ turns? [^.]*\./.exec(guide.win || "");
  return m ? m[0] : null;
}

function Status({ body, names, mine }) {
  if (body.terminal) {
    return html`<span class="status" role="status">${gameOverText(body)}</span>`;
  }
  if (mine) return html`<span class="status mine" role="status">Your move: ${headline(body.decision)}</span>`;
  const thinking = thinkingText(body);
  if (thinking) return html`<span class="status thinking" role="status">${thinking} (${waitingFor(body.decision)})</span>`;
  const who = body.current_player >= 0 ? names[body.current_player] : null;
  return html`<span class="status" role="status">${who ? `Waiting for ${who}: ${waitingFor(body.decision)}` : body.message || "…"}</span>`;
}

// One winner reached "their Goal"; a shared win (ruling L21: the round is played out) names each one's own.
function goalWord(winners) {
  return winners.length > 1 ? "their Goals" : "their Goal";
}

function GameOver({ view, names, body }) {
  if (!body.terminal) return null;
  const goals = view.goals || [];
  const g = Object.fromEntries(allGoals().map((x) => [x.slug, x]));
  const texts = view.goal_texts || [];
  const progress = view.goal_progress || [];
  const reached = (view.winners || []).some((q) => progress[q] === undefined || progress[q] >= 1);
  return html`<div class="gameover panel" aria-label="Result"><h2><span>Game over</span></h2>
    <div>${(view.winners || []).length ? html`<b>${view.winners.map((q) => names[q]).join(" and ")}</b> ${reached ? `reached ${goalWord(view.winners)}.` : `came closest to ${goalWord(view.winners)} when the turn limit came.`}` : "No winner."}</div>
    <ul>${view.ships.map((sh) => html`<li>${names[sh.seat]}: ${goals[sh.seat] && g[goals[sh.seat]] ? html`<b>${g[goals[sh.seat]].name}</b>: ${texts[sh.seat] || g[goals[sh.seat]].text}${progress[sh.seat] !== undefined ? ` (${Math.round(100 * progress[sh.seat])}% of the way)` : ""}` : "goal hidden"} · ¢${sh.credits}</li>`)}</ul>
    <a href="/">Back to the lobby</a></div>`;
}

export function SpaceLanesTable({ body, act, intent, undo, toBot, setWindows, error, clearError, conn, busy, sound, toggleSound, readOnly }) {
  const handBot = useDefaultBot("spacelanes");
  const view = body.view;
  const me = body.seat;
  const names = {};
  view.ships.forEach((sh) => {
    const s = body.seats[sh.seat];
    names[sh.seat] = s && s.name ? s.name : `Seat ${sh.seat + 1}`;
  });
  // the engine's descriptions say "Seat 2": the page says the name
  const legal = new Map((body.legal_actions || []).map((a) => [a.text, { ...a, description: named(a.description, names, view) }]));
  const mine = legal.size > 0;
  const offered = body.intent || {};
  const dec = body.decision;
  const [selected, setSelected] = useState(null);
  const [pendingMove, setPendingMove] = useState(null);
  const [showTrade, setShowTrade] = useState(false);
  useEffect(() => { setPendingMove(null); }, [body.version]);
  useEffect(() => { setShowTrade(false); }, [body.decision]);
  const engaged = view.engagement && view.engagement.player === me && mine;
  const advice = useAdvice(body, engaged);
  const you = view.you || null;
  const used = new Set();
  // the map: legal moves (from the offered intent) and spaces to play a card to
  const moves = offered.move ? offered.move.moves : null;
  if (moves) moves.forEach((m) => used.add(m.action));
  const targets = placeTargets(legal);
  const onMove = (m) => {
    if (m.fuel > 0) setPendingMove(m);
    else intent({ kind: "move", to: m.to, jump: m.jump });
  };
  const onTarget = (a) => act(a.text);
  // hand actions drawn on the cards
  for (const a of legal.values()) if (/^(play|fuel) /.test(a.text)) used.add(a.text);
  const shipUses = view.ships[me] ? view.ships[me].ship.map((c) => "use " + c) : [];
  if (!view.engagement) for (const t of shipUses) if (legal.has(t)) used.add(t);
  // the Trade form takes buy/sell/toss
  if (offered.trade) for (const a of legal.values()) if (/^(buy|sell|toss) /.test(a.text)) used.add(a.text);
  if (dec === "trade") for (const a of legal.values()) if (/^draw \d+$/.test(a.text)) used.add(a.text);
  if (dec === "respond") used.add("pass");
  const dialog = !!view.engagement && !DIALOG_OFF.has(dec);
  const eng = dialog ? html`<${Engagement} view=${view} body=${body} names=${names} me=${me} legal=${legal} act=${act} busy=${busy} advice=${advice} />` : "";
  const asked = dec === "turn" || dec === "pvp.answer";  // the form opens on request there
  const proposalForm = offered.proposal && (!asked || showTrade);
  if (proposalForm) for (const a of legal.values()) if (/^(give|give_hand|pay|ask|ask_kind|charge|propose|counter|offer) /.test(a.text + " ")) used.add(a.text);
  const pending = view.pending_play;
  const sh = me !== null && me !== undefined ? view.ships[me] : null;
  const coach = useCoachOpen(body) && !readOnly && sh !== null;
  const say = (text) => named(text, names, view);
  const tabs = [
    ...(sh ? [{ key: "here", label: "Where I stand", body: html`<${Here} view=${view} me=${me} />` }] : []),
    { key: "details", label: selected ? "Details ●" : "Details", body: html`<${Details} view=${view} selected=${selected} names=${names} />` },
  ];
  const showDetails = useMemo(() => (selected ? { key: "details" } : null), [selected]);
  const mapProps = { view, me, names, moves: mine && !pendingMove ? moves : null, targets: mine ? targets : null,
    selected, onSelect: setSelected, onMove, onTarget, busy };
  const decisionPanel = html`<section class="panel decision" aria-label="Decision">
    <h2><span>${mine ? html`${headline(dec)} <${RuleLink} game="spacelanes" rule=${decisionRule(body.legal_actions)} />` : body.terminal ? "Game over" : `${names[body.current_player] || "…"} is ${waitingFor(dec)}`}</span>
      <span class="small">${sh ? whereIs(view, sh) : "spectator"}</span></h2>
    ${error ? html`<div class="error" role="alert">${error} <button class="btn tiny" onClick=${clearError}>dismiss</button></div>` : ""}
    ${coach ? html`<${CoachPanel} body=${body} act=${act} busy=${busy} named=${say} readOnly=${readOnly} />` : ""}
    ${pending ? html`<div class="small warn">${names[pending.seat]} is placing <b>${cardName(pending.card)}</b>: ${card(pending.card).text}</div>` : ""}
    <${OfferBox} offer=${view.offer} names=${names} />
    ${view.loot_hand ? html`<div class="small">Their hand (you may take any of it): ${view.loot_hand.map((c) => cardName(c)).join(", ") || "empty"}</div>` : ""}
    ${mine && dec === "target" ? html`<div class="small">Lit lanes and settlements on the map take the card; or use the buttons below.</div>` : ""}
    ${mine && moves && !pendingMove ? html`<div class="small">Your moves are ringed on the map with their cost: ${moves.slice(0, 6).map((m) => html`<button class="btn tiny" disabled=${busy}
      data-move=${m.action} onClick=${() => onMove(m)}>${m.jump ? "jump to" : "toward"} ${view.slots[m.to].name || "an unexplored settlement"} · ${m.cost}</button> `)}${moves.length > 6 ? " …" : ""}</div>` : ""}
    ${pendingMove ? html`<${FuelPicker} move=${pendingMove} you=${you} view=${view} intent=${intent} busy=${busy} cancel=${() => setPendingMove(null)} />` : ""}
    ${mine && offered.trade && dec === "trade" ? html`<${TradeForm} form=${offered.trade} disc=${offered.discard} you=${you} intent=${intent} busy=${busy} />` : ""}
    ${mine && dec === "trade" ? html`<${DrawCards} legal=${legal} act=${act} busy=${busy} used=${used} />` : ""}
    ${mine && offered.trade && dec === "turn" ? html`<details class="quicktrade"><summary>Buy or sell here now (opens the Trade)</summary>
      <${TradeForm} form=${offered.trade} disc=${null} you=${you} intent=${intent} busy=${busy} /></details>` : ""}
    ${mine && offered.proposal && asked ? html`<button class="btn" onClick=${() => setShowTrade(!showTrade)} data-open="proposal">
      ${showTrade ? "Close the trade form" : dec === "pvp.answer" ? "Make a counter-proposal instead"
        : `Propose a trade to ${offered.proposal.with.map((q) => names[q]).join(" or ")}`}</button>` : ""}
    ${mine && proposalForm ? html`<${ProposalForm} form=${offered.proposal} view=${view} me=${me} names=${names} intent=${intent} busy=${busy} allCards=${ALL_CARDS} />` : ""}
    ${mine && dec === "respond" && !dialog ? html`<div class="respond-now"><span class="small">Just now: <b>${named(lastByOthers(body.log || [], me).text, names, view)}</b></span>
      <button class="btn primary" disabled=${busy} data-action="pass" onClick=${() => act("pass")}>Pass</button>
      <span class="small muted">or play a card with its Play button in your hand</span></div>` : ""}
    ${mine && !dialog ? html`<${OtherChoices} legal=${legal} used=${used} act=${act} busy=${busy}
      title=${dec === "respond" ? "Respond, or pass" : dec === "pvp.answer" ? "Your answer" : proposalForm ? "Or step by step" : "Your choices"} />` : ""}
    ${mine && dialog ? html`<div class="small">Decide in the engagement dialog on the map.</div>` : ""}
    ${!mine && !body.terminal && dec === "respond" ? html`<div class="small muted">${names[body.current_player] || "Another captain"} may answer with a card now.</div>` : ""}
    ${!mine && !body.terminal ? html`<div class="small muted">${body.message || ""}</div>` : ""}
    <${GameOver} view=${view} names=${names} body=${body} />
  </section>`;
  return html`<div class="sl-table ${body.guide ? "guided" : ""}">
    <header class="topbar">
      <a class="logo" href="/" title="Back to the lobby">SPACETABLE</a>
      <span class="muted small">Space Lanes · game ${body.id}${view.modes.length ? " · " + view.modes.join(" + ") : ""}</span>
      <span class="small">Turn ${view.turn} · deck ${view.deck_size} · discard ${view.discard.length}</span>
      <${Status} body=${body} names=${names} mine=${mine} />
      <${UndoButton} body=${body} undo=${undo} busy=${busy} readOnly=${readOnly} />
      ${!readOnly && body.prefs ? html`<button class="btn tiny" onClick=${() => setWindows(!body.prefs.stop_at_windows)} aria-pressed=${body.prefs.stop_at_windows} data-pref="windows"
        title="When another captain moves you may answer with a card. Off: the table asks you only when you hold a card that can change what just happened (a Pirates card for the lane a ship enters, an Economic card where it lands to trade). On: it stops at every moment where you could play a card.">
        ${body.prefs.stop_at_windows ? "Stop at every window: on" : "Stop at every window: off"}</button>` : ""}
      <${AdviceButton} body=${body} readOnly=${readOnly} />
      ${readOnly ? "" : html`<button class="btn tiny" onClick=${toggleSound} aria-pressed=${sound}>${sound ? "Sound on" : "Sound off"}</button>`}
      ${conn === "replay" || readOnly ? html`<span class="conn">replay</span>` : html`<span class="conn ${conn === "live" ? "live" : "down"}">${conn === "live" ? "● live" : conn === "connecting" ? "connecting…" : "reconnecting…"}</span>`}
      <span class="small">${me !== null && me !== undefined ? html`You are <b>${names[me]}</b>` : "Spectator"}</span>
    </header>
    <${GuideBar} body=${body} game="spacelanes" winElsewhere=${!!you} />
    <div class="col">
      <${Captains} view=${view} body=${body} names=${names} me=${me} toBot=${readOnly ? null : toBot} bot=${handBot} />
      <${MyShip} view=${view} me=${me} legal=${legal} act=${act} busy=${busy} />
      <${Log} log=${body.log || []} names=${names} view=${view} />
    </div>
    <main class="col centre">
      <${MapPanel} view=${view} me=${me} mapProps=${mapProps} prices=${html`<${PriceTable} view=${view} me=${me} />`}
        places=${html`<${PlaceList} view=${view} names=${names} onSelect=${setSelected} />`}>${eng}</${MapPanel}>
      <div class="below">
        ${decisionPanel}
        <section class="panel info"><${Tabs} tabs=${tabs} initial=${sh ? "here" : "details"} show=${showDetails} /></section>
      </div>
    </main>
    <aside class="col">
      <${Goal} you=${you} view=${view} limit=${turnLimit(body.guide)} />
      <${Hand} you=${you} legal=${legal} act=${act} busy=${busy} used=${new Set()} />
    </aside>
    <${Banners} log=${body.log || []} line=${say} />
    <${RulesDrawer} />
  </div>`;
}
