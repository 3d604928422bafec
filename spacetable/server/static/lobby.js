// The lobby: learn a game (a guided tutorial against fast bots, left and resumed at will), create a game
// (which game, seats, bots, names, options; a newcomer's defaults: the base game, no expansion or module
// ticked, each option with one line on what it adds, bot seats the strongest bot that answers within 2 s),
// hand out invite links, list my games (with the replay of finished ones). Example games for developers
// are listed apart. Every game, its title, pitch and options come from GET /api/meta: a game's own option
// fields are its `lobby` module (e.g. `<game>/lobby.js`, loaded on demand), any other game gets a checkbox
// per option value. This file names no game.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { api, fetchBots, forgetGame, gamesMeta, rememberGame, storedGames } from "./api.js";
import { Profile, ensurePlayer, playerKey } from "./profile.js";

const FALLBACK_BOTS = ["random", "greedy"];

/** Every game of GET /api/meta as {name, title, min, max, options…}, the real games by title, examples
 * last (empty until it answers). */
function useGames() {
  const [games, setGames] = useState([]);
  useEffect(() => {
    gamesMeta().then((games) => {
      if (!games || !games.length) return;
      const list = games.map((g) => ({
        name: String(g.name), title: String(g.title || g.name), min: g.min_players || 1, max: g.max_players || 5,
        options: g.options && typeof g.options === "object" ? g.options : {},
        defaults: g.defaults && typeof g.defaults === "object" ? g.defaults : {},
        about: g.about && typeof g.about === "object" ? g.about : {},
        defaultBot: String(g.default_bot || "greedy"), tutorial: !!g.tutorial, example: !!g.example,
        pitch: String(g.pitch || ""), lobby: typeof g.lobby === "string" ? g.lobby : null,
      }));
      list.sort((a, b) => (a.example ? 1 : 0) - (b.example ? 1 : 0) || a.title.localeCompare(b.title));
      setGames(list);
    });
  }, []);
  return games;
}

const titleOf = (games, name) => (games.find((g) => g.name === name) || {}).title;

/** The options of `kind` ticked in the generic form's state ({"modes:lowball": true, …}). */
const chosen = (picked, kind) => Object.entries(picked).filter(([k, on]) => on && k.startsWith(kind + ":")).map(([k]) => k.slice(kind.length + 1));

/** A game's options from /api/meta as checkboxes (for a game without its own `lobby` module). */
function OtherOptions({ info, value, setValue, about }) {
  const entries = Object.entries(info.options || {}).flatMap(([kind, names]) =>
    Array.isArray(names) ? names.map((n) => ({ kind, name: String(n) })) : []);
  if (!entries.length) return "";
  return html`<div class="options">${entries.map((o) => html`<label class="option"><input type="checkbox" name=${"option-" + o.name}
    checked=${!!value[o.kind + ":" + o.name]}
    onChange=${(e) => setValue({ ...value, [o.kind + ":" + o.name]: e.currentTarget.checked })} /> <b>${o.name}</b> ${o.kind === "modes" ? "mode" : o.kind === "modules" ? "module" : "expansion"}
    ${about(o.name) ? html`<span class="small muted">${about(o.name)}</span>` : ""}</label>`)}</div>`;
}

/** The options form of a game without its own module: every option value a checkbox, none ticked. */
const GENERIC_FORM = {
  initial: () => ({}),
  request: (picked) => ({ expansions: chosen(picked, "expansions"), modules: chosen(picked, "modules"), modes: chosen(picked, "modes") }),
  Options: OtherOptions,
};
const FORMS = {};

/** The options form of a game: its `lobby` module's {initial, request, Options} (static/README.md), or
 * the generic one; null while the module loads. */
