// The player's profile in this browser: created on the first visit (POST /api/players) and kept by its
// secret key in localStorage; its games listed by the server (waiting for me first); "Use on another
// device" shows the sign-in link (/me#key=…) and its QR code; "New key" replaces the key (the old one
// and its links stop working). A seat this browser opens is attached to the profile (…/claim).
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { api, gamesMeta, keepToken, storedGames } from "./api.js";

const KEY = "spacetable.player";
const CLAIMED = "spacetable.claimed";
/** Each game's title, from GET /api/meta (filled before the games are listed). */
const TITLES = {};

export function playerKey() {
  return localStorage.getItem(KEY) || null;
}

function setPlayerKey(key) {
  localStorage.setItem(KEY, key);
}

/** A browser notification, only while this tab is in the background and the player allowed them
 * (the "Browser notifications" switch of the profile); `tag` keeps one per game on screen. */
export function browserNotice(title, tag) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  if (document.visibilityState === "visible" || localStorage.getItem("spacetable.browser-notices") !== "on") return;
  try {
    const n = new Notification(title, { body: "The table waits for your decision.", tag: String(tag) });
    n.onclick = () => { window.focus(); n.close(); };
  } catch {
    /* not allowed here */
  }
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

function b64ToBytes(b64) {
  const pad = "=".repeat((4 - (b64.length % 4)) % 4);
  const raw = atob((b64 + pad).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Web Push for this device: a service worker, a subscription to the server's VAPID key, sent to the
 * server as the profile's `push` channel. Resolves to an error message or null. */
async function subscribePush(key) {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return "This browser has no Web Push.";
  try {
    const reg = await navigator.serviceWorker.register("/sw.js");
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64ToBytes(key) });
    const r = await api("/api/players/me/notify", { token: playerKey(), method: "PUT", body: { push: sub.toJSON() } });
    return r.ok ? null : r.data.error;
  } catch (e) {
    return "Push could not be turned on here (" + e.message + ").";
  }
}

/** Where this player's notices go: the browser while a tab is in the back, Web Push, a webhook (JSON,
 * Discord or ntfy), e-mail if the server sends it, and one reminder after some hours. */
function Notices() {
  const [info, setInfo] = useState(null);
  const [form, setForm] = useState(null);
  const [said, setSaid] = useState(null);
  const [browser, setBrowser] = useState(() => localStorage.getItem("spacetable.browser-notices") === "on");
  useEffect(() => {
    api("/api/players/me/notify", { token: playerKey() }).then((r) => {
      if (!r.ok) return;
      setInfo(r.data);
      setForm({ webhook: r.data.webhook || "", webhook_format: r.data.webhook_format, email: r.data.email || "", reminder_hours: r.data.reminder_hours });
    });
  }, []);
  if (!info || !form) return "";
  const save = async (e) => {
    e.preventDefault();
    const body = { webhook: form.webhook.trim() || null, webhook_format: form.webhook_format,
      reminder_hours: Number(form.reminder_hours) };
    if (info.email_available) body.email = form.email.trim() || null;
    const r = await api("/api/players/me/notify", { token: playerKey(), method: "PUT", body });
    if (r.ok) { setInfo(r.data); setSaid("Saved."); } else setSaid(r.data.error);
  };
  const toggleBrowser = async () => {
    if (!browser && typeof Notification !== "undefined" && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission();
      if (answer !== "granted") { setSaid("The browser did not allow notifications."); return; }
    }
    localStorage.setItem("spacetable.browser-notices", browser ? "off" : "on");
    setBrowser(!browser);
  };
  const push = async () => {
    const why = await subscribePush(info.push_key);
    setSaid(why || "Push notices reach this device now, even with spacetable closed.");
    if (!why) setInfo({ ...info, push: true });
  };
  const set = (k) => (e) => setForm({ ...form, [k]: e.currentTarget.value });
  return html`<details class="notices" data-notices>
    <summary>Notices when it is your turn</summary>
    <p class="small muted">One notice per decision that waits for you, through each way you choose; none while you have the table open on screen. A notice says only which game waits and links to your games.</p>
    <div class="row"><button class="btn tiny" type="button" aria-pressed=${browser} onClick=${toggleBrowser}>Browser notifications: ${browser ? "on" : "off"}</button>
      <button class="btn tiny" type="button" onClick=${push} disabled=${!info.push_key}>${info.push ? "Push: on (this or another device)" : "Push to this device"}</button></div>
    <form onSubmit=${save} class="notice-form">
      <label class="small">Webhook <input class="input" type="url" name="webhook" placeholder="https://…" value=${form.webhook} onInput=${set("webhook")} /></label>
      <label class="small">as <select class="input" name="webhook_format" value=${form.webhook_format} onChange=${set("webhook_format")}>
        <option value="json">JSON</option><option value="discord">Discord</option><option value="ntfy">ntfy</option></select></label>
      ${info.email_available ? html`<label class="small">E-mail <input class="input" type="email" name="email" value=${form.email} onInput=${set("email")} /></label>`
        : html`<span class="small muted">E-mail: this server sends none.</span>`}
      <label class="small">Reminder <select class="input" name="reminder_hours" value=${String(form.reminder_hours)} onChange=${set("reminder_hours")}>
        ${[0, 1, 6, 12, 24, 48].map((h) => html`<option value=${String(h)}>${h ? `after ${h} h` : "none"}</option>`)}</select></label>
      <button class="btn tiny primary" type="submit">Save notices</button>
    </form>
    ${said ? html`<div class="small" role="status">${said}</div>` : ""}
  </details>`;
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
      <div class="qr"><img src=${sign.svg} alt="QR code of the sign-in link" width="185" height="185" /></div></div>` : ""}
    ${error ? html`<div class="error" role="alert">${error}</div>` : ""}
  </div>`;
}

/** The profile panel of the lobby: name, the profile's games (waiting for me first), other devices. */
export function Profile({ notice }) {
  const [me, setMe] = useState(null);
  const [error, setError] = useState(notice || null);
  const [name, setName] = useState("");
  const waiting = useRef(null);
  const load = async () => {
    const found = await ensurePlayer();
    if (!found) return;
    for (const g of (await gamesMeta()) || []) TITLES[g.name] = g.title;
    setMe(found);
    setName((old) => old || found.player.name);
    // a game newly waiting for me while this tab is in the background: a browser notification
    const now = new Set(found.games.filter((g) => g.my_turn).map((g) => g.id));
    if (waiting.current) for (const id of now) if (!waiting.current.has(id)) browserNotice("Your move at spacetable", id);
    waiting.current = now;
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
    ${me.ratings && Object.keys(me.ratings).length ? html`<p class="small ratings" data-ratings="me"
      title="openskill rating (mu − 3 sigma): it rises as you win and as your games tell more about you">Your rating:
      ${Object.entries(me.ratings).map(([game, r], i) => html`${i ? " · " : " "}<b>${TITLES[game] || game}</b> ${r.rating.toFixed(1)}${" "}<span class="muted">(${r.games} game${r.games === 1 ? "" : "s"})</span>`)}</p>` : ""}
    <${Notices} />
    <${Devices} onRotated=${load} />
    ${error ? html`<div class="error" role="alert">${error}</div>` : ""}
  </section>`;
}
