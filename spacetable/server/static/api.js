// The server API as the page uses it: REST calls, the seat tokens kept in this browser, the live socket.

const GAMES_KEY = "spacetable.games";

/** Every game this browser created or joined: {id: {id, game, seat, token, created, invites?}}. */
export function storedGames() {
  try {
    const data = JSON.parse(localStorage.getItem(GAMES_KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/** Remember (or update) a game of this browser, keyed by its id. */
export function rememberGame(id, record) {
  const all = storedGames();
  all[id] = { ...(all[id] || {}), ...record, id };
  localStorage.setItem(GAMES_KEY, JSON.stringify(all));
}

export function forgetGame(id) {
  const all = storedGames();
  delete all[id];
  localStorage.setItem(GAMES_KEY, JSON.stringify(all));
}

export function tokenFor(id) {
  const rec = storedGames()[id];
  return rec ? rec.token : null;
}

/** The token carried once by an invite link (/game/ID#token=…), removed from the URL. It is not
 * stored here: the page keeps it (`keepToken`) only once the server has accepted it, so a mistyped or
 * cut link neither replaces the seat this browser holds for the game nor lists a game that is not. */
export function takeTokenFromUrl() {
  const m = /(?:^|[#&])token=([^&]+)/.exec(location.hash);
  if (!m) return null;
  let token;
  try {
    token = decodeURIComponent(m[1]);
  } catch {
    token = m[1];
  }
  history.replaceState(null, "", location.pathname + location.search);
  return token;
}

/** Remember the token the server has just accepted for game `id` (an invite link's, once it worked). */
export function keepToken(id, token) {
  const rec = storedGames()[id];
  if (rec && rec.token === token) return;
  rememberGame(id, { token, joined: Date.now() });
}

/** What the page says when the server refuses a token (401; the socket closes with 4401) or knows no
 * such game (404; 4404): the same words whichever of the view and the socket hears it first. */
export const REFUSED = { 401: "This invite is not valid for this game.", 404: "There is no such game." };

/** `value` as JSON text; a BigInt (a 128-bit seed) is written as a plain JSON integer. */
export function toJson(value) {
  return JSON.stringify(value, (_, v) => (typeof v === "bigint" ? "@bigint:" + v.toString() : v))
    .replace(/"@bigint:(-?\d+)"/g, "$1");
}

/** Call the JSON API. Resolves to {ok, status, data}; data.error holds the server's message. */
export async function api(path, { token, method = "GET", body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : toJson(body) });
  } catch (e) {
    return { ok: false, status: 0, data: { error: "The server cannot be reached (" + e.message + ")." } };
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = {};
  }
  if (!res.ok && data && !data.error) {
    data.error = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail || res.statusText);
  }
  return { ok: res.ok, status: res.status, data };
}

/**
 * The live connection of one seat: sends the token first, calls onView for every pushed view (its
 * log made whole again from the lines the push carries, see docs/server.md "WebSocket"), and
 * reconnects (with a growing pause) after a dropped connection, saying how many log lines it holds
 * ("log_from", with the version it saw) so that only the rest is sent; onState("live" |
 * "connecting" | "down").
 */
export function liveConnection(gameId, token, { onView, onError, onState, onReconnect, onChat }) {
  let ws = null;
  let closed = false;
  let delay = 500;
  let opened = false;
  let retry = null;
  let socketLog = [];
  let socketVersion = null; // the version of the last view pushed: with socketLog, where a reconnect resumes
  // a ping now and then keeps idle connections (games played over days) from being dropped by proxies
  const pinger = setInterval(() => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
  }, 25000);
  // back online (or the tab shown again): reconnect at once instead of waiting for the next retry
  const wake = () => {
    if (!closed && retry !== null) {
      clearTimeout(retry);
      retry = null;
      open();
    }
  };
  window.addEventListener("online", wake);
  // the server sends no notice to a person whose table is on screen: tell it whether this one is
  const visibility = () => {
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: "visibility", visible: document.visibilityState === "visible" }));
    }
  };
  const onVisibility = () => {
    visibility();
    if (document.visibilityState === "visible") wake();
  };
  document.addEventListener("visibilitychange", onVisibility);
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/games/" + encodeURIComponent(gameId);
  function open() {
    retry = null;
    if (closed) return;
    onState("connecting");
    ws = new WebSocket(url);
    ws.onopen = () => {
      // a new socket resumes after the lines this page holds (the server sends them all again if an
      // undo has changed the log since that version)
      const first = { token };
      if (socketVersion !== null && socketLog.length) {
        first.log_from = socketLog.length;
        first.version = socketVersion;
      }
      ws.send(JSON.stringify(first));
      visibility();
      onState("live");
      delay = 500;
      if (opened && onReconnect) onReconnect();
      opened = true;
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "pong") return;
      if (msg.type === "view") {
        // a push carries only the log lines this socket has not had: keep the first log_start, append
        if (typeof msg.log_start === "number" && msg.log_start > 0) {
          msg.log = socketLog.slice(0, msg.log_start).concat(msg.log || []);
        }
        delete msg.log_start;
        socketLog = msg.log || [];
        socketVersion = msg.version;
        onView(msg);
      }
      else if (msg.type === "chat") { if (onChat && msg.message) onChat(msg.message); }
      else if (msg.type === "error") onError(msg.error || "error");
    };
    ws.onclose = (ev) => {
      if (closed) return;
      if (ev.code === 4401 || ev.code === 4404) {
        // the server refused this token or game: retrying cannot help
        closed = true;
        onState("down");
        onError(REFUSED[ev.code - 4000]);
        return;
      }
      onState("down");
      retry = setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }
  open();
  return {
    close() {
      closed = true;
      clearInterval(pinger);
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", onVisibility);
      if (ws) ws.close();
    },
    /** Drop the socket as a network failure would (used by tests and the "reconnect" control). */
    drop() {
      if (ws) ws.close();
    },
  };
}

/** Seats are numbers in the API and p1…p5 in the game's view. */
export function seatKey(seat) {
  if (seat === null || seat === undefined) return null;
  return typeof seat === "number" ? "p" + (seat + 1) : String(seat);
}

let metaGames = null;

/** GET /api/meta's games (asked once per page load; a failed answer is asked again next time), or null. */
export async function gamesMeta() {
  if (metaGames) return metaGames;
  const r = await api("/api/meta");
  if (!r.ok || !r.data || !Array.isArray(r.data.games)) return null;
  metaGames = r.data.games;
  return metaGames;
}

/** The bot names the server offers for a game (GET /api/meta), or a fallback list. */
export async function fetchBots(game, fallback = ["random", "greedy"]) {
  const games = await gamesMeta();
  const g = games && games.find((x) => x.name === game);
  return g && Array.isArray(g.bots) && g.bots.length ? g.bots.map(String) : fallback;
}

/** Whether the server has an advisor for a game (GET /api/meta's `advisor`). */
export async function hasAdvisor(game) {
  const games = await gamesMeta();
  const g = games && games.find((x) => x.name === game);
  return Boolean(g && g.advisor);
}
