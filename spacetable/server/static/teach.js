// What teaches a newcomer at every table: rule links and the searchable rules drawer (GET /api/rules/{game},
// the same texts every link opens), the guide bar (how to win at this table, the phases of a turn with
// the current one lit and what it is for, what the badges mean), banners for the moments that change the
// game (log lines of level "moment"), and "thinking…" while a bot decides. The coach lives in advice.js.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { api } from "./api.js";

// ------------------------------------------------------------------ the rule texts, fetched once per game
const RULES = {};
let PAGE_GAME = null;

/** The game of the table on the page (the guide bar tells it), for links drawn without one. */
export function pageGame() {
  return PAGE_GAME;
}
const WAITING = {};

/** {id: {title, text, source}} of a game's rules (null while they load). */
export function useRules(game) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!game || RULES[game] || WAITING[game]) return;
    WAITING[game] = api(`/api/rules/${encodeURIComponent(game)}`).then((r) => {
      RULES[game] = r.ok && r.data && r.data.rules ? r.data.rules : {};
      delete WAITING[game];
      setTick((t) => t + 1);
    });
  }, [game]);
  return game ? RULES[game] || null : null;
}

// one rules drawer per page: any link opens it at a rule
let drawer = { open: false, game: null, id: null, query: "" };
const listeners = new Set();
function setDrawer(next) {
  drawer = { ...drawer, ...next };
  for (const f of listeners) f(drawer);
}

/** Open the rules drawer of `game` at rule `id` (or at the search, with no id). */
export function openRule(game, id) {
  setDrawer({ open: true, game, id: id || null, query: "" });
}

function useDrawer() {
  const [state, setState] = useState(drawer);
  useEffect(() => {
    listeners.add(setState);
    return () => listeners.delete(setState);
  }, []);
  return state;
}

/** A small link to a rule's text ("§"), with the rule's title as its tooltip. */
export function RuleLink({ game, rule, label }) {
  const rules = useRules(game);
  if (!rule) return "";
  const r = rules && rules[rule];
  const title = r ? `${r.title} (rule ${rule}): open its text` : `Rule ${rule}: open its text`;
  return html`<button type="button" class="rule-link" data-rule=${rule} title=${title} aria-label=${title}
    onClick=${(e) => { e.stopPropagation(); openRule(game, rule); }}>${label || "§"}</button>`;
}

/** The rule most of the legal actions apply (the decision's own rule), or null. */
export function decisionRule(legal) {
  const counts = new Map();
  for (const a of legal || []) if (a.rule) counts.set(a.rule, (counts.get(a.rule) || 0) + 1);
  let best = null;
  for (const [rule, n] of counts) if (!best || n > counts.get(best)) best = rule;
  return best;
}

const ID_IN_TEXT = /\b(\d+\.\d+(?:\.\d+)*|L\d{1,2}|R\d{1,2})\b/g;

/** A rule's text with the ids it mentions ("see 3.4.6") as links to those rules. */
function Linked({ text, rules, game }) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(ID_IN_TEXT)) {
    if (!rules[m[1]]) continue;
    out.push(text.slice(last, m.index));
    out.push(html`<a href="#" class="rule-ref" onClick=${(e) => { e.preventDefault(); openRule(game, m[1]); }}>${m[1]}</a>`);
    last = m.index + m[1].length;
  }
  out.push(text.slice(last));
  return out;
}

/** The searchable rules drawer (right side); Escape or ✕ closes it. */
export function RulesDrawer() {
  const state = useDrawer();
  const rules = useRules(state.game);
  const input = useRef(null);
  useEffect(() => {
    if (!state.open) return undefined;
    const key = (e) => { if (e.key === "Escape") setDrawer({ open: false }); };
    window.addEventListener("keydown", key);
    if (input.current && !state.id) input.current.focus();
    return () => window.removeEventListener("keydown", key);
  }, [state.open, state.id]);
  if (!state.open) return "";
  const all = rules ? Object.entries(rules) : [];
  const q = state.query.trim().toLowerCase();
  const words = q.split(/\s+/).filter(Boolean);
  const found = !q ? all.filter(([id]) => !/\./.test(id) || /^\d+\.\d+$/.test(id)).slice(0, 60)
    : all.filter(([id, r]) => id.toLowerCase() === q || words.every((w) => (r.title + " " + r.text).toLowerCase().includes(w))).slice(0, 40);
  const open = state.id && rules ? rules[state.id] : null;
  return html`<aside class="rules-drawer panel" role="dialog" aria-label="Rules">
    <h2><span>Rules</span><button class="btn tiny" type="button" onClick=${() => setDrawer({ open: false })} aria-label="Close the rules">✕</button></h2>
    <input class="input" type="search" ref=${input} placeholder="Search the rules (e.g. hazard dice, fuel, Bounty)"
      aria-label="Search the rules" value=${state.query} onInput=${(e) => setDrawer({ query: e.currentTarget.value, id: null })} />
    ${open ? html`<article class="rule-text" data-open-rule=${state.id}>
        <h3>${open.title} <span class="muted small">rule ${state.id}</span></h3>
        <div class="body">${open.text.split("\n").map((p) => html`<p>${Linked({ text: p, rules, game: state.game })}</p>`)}</div>
        ${open.source ? html`<div class="small muted">From ${open.source.replace(/\.(md|txt)/g, "").replace(/-/g, " ")}</div>` : ""}
        <button class="btn tiny" type="button" onClick=${() => setDrawer({ id: null })}>All rules</button>
      </article>`
      : html`<ul class="rule-list">${!rules ? html`<li class="muted">Loading…</li>` : found.length ? found.map(([id, r]) => html`<li>
          <a href="#" data-rule-id=${id} onClick=${(e) => { e.preventDefault(); setDrawer({ id }); }}><b>${r.title}</b></a>
          <span class="muted small"> ${id}</span></li>`) : html`<li class="muted">No rule mentions that.</li>`}</ul>`}
  </aside>`;
}

