// The player's profile in this browser: created on the first visit (POST /api/players) and kept by its
// secret key in localStorage; its games listed by the server (waiting for me first); "Use on another
// device" shows the sign-in link (/me#key=…) and its QR code; "New key" replaces the key (the old one
// and its links stop working). A seat this browser opens is attached to the profile (…/claim).
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { api, keepToken, storedGames } from "./api.js";

const KEY = "spacetable.player";
const CLAIMED = "spacetable.claimed";
const TITLES = { moonrakers: "Moonrakers", spacelanes: "Space Lanes", highcard: "Highcard" };

export function playerKey() {
  return localStorage.getItem(KEY) || null;
}

function setPlayerKey(key) {
  localStorage.setItem(KEY, key);
}

/** The profile of this browser, created on the first visit. Resolves to {player, games} or null. */
export async function ensurePlayer() {
  const key = playerKey();
  if (key) {
    const r = await api("/api/players/me", { token: key });
    if (r.ok) return r.data;
    if (r.status !== 401) return null; // the server is busy: keep the key, try again later
  }
  const made = await api("/api/players", { method: "POST", body: { name: "Captain" } });
  if (!made.ok) return null;
  setPlayerKey(made.data.key);
  const r = await api("/api/players/me", { token: made.data.key });
  return r.ok ? r.data : null;
}

/** The sign-in link's landing (/me#key=…): keep the key once the server accepts it. Resolves to an
 * error message, or null when the profile is now this browser's. */
export async function signInFromUrl() {
  const m = /(?:^|[#&])key=([^&]+)/.exec(location.hash);
  history.replaceState(null, "", "/");
  if (!m) return "This sign-in link holds no key.";
  const key = decodeURIComponent(m[1]);
  const r = await api("/api/players/me", { token: key });
  if (!r.ok) return r.status === 401 ? "This sign-in link no longer works: its key was replaced by a new one." : (r.data.error || "The profile could not be opened.");
  setPlayerKey(key);
  return null;
}

/** Attach the seat of an accepted invite token to this browser's profile (once per seat). */
export async function claimSeat(id, seat, token) {
  if (seat === null || seat === undefined) return;
  if (!playerKey()) await ensurePlayer(); // the first visit of this browser: its profile starts here
  const key = playerKey();
  if (!key) return;
  let done = {};
  try { done = JSON.parse(localStorage.getItem(CLAIMED) || "{}") || {}; } catch { done = {}; }
  const mark = `${id}:${seat}`;
  if (done[mark]) return;
  const r = await api(`/api/games/${encodeURIComponent(id)}/seats/${seat}/claim`, { token, method: "POST", body: { player_key: key } });
  if (r.ok || r.status === 409) {
    done[mark] = true;
    localStorage.setItem(CLAIMED, JSON.stringify(done));
  }
}

/** Open a game of the profile: the token this browser holds, or a new one for this device. */
async function openGame(g) {
  const held = storedGames()[g.id];
  if (!held || !held.token) {
    const r = await api(`/api/games/${encodeURIComponent(g.id)}/seats/${g.seat}/open`, { token: playerKey(), method: "POST" });
    if (!r.ok) return r.data.error || "The seat could not be opened.";
    keepToken(g.id, r.data.token);
  }
  location.assign("/game/" + encodeURIComponent(g.id));
  return null;
}

function Devices({ onRotated }) {
  const [sign, setSign] = useState(null);
  const [error, setError] = useState(null);
  const show = async () => {
    const r = await api("/api/players/me/signin", { token: playerKey() });
    if (r.ok) setSign(r.data);
    else setError(r.data.error);
  };
  const rotate = async () => {
    if (!confirm("Replace your key? Every other device and sign-in link of this profile stops working.")) return;
    const r = await api("/api/players/me/key", { token: playerKey(), method: "POST" });
    if (!r.ok) { setError(r.data.error); return; }
    setPlayerKey(r.data.key);
    setSign(null);
    onRotated();
  };
  return html`<div class="devices">
    <div class="row"><button class="btn tiny" type="button" onClick=${show} data-signin="show">Use on another device</button>
      <button class="btn tiny" type="button" onClick=${rotate} data-signin="rotate" title="Other devices and old sign-in links stop working">New key</button></div>
    ${sign ? html`<div class="signin" data-signin="link">
      <p class="small">Open this link (or scan the code) on your other device; it holds your key, so keep it to yourself.</p>
      <code class="link">${sign.url}</code>
      <div class="qr" aria-label="QR code of the sign-in link" dangerouslySetInnerHTML=${{ __html: sign.svg }}></div></div>` : ""}
    ${error ? html`<div class="error" role="alert">${error}</div>` : ""}
  </div>`;
}

/** The profile panel of the lobby: name, the profile's games (waiting for me first), other devices. */
export function Profile({ notice }) {
  const [me, setMe] = useState(null);
  const [error, setError] = useState(notice || null);
  const [name, setName] = useState("");
  const load = async () => {
    const found = await ensurePlayer();
    if (found) { setMe(found); setName(found.player.name); }
  };
  useEffect(() => {
    load();
    const timer = setInterval(load, 20000);
    return () => clearInterval(timer);
  }, []);
  if (!me) return html`<section class="panel profile" aria-label="Your profile"><h2>Your profile</h2><p class="muted">…</p>${error ? html`<div class="error" role="alert">${error}</div>` : ""}</section>`;
  const rename = async (e) => {
    e.preventDefault();
    const r = await api("/api/players/me", { token: playerKey(), method: "PUT", body: { name } });
    if (r.ok) { setMe(r.data); setError(null); } else setError(r.data.error);
  };
  const open = async (g) => { const why = await openGame(g); if (why) setError(why); };
  return html`<section class="panel profile" aria-label="Your profile">
    <h2>Your profile</h2>
    <form class="row" onSubmit=${rename}><label class="small">Name <input class="input" type="text" name="player-name" maxlength="40" value=${name} onInput=${(e) => setName(e.currentTarget.value)} /></label>
      <button class="btn tiny" type="submit" disabled=${name === me.player.name}>Save</button></form>
    ${me.games.length ? html`<ul class="profile-games">${me.games.map((g) => html`<li data-profile-game=${g.id} class=${g.my_turn ? "myturn" : ""}>
      <span><b>${TITLES[g.game] || g.game}</b> <span class="small muted">${g.id} · ${g.name || "seat " + (g.seat + 1)}</span>
        <span class=${g.my_turn ? "status mine" : "small muted"}>${g.my_turn ? " Your turn!" : g.status === "running" ? " running" : " finished"}</span></span>
      <button class="btn tiny ${g.my_turn ? "primary" : ""}" type="button" onClick=${() => open(g)}>${g.status === "running" ? "Open" : "View"}</button></li>`)}</ul>`
      : html`<p class="small muted">Games you join in this browser are kept with your profile, on every device you use.</p>`}
    <${Devices} onRotated=${load} />
    ${error ? html`<div class="error" role="alert">${error}</div>` : ""}
  </section>`;
}
