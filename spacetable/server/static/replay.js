// The replay viewer of a finished game: the game's own table component, read-only, at any position.
// Step back and forward, jump to a turn, play at a chosen speed; the spectator's view by default,
// and once the game is over "reveal everything" (every seat's hidden cards) or any seat's own view.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { api, keepToken, seatKey, takeTokenFromUrl, tokenFor } from "./api.js";
import { GAME_TITLES, useTableComponent } from "./table.js";

const SPEEDS = [0.5, 1, 2, 4, 8];
const nothing = async () => false;

/** Every card, part, contract, objective and goal of a game by its slug → its name (GET /api/catalog). */
const NAMES = {};
function useNames(game) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!game || NAMES[game]) return;
    NAMES[game] = {};
    api(`/api/catalog/${encodeURIComponent(game)}`).then((r) => {
      const walk = (x) => {
        if (Array.isArray(x)) x.forEach(walk);
        else if (x && typeof x === "object") {
          if (typeof x.slug === "string" && typeof x.name === "string") NAMES[game][x.slug] = x.name;
          Object.values(x).forEach(walk);
        }
      };
      if (r.ok) walk(r.data);
      setTick((t) => t + 1);
    });
  }, [game]);
  return (game && NAMES[game]) || {};
}

/** A hidden value in words: card names for slugs, "2× Reactor" for counts, a Goal by its name. */
function shortValue(v, names) {
  const word = (x) => (typeof x === "string" ? names[x] || x.replace(/-/g, " ") : x && typeof x === "object" && x.name ? x.name : JSON.stringify(x));
  let text;
  if (Array.isArray(v)) text = v.length ? v.map(word).join(", ") : "none";
  else if (v && typeof v === "object" && typeof v.name === "string") text = v.name + (v.text ? `: ${v.text}` : "");
  else if (v && typeof v === "object") {
    const entries = Object.entries(v);
    text = entries.every(([, x]) => typeof x === "number") // counts, e.g. a draw pile's contents
      ? entries.map(([k, x]) => `${x}× ${word(k)}`).join(", ")
      : entries.map(([k, x]) => `${k.replace(/_/g, " ")}: ${typeof x === "object" ? word(x) : word(x)}`).join("; ");
  }
  else text = typeof v === "string" ? word(v) : String(v);
  return text.length > 200 ? text.slice(0, 197) + "…" : text;
}

const LABELS = { hand: "hand", objectives: "objectives", draw_contents: "draw pile holds", draw_trashed_unseen: "trashed unseen",
  goal: "Goal", "goal.name": "Goal", "goal.text": "its target at this table", progress: "progress to the Goal",
  dealt: "objectives dealt", drawn: "objectives drawn" };
/** Hidden entries that only repeat another one (a seat's own number, a Goal's slug or printed card). */
const REPEATS = /(^|\.)(seat|slug|card_text)$/;

/** "players.0.hand" → "hand" for seat 0's own entry; "…draw_contents.damage-1" → "draw pile holds Damage I";
 * other paths in words. */
function label(path, seat, names) {
  const own = new RegExp(`^((players|ships)\\.${seat}|you|decision)\\.`);
  const rest = path.replace(own, "");
  const parts = rest.split(".");
  if (parts.length === 2 && LABELS[parts[0]] && names[parts[1]]) return `${LABELS[parts[0]]} ${names[parts[1]]}`;
  return LABELS[rest] || rest.replace(/[._]/g, " ");
}

/** Seat labels of the engine's log lines ("P2") as the players' names. */
function named(text, seats) {
  return text.replace(/\bP([1-8])\b/g, (l, d) => (seats[parseInt(d, 10) - 1] || {}).name || l);
}

/** Every seat's hidden part at this position (reveal): what its view held beyond the spectator's. */
function Revealed({ body }) {
  const hidden = body.hidden || {};
  const names = useNames(body.game);
  return html`<section class="panel revealed" aria-label="Hidden information">
    <h2><span>Revealed (the game is over)</span></h2>
    ${body.seats.map((s) => {
      const rows = (hidden[seatKey(s.seat)] || []).filter((r) => !REPEATS.test(r.path));
      return html`<div class="seat-secrets"><b>${s.name}</b>
        ${rows.length ? html`<ul>${rows.map((r) => html`<li data-path=${r.path}><span class="muted">${label(r.path, s.seat, names)}:</span> ${r.path.endsWith("progress") && typeof r.value === "number" ? `${Math.round(100 * r.value)}%` : shortValue(r.value, names)}</li>`)}</ul>`
          : html`<span class="muted small"> nothing hidden</span>`}</div>`;
    })}
  </section>`;
}