function useOptionsForm(info) {
  const path = info ? info.lobby : null;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!path || path in FORMS) return;
    FORMS[path] = null;
    const done = (form) => {
      FORMS[path] = form;
      setTick((t) => t + 1);
    };
    if (!/^[a-z0-9_-]{1,40}\/[a-z0-9_-]{1,40}\.js$/.test(path)) done(GENERIC_FORM);
    else import(`./${path}`).then((mod) => done(typeof mod.Options === "function"
      ? { initial: mod.initial || GENERIC_FORM.initial, request: mod.request || GENERIC_FORM.request, Options: mod.Options }
      : GENERIC_FORM), () => done(GENERIC_FORM));
  }, [path]);
  if (!info) return null;
  return path ? FORMS[path] || null : GENERIC_FORM;
}

const STARS = ["Vega", "Orion", "Rigel", "Lyra", "Altair", "Deneb", "Mira", "Sirius"];
/** A bot seat's default display name: a star, and which bot plays it ("Orion (bot)" for the game's default
 * bot, "Lyra (greedy bot)" for another). */
function botName(i, kind, defaultBot) {
  const plain = kind === defaultBot ? "bot" : `${kind} bot`;
  return `${STARS[i % STARS.length]} (${plain})`;
}

/** The clocks the form offers: none; live (per decision, then a reserve); turn-based (per turn). */
const CLOCKS = [
  { key: "none", label: "No clock" },
  { key: "live-30", label: "Live: 30 s a decision + 5 min reserve", clock: { kind: "live", seconds: 30, reserve: 300 } },
  { key: "live-60", label: "Live: 1 min a decision + 10 min reserve", clock: { kind: "live", seconds: 60, reserve: 600 } },
  { key: "turn-12", label: "Turn-based: 12 hours a turn", clock: { kind: "turn", seconds: 12 * 3600 } },
  { key: "turn-24", label: "Turn-based: 24 hours a turn", clock: { kind: "turn", seconds: 24 * 3600 } },
  { key: "turn-72", label: "Turn-based: 72 hours a turn", clock: { kind: "turn", seconds: 72 * 3600 } },
];

function link(id, token) {
  return `${location.origin}/game/${encodeURIComponent(id)}#token=${encodeURIComponent(token)}`;
}

/** The bots' ratings in a game on this server (GET /api/ratings/{game}): bot name → rating. */
function useBotRatings(game) {
  const [ratings, setRatings] = useState({});
  useEffect(() => {
    let live = true;
    api(`/api/ratings/${encodeURIComponent(game)}`).then((r) => {
      if (live && r.ok) setRatings(Object.fromEntries(r.data.bots.map((b) => [b.bot, b])));
    });
    return () => { live = false; };
  }, [game]);
  return ratings;
}

