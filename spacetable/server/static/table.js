// A live table for one seat: the token, the latest view, the socket, sending decisions, title and sound.
// The game-specific page only draws a view and calls `act`/`intent`. Each game names the module that
// draws its table in its manifest, and GET /api/meta hands it over as `page` (loaded on demand; the
// interface every game table follows is in static/README.md); a game without one gets the generic table.
// Titles come from /api/meta too: this file names no game.
import { useEffect, useRef, useState, useCallback } from "preact/hooks";
import { html } from "./html.js";
import { REFUSED, api, gamesMeta, keepToken, liveConnection, rememberGame, seatKey, takeTokenFromUrl, tokenFor } from "./api.js";
import { GenericTable } from "./generic.js";
import { browserNotice, claimSeat } from "./profile.js";
import { ChatContext, useChat } from "./chat.js";

const SOUND_KEY = "spacetable.sound";
const LOADED = {};
/** Each game's title and page module, from GET /api/meta (filled when it answers). */
export const GAME_TITLES = {};
const PAGES = {};
const META = gamesMeta().then((games) => {
  for (const g of games || []) {
    GAME_TITLES[g.name] = g.title;
    if (g.page) PAGES[g.name] = g.page;
  }
});

/** The table component of a game module: its `Table` export, else its default, else the
 * `<Game>Table` export named after the game (e.g. `DiceTable` for a game named dice). */
function pickTable(mod, game) {
  if (typeof mod.Table === "function") return mod.Table;
  if (typeof mod.default === "function") return mod.default;
  const bare = game.replace(/[-_]/g, "");
  const named = Object.entries(mod).find(([k, v]) => typeof v === "function" && k.toLowerCase() === bare + "table");
  return named ? named[1] : null;
}

/** The table component for `game` (null while its module loads). */
export function useTableComponent(game) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!game || LOADED[game]) return;
    const done = (C) => {
      LOADED[game] = C || GenericTable;
      setTick((t) => t + 1);
    };
    META.then(() => {
      const page = PAGES[game];
      if (!page || !/^[a-z0-9_-]{1,40}\/[a-z0-9_-]{1,40}\.js$/.test(page)) done(null);
      else import(`./${page}`).then((mod) => done(pickTable(mod, game)), () => done(null));
    });
  }, [game]);
  return game ? LOADED[game] || null : null;
}

/** At the end, for a person's seat: "Rematch" (the same seats and options, a new secret deal), or "Join
 * the rematch" once one of the table asked for it; the new table opens with this seat's own token. */
function RematchButton({ body, id }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  if (body.seat === null || body.seat === undefined || body.tutorial) return null;
  const go = async () => {
    setBusy(true);
    setError(null);
    const r = await api(`/api/games/${encodeURIComponent(id)}/rematch`, { method: "POST", token: tokenFor(id) });
    setBusy(false);
    if (!r.ok) {
      setError(r.data.error || "The rematch could not be made.");
      return;
    }
    const mine = r.data.seats.find((s) => s.seat === body.seat) || r.data.seats[0];
    rememberGame(r.data.id, { game: body.game, created: Date.now(), seat: mine.seat, token: mine.token });
    location.assign(`/game/${encodeURIComponent(r.data.id)}#token=${encodeURIComponent(mine.token)}`);
  };
  return html`<button class="btn" data-rematch=${body.rematch ? "join" : "ask"} disabled=${busy} onClick=${go}
      title="A new game with the same seats and options and a new secret deal; the other people are told">
      ${body.rematch ? "↻ Join the rematch" : "↻ Rematch"}</button>${error ? html`<span class="error small" role="alert">${error}</span>` : ""}`;
}

/** A small pill at the bottom right of a table: the replay link and the rematch at the end, a spectator's note. */
function Corner({ body, id }) {
  if (body.terminal) {
    return html`<div class="corner row" style="gap:6px"><${RematchButton} body=${body} id=${id} />
      <a class="btn primary" href=${"/replay/" + encodeURIComponent(id)}
      title="Step through the whole game; everything can be revealed now that it is over">▶ Replay this game</a></div>`;
  }
  if (body.seat === null || body.seat === undefined) {
    return html`<span class="corner pill" role="note">Spectating live · public information only</span>`;
  }
  return null;
}