export function ReplayPage({ id }) {
  const [token] = useState(() => takeTokenFromUrl() || tokenFor(id));
  const [index, setIndex] = useState(null);
  const [error, setError] = useState(null);
  const [n, setN] = useState(0);
  const [body, setBody] = useState(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(2);
  const [reveal, setReveal] = useState(false);
  const [asSeat, setAsSeat] = useState(""); // "" = the spectator
  const cache = useRef(new Map());
  const Table = useTableComponent(index ? index.game : null);

  useEffect(() => {
    if (!token) return;
    api(`/api/games/${encodeURIComponent(id)}/replay`, { token }).then((r) => {
      if (!r.ok) setError(r.data.error || "The replay could not be loaded.");
      else {
        keepToken(id, token);
        setIndex(r.data);
      }
    });
  }, [id, token]);

  const fetchAt = useCallback(async (pos) => {
    const q = new URLSearchParams();
    if (reveal) q.set("reveal", "true");
    if (asSeat !== "") q.set("seat", asSeat);
    const key = pos + "?" + q.toString();
    if (cache.current.has(key)) return cache.current.get(key);
    const r = await api(`/api/games/${encodeURIComponent(id)}/replay/${pos}?${q.toString()}`, { token });
    if (!r.ok) throw new Error(r.data.error || "position unavailable");
    cache.current.set(key, r.data);
    return r.data;
  }, [id, token, reveal, asSeat]);

  useEffect(() => {
    if (!index) return;
    let gone = false;
    fetchAt(n).then((b) => { if (!gone) setBody(b); }, (e) => setError(e.message));
    if (n < index.last) fetchAt(n + 1).catch(() => {}); // the next step is ready when asked for
    return () => { gone = true; };
  }, [index, n, fetchAt]);

  useEffect(() => {
    if (!playing || !index) return undefined;
    const timer = setInterval(() => {
      setN((x) => {
        if (x >= index.last) {
          setPlaying(false);
          return x;
        }
        return x + 1;
      });
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed, index]);

  const go = (pos) => index && setN(Math.max(0, Math.min(index.last, pos)));
  useEffect(() => {
    const key = (e) => {
      if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) && e.target.type !== "range") return;
      if (e.key === "ArrowRight") go(n + 1);
      else if (e.key === "ArrowLeft") go(n - 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", key);
    window.__spacetable = { version: () => (body ? body.version : -1), replay: true };
    return () => window.removeEventListener("keydown", key);
  });

  if (!token) {
    return html`<main class="lobby"><div class="panel" style="grid-column:1/-1"><h1>No invite for this game here</h1>
      <p>Open the game's invite or spectator link once in this browser, then its replay.</p></div></main>`;
  }
  if (error && !body) {
    return html`<main class="lobby"><div class="panel" style="grid-column:1/-1"><div class="error" role="alert">${error}</div>
      <p><a href=${"/game/" + encodeURIComponent(id)}>Back to the game</a> · <a href="/">Lobby</a></p></div></main>`;
  }
  if (!index || !body || !Table) return html`<main class="lobby"><div class="panel">Loading the replay…</div></main>`;
  const step = n > 0 ? index.steps[n - 1] : null;
  const turnNow = step ? step.turn : index.turns.length ? index.turns[0].turn : null;
  const title = GAME_TITLES[index.game] || index.game;
  const who = step && step.seat !== null ? (index.seats[step.seat] || {}).name : null;
  const stepText = !step ? "the start" : step.text.length ? named(step.text.join(" · "), index.seats)
    : `${who ? who + ": " : ""}${step.kind === "chance" ? "a draw" : step.kind === "auto" ? "a forced step" : step.kind}`;
  return html`<div class="replay-frame">
    <${Table} body=${body} act=${nothing} intent=${nothing} undo=${nothing} toBot=${nothing} setWindows=${nothing}
      error=${null} clearError=${() => {}} conn="replay" busy=${true} sound=${false} toggleSound=${() => {}}
      seatKey=${seatKey} lastMove=${0} readOnly=${true} />
    ${reveal ? html`<${Revealed} body=${body} />` : ""}
    <nav class="replay-bar" aria-label="Replay controls">
      <b>${title} replay</b>
      <button class="btn tiny" onClick=${() => go(0)} disabled=${n === 0} title="First position" aria-label="first">|◀</button>
      <button class="btn tiny" onClick=${() => go(n - 1)} disabled=${n === 0} title="Step back (←)" aria-label="step back">◀</button>
      <button class="btn tiny primary" onClick=${() => { if (n >= index.last) go(0); setPlaying(!playing); }}
        aria-label=${playing ? "pause" : "play"} aria-pressed=${playing}>${playing ? "⏸ Pause" : "▶ Play"}</button>
      <button class="btn tiny" onClick=${() => go(n + 1)} disabled=${n >= index.last} title="Step forward (→)" aria-label="step forward">▶</button>
      <button class="btn tiny" onClick=${() => go(index.last)} disabled=${n >= index.last} title="Last position" aria-label="last">▶|</button>
      <input type="range" min="0" max=${index.last} value=${n} aria-label="position"
        onInput=${(e) => go(parseInt(e.currentTarget.value, 10))} />
      <span class="small" aria-live="polite" data-position=${n}>step ${n} / ${index.last}</span>
      ${index.turns.length ? html`<label class="small">turn <select class="input" aria-label="jump to turn"
        value=${String(turnNow)} onChange=${(e) => {
          const t = index.turns.find((x) => String(x.turn) === e.currentTarget.value);
          if (t) go(t.n);
        }}>${index.turns.map((t) => html`<option value=${String(t.turn)}>${t.turn}</option>`)}</select></label>` : ""}
      <label class="small">speed <select class="input" aria-label="speed" value=${String(speed)}
        onChange=${(e) => setSpeed(parseFloat(e.currentTarget.value))}>
        ${SPEEDS.map((s) => html`<option value=${String(s)}>${s} step/s</option>`)}</select></label>
      <label class="small" title="The game is over: every hand, objective and goal may be shown">
        <input type="checkbox" checked=${reveal} aria-label="reveal everything"
          onChange=${(e) => { setReveal(e.currentTarget.checked); if (!e.currentTarget.checked) setAsSeat(""); }} /> reveal everything</label>
      <label class="small">seen by <select class="input" aria-label="seen by" value=${asSeat} disabled=${!reveal}
        onChange=${(e) => setAsSeat(e.currentTarget.value)}>
        <option value="">spectator</option>
        ${index.seats.map((s) => html`<option value=${String(s.seat)}>${s.name}</option>`)}</select></label>
      <span class="small muted step-text" title=${stepText}>${stepText}</span>
    </nav>
  </div>`;
}