function CreateForm({ bots, games, game, setGame, onCreated }) {
  const [players, setPlayers] = useState(3);
  const ratings = useBotRatings(game);
  const rated = (b) => (ratings[b] ? ` · rated ${ratings[b].rating.toFixed(1)}` : "");
  const info = games.find((g) => g.name === game) || games[0];
  const form = useOptionsForm(info);
  // the options' state, made by the game's form from its defaults (a newcomer's: nothing ticked)
  const [options, setOptions] = useState({ game: null, value: null });
  const value = options.game === info.name ? options.value : null;
  // a newcomer's table: you and the game's strongest bot that answers within 2 s in every other seat
  const botFor = (g) => (g && g.defaultBot) || "greedy";
  const [kinds, setKinds] = useState(() => ["human", ...Array(7).fill(botFor(info))]);
  const [names, setNames] = useState(["", "", "", "", "", "", "", ""]);
  // an option's line "Its name (detail): what it adds" → "what it adds" (the box already names it)
  const about = (name) => ((info && info.about && info.about[name]) || "").replace(/^[^:]{0,40}:\s*/, "");
  // a game's defaults when it is chosen (and when its options form has loaded)
  useEffect(() => {
    setKinds((old) => ["human", ...old.slice(1).map((k) => (k === "human" ? k : botFor(info)))]);
  }, [info && info.name, info && info.defaultBot]);
  useEffect(() => {
    if (form) setOptions({ game: info.name, value: form.initial(info) });
  }, [info && info.name, form]);
  const [seed, setSeed] = useState("");
  const [share, setShare] = useState(false);
  const [clock, setClock] = useState("none");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    if (!form || !value) return;
    setBusy(true);
    setError(null);
    const picks = kinds.slice(0, players);
    const seats = picks.map((k) => (k === "open" ? "human" : k)); // an open seat is a person's seat no one holds yet
    const openSeats = picks.map((k, i) => (k === "open" ? i : -1)).filter((i) => i >= 0);
    const body = { game, players, seats, ...form.request(value, players) };
    Object.assign(body, {
      names: names.slice(0, players).map((n, i) => n.trim() || (seats[i] === "human" ? `Captain ${i + 1}` : botName(i, seats[i], info.defaultBot))),
    });
    if (seed.trim()) {
      if (!/^\d{1,39}$/.test(seed.trim())) {
        setBusy(false);
        setError("The seed is a whole number (0 or more, below 2^128); leave it empty for a secret deal.");
        return;
      }
      body.seed = BigInt(seed.trim()); // the API takes any integer below 2**128 (sent as a JSON integer)
    }
    if (share) body.share_for_research = true;
    if (openSeats.length) body.open_seats = openSeats;
    const timing = CLOCKS.find((c) => c.key === clock);
    if (timing && timing.clock) body.clock = timing.clock;
    const r = await api("/api/games", { method: "POST", body });
    setBusy(false);
    if (!r.ok) {
      setError(r.data.error || "The game could not be created.");
      return;
    }
    const g = r.data;
    const invites = g.seats.map((s) => ({ seat: s.seat, name: body.names[s.seat], url: link(g.id, s.token) }));
    const first = g.seats[0];
    rememberGame(g.id, {
      game, created: Date.now(), seat: first ? first.seat : null, token: first ? first.token : g.spectator,
      invites, spectator: link(g.id, g.spectator), names: body.names, options: [...body.expansions, ...body.modules, ...body.modes],
      fixedSeed: body.seed !== undefined,
    });
    onCreated(g.id);
  };
  return html`<form class="panel" onSubmit=${submit} aria-label="Create a game">
    <h2>New game</h2>
    <div class="field"><label>Game <select class="input" name="game" value=${game} onChange=${(e) => {
        const next = games.find((g) => g.name === e.currentTarget.value) || games[0];
        setGame(next.name);
        setPlayers(Math.max(next.min, Math.min(next.max, players)));
      }}>${games.filter((g) => !g.example).map((g) => html`<option value=${g.name}>${g.title}</option>`)}
        ${games.some((g) => g.example) ? html`<optgroup label="Examples (for developers)">${games.filter((g) => g.example).map((g) => html`<option value=${g.name}>${g.title}</option>`)}</optgroup>` : ""}</select></label>
      <label>Captains <select class="input" name="players" value=${players} onChange=${(e) => setPlayers(parseInt(e.currentTarget.value, 10))}>
        ${[1, 2, 3, 4, 5, 6, 7, 8].filter((n) => n >= info.min && n <= info.max).map((n) => html`<option value=${n}>${n}</option>`)}</select></label></div>
    ${kinds.slice(0, players).map((k, i) => html`<div class="seat-row">
      <span class="muted">Seat ${i + 1}</span>
      <select class="input" name=${"seat-" + i} aria-label=${`seat ${i + 1} player`} value=${k}
        onChange=${(e) => { const nk = [...kinds]; nk[i] = e.currentTarget.value; setKinds(nk); }}>
        <option value="human">Human</option><option value="open" title="Anyone on this server may take it from the lobby's open seats">Open seat</option>${bots.map((b) => html`<option value=${b} title=${ratings[b] ? `${b}: rated ${ratings[b].rating.toFixed(1)} after ${ratings[b].games} games on this server` : b}>${b.startsWith("policy:") ? `Agent: ${b.slice(7)}` : `Bot: ${b}`}${b === info.defaultBot ? " ★" : ""}${rated(b)}</option>`)}</select>
      <input class="input" name=${"name-" + i} aria-label=${`seat ${i + 1} name`} maxlength="40" placeholder=${k === "human" || k === "open" ? `Captain ${i + 1}` : botName(i, k, info.defaultBot)}
        value=${names[i]} onInput=${(e) => { const nn = [...names]; nn[i] = e.currentTarget.value; setNames(nn); }} />
    </div>`)}
    ${form && value ? html`<${form.Options} info=${info} players=${players} value=${value}
      setValue=${(v) => setOptions({ game: info.name, value: v })} about=${about} />` : ""}
    <div class="field"><label title="When a captain's time runs out, the game's ★ bot makes that decision for them; they keep their seat">Clock
      <select class="input" name="clock" value=${clock} onChange=${(e) => setClock(e.currentTarget.value)}>
        ${CLOCKS.map((c) => html`<option value=${c.key}>${c.label}</option>`)}</select></label>
      ${clock !== "none" ? html`<span class="small muted">out of time: the ★ bot decides that turn for them</span>` : ""}</div>
    <div class="field"><label title="Empty: a secret deal, provably fair once the game is over. A seed you choose lets you know every hand, and every table says so.">Seed <input class="input" name="seed" inputmode="numeric" placeholder="secret" value=${seed} onInput=${(e) => setSeed(e.currentTarget.value)} style="width:110px" /></label>
      ${seed.trim() ? html`<span class="small muted">a chosen seed: every table will say you know the deal</span>` : ""}</div>
    <div class="field"><label title="once the game is over, its decisions (what each seat saw and chose, never names) may be exported for research with spacetable dataset"><input type="checkbox" name="share-for-research" checked=${share} onChange=${(e) => setShare(e.currentTarget.checked)} /> Share this game for research (anonymous, after it ends)</label></div>
    ${error ? html`<div class="error" role="alert">${error}</div>` : ""}
    <button class="btn primary" type="submit" disabled=${busy || !value}>Create game</button>
  </form>`;
}