/** A strip above the table when the game's creator chose its seed (`fixed_seed`): they can know every
 * hand, goal and draw, so every seat is told, from the first view and for the whole game. */
export function DealNotice({ body }) {
  if (!body || !body.fixed_seed || body.tutorial) return null; // a tutorial's deal is the same for everyone
  return html`<div class="deal-notice" role="note" data-deal="fixed">
    <b>Known deal:</b> whoever created this game chose its seed, so they can know every hand, goal and draw.
    Play on only if you trust them.</div>`;
}

/** Is it this seat's decision in this view body? */
export function isMyDecision(body) {
  return !!body && !body.terminal && body.seat !== null && body.seat !== undefined &&
    (body.legal_actions || []).length > 0;
}

function beep() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.08, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.35);
  } catch {
    /* no audio here */
  }
}

export function GamePage({ id }) {
  const [fromLink] = useState(() => takeTokenFromUrl());
  const [held] = useState(() => tokenFor(id));
  const token = fromLink || held;
  const [body, setBody] = useState(null);
  const [error, setError] = useState(null);
  const [conn, setConn] = useState("connecting");
  const [busy, setBusy] = useState(false);
  const [sound, setSound] = useState(() => localStorage.getItem(SOUND_KEY) === "on");
  const lastKey = "spacetable.lastmove." + id;
  const [lastMove, setLastMove] = useState(() => parseInt(localStorage.getItem(lastKey) || "0", 10) || 0);
  const bodyRef = useRef(null);
  const kept = useRef(false);
  const Table = useTableComponent(body ? body.game : null);
  const liveRef = useRef(null);
  const wasMine = useRef(false);
  const chat = useChat(id, token, body ? body.seat : null);
  const addChat = chat.add;

  const accept = useCallback((b) => {
    if (!b || (bodyRef.current && b.version < bodyRef.current.version)) return;
    bodyRef.current = b;
    setBody(b);
    if (b.chat) addChat(b.chat);
    if (!kept.current) {
      keepToken(id, token); // the server took this token: this browser now holds the seat
      kept.current = true;
      claimSeat(id, b.seat, token); // and the seat joins this browser's profile (its games on every device)
    }
    rememberGame(id, {
      game: b.game, seat: b.seat, terminal: b.terminal, winners: b.winners,
      myTurn: isMyDecision(b), version: b.version, seen: Date.now(),
      ...(b.tutorial ? { tutorial: true, tutorialDone: !!b.tutorial.done } : {}),
    });
  }, [id, token, addChat]);

  const refetch = useCallback(async () => {
    const r = await api(`/api/games/${encodeURIComponent(id)}/view`, { token });
    if (r.ok) accept(r.data);
    else setError(REFUSED[r.status] || r.data.error || "The game could not be loaded.");
  }, [id, token, accept]);

  useEffect(() => {
    if (!token) return undefined;
    refetch();
    const live = liveConnection(id, token, {
      onView: (msg) => accept(msg),
      onError: (e) => setError(e),
      onState: setConn,
      onReconnect: refetch, // after a dropped connection the view is fetched again: nothing is lost
      onChat: (m) => addChat([m]),
    });
    liveRef.current = live;
    // a small handle for tests and the console: drop the socket, read the version, send an action text
    window.__spacetable = {
      drop: () => live.drop(),
      version: () => bodyRef.current && bodyRef.current.version,
      act: (text) => actRef.current && actRef.current(text),
    };
    return () => live.close();
  }, [id, token]);

  // The tab's title (and an optional sound) say when it is my decision.
  useEffect(() => {
    const mine = isMyDecision(body);
    const base = (GAME_TITLES[body && body.game] || "spacetable") + " · spacetable";
    document.title = body && body.terminal ? "Game over · " + base : mine ? "● Your move · " + base : base;
    if (mine && !wasMine.current && sound) beep();
    if (mine && !wasMine.current) browserNotice(`Your move at ${GAME_TITLES[body.game] || "spacetable"}`, id);
    wasMine.current = mine;
  }, [body, sound]);

  const post = useCallback(async (path, payload) => {
    const b = bodyRef.current;
    if (!b || busy) return false;
    setBusy(true);
    setError(null);
    const r = await api(`/api/games/${encodeURIComponent(id)}/${path}`, {
      token, method: "POST", body: { ...payload, version: b.version },
    });
    setBusy(false);
    if (r.ok) {
      localStorage.setItem(lastKey, String(b.version));
      setLastMove(b.version);
      if (r.data && r.data.version !== undefined) accept(r.data);
      return true;
    }
    const why = r.data.error || `The server refused (${r.status}).`;
    setError(r.status === 409 ? `The table moved on before your choice arrived: ${why}` : why);
    if (r.status === 409) refetch();
    return false;
  }, [id, token, busy, accept, refetch]);

  const act = useCallback((text) => post("actions", { action: text }), [post]);
  const actRef = useRef(null);
  actRef.current = act;
  const intent = useCallback((data) => post("intents", { intent: data }), [post]);
  const undo = useCallback(() => post("undo", {}), [post]);
  const toBot = useCallback(async (seat, bot) => {
    const r = await api(`/api/games/${encodeURIComponent(id)}/seats/${seat}/bot`, {
      token, method: "POST", body: { bot, version: bodyRef.current ? bodyRef.current.version : 0 },
    });
    if (!r.ok) setError(r.data.error || "The seat could not be handed to a bot.");
    else if (r.data && r.data.version !== undefined) accept(r.data);
  }, [id, token, accept]);
  const setWindows = useCallback(async (on) => {
    const r = await api(`/api/games/${encodeURIComponent(id)}/prefs`, {
      token, method: "POST", body: { stop_at_windows: on },
    });
    if (!r.ok) setError(r.data.error || "The preference could not be saved.");
    else if (r.data && r.data.version !== undefined) accept(r.data);
  }, [id, token, accept]);
  const toggleSound = () => {
    localStorage.setItem(SOUND_KEY, sound ? "off" : "on");
    setSound(!sound);
    if (!sound) beep();
  };

  if (!token) {
    return html`<main class="lobby"><div class="panel" style="grid-column:1/-1">
      <h1>No seat for this game here</h1>
      <p>This browser holds no invite for game <code>${id}</code>. Open the invite link you were sent
        (it ends with <code>#token=…</code>), or go back to the <a href="/">lobby</a>.</p></div></main>`;
  }
  if (!body) {
    return html`<main class="lobby"><div class="panel" style="grid-column:1/-1">
      ${error ? html`<div class="error" role="alert">${error}</div>` : html`<p>Connecting to the table…</p>`}
      ${error && fromLink && held && held !== fromLink ? html`<p>This browser still holds its own seat at this game: <a href=${"/game/" + encodeURIComponent(id)} data-open="held">open it</a>.</p>` : ""}
      ${error && fromLink ? html`<p class="small muted">Check that the whole invite link was copied: it ends with <code>#token=</code> and 32 characters.</p>` : ""}
      <p><a href="/">Back to the lobby</a></p></div></main>`;
  }
  if (!Table) return html`<main class="lobby"><${DealNotice} body=${body} /><div class="panel">Loading the table…</div></main>`;
  const table = html`<${Table} body=${body} act=${act} intent=${intent} undo=${undo} toBot=${toBot}
    setWindows=${setWindows} error=${error} clearError=${() => setError(null)} conn=${conn} busy=${busy}
    sound=${sound} toggleSound=${toggleSound} seatKey=${seatKey} lastMove=${lastMove} readOnly=${false} />`;
  return html`<${ChatContext.Provider} value=${body.tutorial ? null : chat}>
    ${body.fixed_seed && !body.tutorial ? html`<div class="with-notice"><${DealNotice} body=${body} />${table}</div>` : table}
    <${Corner} body=${body} id=${id} /></${ChatContext.Provider}>`;
}