// ------------------------------------------------------------------ the guide bar
/** How to win, the phases with the current one lit (and what it is for), the badges, the rules.
 * `winElsewhere`: the table says how to win in a panel of its own (e.g. a secret goal), so on a wide
 * screen the bar leaves that line out and stands in one line (the stylesheets decide where). */
export function GuideBar({ body, game, winElsewhere }) {
  PAGE_GAME = game;
  const g = body.guide;
  const [badges, setBadges] = useState(false);
  if (!g) return "";
  const phase = g.phases.find((p) => p.key === g.phase);
  return html`<div class="guidebar ${winElsewhere ? "win-elsewhere" : ""}" aria-label="How to play">
    <div class="win" title=${g.win}><b>How to win:</b> ${g.win}</div>
    <ol class="phases" aria-label="The turn">
      ${g.phases.map((p, i) => html`<li class=${p.key === g.phase ? "on" : ""} title=${p.about} aria-current=${p.key === g.phase ? "step" : undefined}>
        ${i ? html`<span class="arrow" aria-hidden="true">→</span>` : ""}<span class="ph">${p.title}</span></li>`)}
    </ol>
    <div class="about"><span class="muted">${phase ? phase.title + ": " : ""}</span>${phase ? phase.about : "Setting up the game."}
      ${phase ? html` <${RuleLink} game=${game} rule=${phase.rule} />` : ""}</div>
    <div class="tools">
      <button class="btn tiny" type="button" aria-expanded=${badges} onClick=${() => setBadges(!badges)}>What the badges mean</button>
      <button class="btn tiny" type="button" data-open="rules" onClick=${() => openRule(game, null)}>Rules</button>
    </div>
    ${badges ? html`<div class="badge-legend" role="note">${g.badges.map((b) => html`<span><b>${b.badge}</b> ${b.meaning}</span>`)}</div>` : ""}
  </div>`;
}

// ------------------------------------------------------------------ banners for the moments
const BANNER_MS = 5000;

/** The log's new "moment" lines (a contract's result, Prestige, a purchase, an engagement) as banners
 * that fade after a few seconds. Lines present when the page loads are not announced. */
export function Banners({ log, line }) {
  const seen = useRef(null);
  const [shown, setShown] = useState([]);
  useEffect(() => {
    const last = log.length ? log[log.length - 1].n : -1;
    if (seen.current === null) {
      seen.current = last;
      return;
    }
    const fresh = log.filter((l) => l.n > seen.current && l.level === "moment");
    seen.current = Math.max(seen.current, last);
    if (!fresh.length) return;
    // one banner per record: a contract's result and what it paid to whom read as one moment
    const groups = [];
    for (const l of fresh) {
      const g = groups.find((x) => x.n === l.n);
      if (g) g.texts.push(line(l.text));
      else groups.push({ n: l.n, texts: [line(l.text)] });
    }
    const now = Date.now();
    setShown((old) => [...old, ...groups.map((g) => ({ key: `${g.n}.${now}`, text: g.texts.join(" · "), at: now }))].slice(-3));
  }, [log.length, log.length ? log[log.length - 1].n : -1]);
  useEffect(() => {
    if (!shown.length) return undefined;
    const t = setTimeout(() => setShown((old) => old.filter((b) => Date.now() - b.at < BANNER_MS)), 1000);
    return () => clearTimeout(t);
  }, [shown]);
  if (!shown.length) return "";
  return html`<div class="banners" role="status" aria-live="polite">${shown.map((b) => html`<div class="banner" key=${b.key}
    onClick=${() => setShown((old) => old.filter((x) => x.key !== b.key))}>${b.text}</div>`)}</div>`;
}

// ------------------------------------------------------------------ bots thinking
/** "Captain Vega is thinking…" while a bot's seat decides (its seat is lit by the table). */
export function thinkingText(body) {
  const p = body.current_player;
  if (body.terminal || body.replay || p === null || p === undefined) return null;
  const seat = (body.seats || [])[p];
  if (!seat || seat.kind === "human") return null;
  return `${seat.name} is thinking…`;
}