function Invites({ rec }) {
  const [copied, setCopied] = useState(null);
  const ref = useRef(null);
  // just created: bring the links into sight (on a phone they are not where the Create button was)
  useEffect(() => { if (ref.current) ref.current.scrollIntoView({ block: "nearest" }); }, [rec.id]);
  const copy = (url) => {
    // the clipboard API exists only on https:// and localhost; elsewhere (a LAN address) select the link
    const select = () => {
      const el = document.querySelector(`code[data-url="${CSS.escape(url)}"]`);
      if (!el) return;
      const range = document.createRange();
      range.selectNodeContents(el);
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      setCopied("select:" + url);
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(() => setCopied(url), select);
    else select();
  };
  const label = (url) => (copied === url ? "copied" : copied === "select:" + url ? "selected: press Ctrl+C" : "copy");
  return html`<section class="panel links" aria-label="Invite links" ref=${ref}>
    <h2>Invite links for game ${rec.id}</h2>
    <p class="small muted">Send each captain their own link: it holds that seat's secret token. Opening
      another seat's link in this browser would make this browser that seat.</p>
    ${rec.fixedSeed ? html`<p class="deal-notice" role="note"><span><b>Known deal:</b> you chose this game's seed, so
      you can know every hand; every captain's table says so, from the moment they open their link.</span></p>` : ""}
    <ul>
      ${(rec.invites || []).map((inv) => html`<li data-seat=${inv.seat}>
        <b>Seat ${inv.seat + 1}</b> · ${inv.name}
        ${inv.seat === rec.seat ? html` <a class="btn tiny primary" href=${"/game/" + encodeURIComponent(rec.id)}>Open my seat</a>` : html` <button class="btn tiny" type="button" onClick=${() => copy(inv.url)}>${label(inv.url)}</button>`}
        <code class="link invite" data-url=${inv.url}>${inv.url}</code></li>`)}
      <li><b>Spectators</b> <button class="btn tiny" type="button" onClick=${() => copy(rec.spectator)}>${label(rec.spectator)}</button>
        <code class="link spectator" data-url=${rec.spectator}>${rec.spectator}</code></li>
    </ul>
  </section>`;
}

function describe(rec, v) {
  if (!v) return { text: "…", mine: false };
  if (v.error) return { text: v.error, mine: false };
  const names = (v.seats || []).map((s) => s.name);
  const who = names.join(" · ");
  if (v.terminal && !(v.view && Array.isArray(v.view.players))) {
    const won = (v.winners || []).map((w) => names[w] || "P" + (w + 1)).join(" and ") || "nobody";
    return { text: `Finished${v.message ? " (" + v.message + ")" : ""}: ${won} won.`, mine: false, done: true, who };
  }
  if (v.terminal) {
    const players = [...((v.view && v.view.players) || [])].map((p, i) => ({ ...p, name: names[i] || p.seat }));
    players.sort((a, b) => b.prestige - a.prestige || b.credits - a.credits);
    const winners = (v.view && v.view.winners) || [];
    const score = players.map((p, i) => `${i + 1}. ${p.name} ★${p.prestige} ¢${p.credits}${p.claimed.length ? " ✓" + p.claimed.length : ""}`).join("  ");
    const won = winners.map((w) => names[parseInt(w.slice(1), 10) - 1] || w).join(" and ");
    return { text: `Finished${v.message ? " (" + v.message + ")" : ""}: ${won} won. ${score}`, mine: false, done: true, who };
  }
  const mine = (v.legal_actions || []).length > 0;
  const whoDecides = v.current_player !== null && v.current_player !== undefined ? names[v.current_player] || "" : "";
  return { text: mine ? "Your turn!" : `Waiting for ${whoDecides}${v.view && v.view.turn !== undefined ? " · turn " + v.view.turn : v.view && v.view.round !== undefined ? " · round " + v.view.round : ""}`, mine, who };
}

function MyGames({ games, stored, onForget }) {
  const [views, setViews] = useState({});
  useEffect(() => {
    const load = () => {
      for (const rec of Object.values(stored)) {
        if (!rec.token) continue;
        api(`/api/games/${encodeURIComponent(rec.id)}/view`, { token: rec.token }).then((r) => {
          setViews((old) => ({ ...old, [rec.id]: r.ok ? r.data : { error: r.data.error || "unavailable" } }));
        });
      }
    };
    load();
    const timer = setInterval(load, 15000); // games go on while the lobby is open
    return () => clearInterval(timer);
  }, [Object.keys(stored).join(",")]);
  const list = Object.values(stored).map((rec) => ({ rec, d: describe(rec, views[rec.id]) }));
  const waiting = list.filter((x) => x.d.mine).length;
  useEffect(() => {
    document.title = (waiting ? `(${waiting}) ` : "") + "Lobby · spacetable";
  }, [waiting]);
  list.sort((a, b) => (b.d.mine - a.d.mine) || ((a.d.done ? 1 : 0) - (b.d.done ? 1 : 0)) || ((b.rec.created || b.rec.joined || 0) - (a.rec.created || a.rec.joined || 0)));
  return html`<section class="panel gamelist" aria-label="My games">
    <h2>My games</h2>
    ${list.length ? html`<ul>${list.map(({ rec, d }) => html`<li class=${d.mine ? "myturn" : ""} data-game=${rec.id}>
      <span class="what"><b>${titleOf(games, rec.game) || rec.game || "A game"}</b> <span class="small muted">${rec.id}${rec.options && rec.options.length ? " · " + rec.options.join(", ") : ""}</span>
        ${d.who ? html`<div class="small">${d.who}</div>` : ""}
        <span class=${d.mine ? "status mine" : "small"} style=${d.mine ? "color:var(--accent-2);font-weight:700" : ""}>${d.text}</span>
        ${rec.invites && rec.invites.length > 1 ? html`<details><summary class="small muted">invite links</summary>
          ${rec.invites.map((inv) => html`<div class="small">Seat ${inv.seat + 1} · ${inv.name}<code class="link">${inv.url}</code></div>`)}
          ${rec.spectator ? html`<div class="small">Spectators<code class="link">${rec.spectator}</code></div>` : ""}</details>` : ""}</span>
      <a class="btn tiny primary" href=${"/game/" + encodeURIComponent(rec.id)}>${d.done ? "View" : "Play"}</a>
      ${d.done ? html`<a class="btn tiny" href=${"/replay/" + encodeURIComponent(rec.id)} title="Step through the game">Replay</a>` : ""}
      <button class="btn tiny" type="button" onClick=${() => onForget(rec.id)} title="Remove from this list (the game goes on)">forget</button>
    </li>`)}</ul>` : html`<p class="muted">No games yet in this browser. Create one, or open an invite link.</p>`}
  </section>`;
}

/** "Learn <game>" for every game with a tutorial: a guided first game against fast bots, with the coach at
 * every step (POST /api/tutorials/{game}); an unfinished one is offered to resume. */
function Learn({ games, stored, onStarted }) {
  const [busy, setBusy] = useState(null);
  const [error, setError] = useState(null);
  const learnable = games.filter((g) => g.tutorial && !g.example);
  if (!learnable.length) return "";
  const start = async (g) => {
    setBusy(g.name);
    setError(null);
    const r = await api(`/api/tutorials/${encodeURIComponent(g.name)}`, { method: "POST", body: {} });
    setBusy(null);
    if (!r.ok) {
      setError(r.data.error || "The tutorial could not be started.");
      return;
    }
    const first = r.data.seats[0];
    rememberGame(r.data.id, { game: g.name, created: Date.now(), seat: first.seat, token: first.token, tutorial: true,
      options: ["tutorial"] });
    onStarted();
    location.assign("/game/" + encodeURIComponent(r.data.id));
  };
  return html`<section class="panel learn" aria-label="Learn to play">
    <h2>New here? Learn to play</h2>
    <p class="small muted">A short guided game against quick bots: the coach explains each step and suggests a move;
      leave whenever you like and resume from this page.</p>
    ${learnable.map((g) => {
      const open = Object.values(stored).filter((x) => x.game === g.name && x.tutorial && !x.terminal && !x.tutorialDone)
        .sort((x, y) => (y.created || 0) - (x.created || 0))[0];
      return html`<div class="learn-row" data-learn=${g.name}>
        <div><b>${g.title}</b><div class="small muted">${g.pitch}</div></div>
        <div class="row">${open ? html`<a class="btn primary" href=${"/game/" + encodeURIComponent(open.id)} data-resume=${g.name}>Resume the tutorial</a>` : ""}
          <button class="btn ${open ? "" : "primary"}" type="button" disabled=${!!busy} data-learn-start=${g.name}
            onClick=${() => start(g)}>${busy === g.name ? "Starting…" : open ? "Start over" : `Learn ${g.title}`}</button></div>
      </div>`;
    })}
    ${error ? html`<div class="error" role="alert">${error}</div>` : ""}
  </section>`;
}

/** The running games on this server with a seat anyone may take (GET /api/open); taking one attaches it to
 * this browser's profile (made on the spot if there is none) and opens the table. */
function OpenSeats({ games, onTaken }) {
  const [list, setList] = useState(null);
  const [error, setError] = useState(null);
  const load = async () => {
    const r = await api("/api/open");
    setList(r.ok ? r.data.games : []);
  };
  useEffect(() => {
    load();
    const t = setInterval(load, 15000);
    return () => clearInterval(t);
  }, []);
  if (!list || !list.length) return null;
  const title = (name) => titleOf(games, name) || name;
  const takeSeat = async (g, seat) => {
    setError(null);
    const me = await ensurePlayer();
    const key = playerKey();
    if (!me || !key) {
      setError("Your profile could not be made here; try again in a moment.");
      return;
    }
    const r = await api(`/api/games/${encodeURIComponent(g.id)}/seats/${seat}/take`, { method: "POST", token: key });
    if (!r.ok) {
      setError(r.data.error || "The seat could not be taken.");
      load();
      return;
    }
    rememberGame(g.id, { game: g.game, created: Date.now(), seat, token: r.data.token });
    onTaken();
    location.assign(`/game/${encodeURIComponent(g.id)}#token=${encodeURIComponent(r.data.token)}`);
  };
  return html`<section class="panel open-seats" aria-label="Open seats">
    <h2>Open seats on this server</h2>
    ${error ? html`<div class="error" role="alert">${error}</div>` : ""}
    <div class="gamelist"><ul>${list.map((g) => html`<li data-open-game=${g.id}>
      <div class="what"><b>${title(g.game)}</b> <span class="small muted">${g.players} captains${" · with "}${g.seats.filter((s) => !s.open).map((s) => s.name).join(", ")}</span></div>
      ${g.seats.filter((s) => s.open).map((s) => html`<button class="btn tiny primary" data-take=${s.seat}
        onClick=${() => takeSeat(g, s.seat)} title=${`Take seat ${s.seat + 1} (${s.name})`}>Take seat ${s.seat + 1}</button>`)}
    </li>`)}</ul></div></section>`;
}

export function Lobby({ notice = null } = {}) {
  const games = useGames();
  const [bots, setBots] = useState(FALLBACK_BOTS);
  const [stored, setStored] = useState(storedGames());
  const [created, setCreated] = useState(null);
  const [game, setGame] = useState(null);
  // the first real game is chosen once the server has listed them
  useEffect(() => {
    if (!game && games.length) setGame((games.find((g) => !g.example) || games[0]).name);
  }, [games]);
  useEffect(() => {
    if (game) fetchBots(game).then(setBots);
  }, [game]);
  const real = games.filter((g) => !g.example).map((g) => g.title);
  const tagline = real.length > 1 ? `${real.slice(0, -1).join(", ")} and ${real[real.length - 1]}` : real.join("");
  const onCreated = (id) => {
    setStored(storedGames());
    setCreated(id);
  };
  const rec = created ? stored[created] : null;
  return html`<main class="lobby">
    <header><h1>SPACETABLE</h1>${real.length ? html`<span class="muted">${tagline} with friends and bots — live, or slowly over days.</span>` : ""}</header>
    <div class="col" style="gap:14px">
      <${Learn} games=${games} stored=${stored} onStarted=${() => setStored(storedGames())} />
      ${game ? html`<${CreateForm} bots=${bots} games=${games} game=${game} setGame=${setGame} onCreated=${onCreated} />`
        : html`<section class="panel" aria-busy="true"><h2>New game</h2><p class="muted">Loading the games…</p></section>`}
      <section class="panel about"><h2>How it works</h2>
        Create a game and send each captain their own invite link: the link holds that seat's secret key,
        so keep it to yourself. Bots play their seats on the server. Your games are remembered in this
        browser; the tab's title shows how many wait for your move. A game can be played live or over
        days: come back to the link any time.</section></div>
    <div class="col" style="gap:14px">
      ${rec ? html`<${Invites} rec=${rec} />` : ""}
      <${Profile} notice=${notice} />
      <${OpenSeats} games=${games} onTaken=${() => setStored(storedGames())} />
      <${MyGames} games=${games} stored=${stored} onForget=${(id) => { forgetGame(id); setStored(storedGames()); }} />
    </div>
  </main>`;
}
