// The designer's workbench: browse the cards (GET /api/catalog: the form overrides take), edit one in a
// form checked by the server with the same validators as --cards, launch simulate / ladder / tune runs
// and comparisons (child processes on the server: the CLI's own commands), watch their progress,
// cancel them, and read their reports. Every /api/designer call carries the designer key. The games, their
// card kinds (with their titles) and the fields the data derives come from GET /api/designer/meta: this
// file names no game.
import { render } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { html } from "../html.js";

const KEY = "spacetable.designerKey";

/** A card kind's title on the page (the meta's `kind_titles`; else the kind itself). */
const kindTitle = (info, kind) => (info && info.kind_titles && info.kind_titles[kind]) || kind;
/** Catalog fields the data derives for people: shown, never edited (the meta's `derived`; docs/simulate.md,
 * card overrides). */
const derivedOf = (info, kind) => (info && info.derived && info.derived[kind]) || [];

function takeKey() {
  const m = /(?:^|[#&])key=([^&]+)/.exec(location.hash);
  if (m) {
    sessionStorage.setItem(KEY, decodeURIComponent(m[1]));
    history.replaceState(null, "", location.pathname);
  }
  return sessionStorage.getItem(KEY);
}

async function call(key, path, { method = "GET", body } = {}) {
  const headers = { Authorization: `Bearer ${key}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { ok: false, status: 0, error: "the server does not answer" };
  }
  const type = res.headers.get("content-type") || "";
  const data = type.includes("json") ? await res.json() : await res.text();
  return { ok: res.ok, status: res.status, data, error: res.ok ? null : (data && data.error) || `error ${res.status}` };
}

/** The card field an error message names (`field 'cost'`, `field 'effects[1].n'` → cost, effects). */
function fieldOf(message) {
  const m = /field '([^'.[\]]+)/.exec(message || "");
  return m ? m[1] : null;
}

function isNumberMap(v) {
  return v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 0 &&
    Object.values(v).every((x) => typeof x === "number");
}

function cardMeta(card) {
  const bits = [];
  if (typeof card.cost === "number") bits.push(`${card.cost} cr`);
  if (card.set) bits.push(card.set);
  if (card.kind && typeof card.kind === "string") bits.push(card.kind);
  if (typeof card.target === "number") bits.push(`target ${card.target}`);
  if (typeof card.copies === "number") bits.push(`×${card.copies}`);
  return bits.join(" · ");
}

// ------------------------------------------------------------------ the card form

function Field({ name, value, original, onChange, error, readOnly }) {
  const changed = JSON.stringify(value) !== JSON.stringify(original);
  const cls = `dz-field ${error ? "bad" : ""} ${changed ? "changed" : ""}`;
  const id = `f-${name}`;
  let input;
  if (readOnly) {
    input = html`<div class="muted small" style="padding-top:5px">${typeof value === "string" ? value : JSON.stringify(value)} (derived)</div>`;
  } else if (typeof value === "number") {
    input = html`<input id=${id} name=${name} type="number" value=${value}
      onInput=${(e) => onChange(e.target.value === "" ? "" : Number(e.target.value))} />`;
  } else if (typeof value === "boolean") {
    input = html`<select id=${id} name=${name} value=${String(value)} onChange=${(e) => onChange(e.target.value === "true")}>
      <option value="true">yes</option><option value="false">no</option></select>`;
  } else if (typeof value === "string") {
    input = name === "text"
      ? html`<textarea id=${id} name=${name} value=${value} onInput=${(e) => onChange(e.target.value)} />`
      : html`<input id=${id} name=${name} value=${value} onInput=${(e) => onChange(e.target.value)} />`;
  } else if (isNumberMap(value)) {
    input = html`<div class="dz-subgrid">${Object.entries(value).map(([k, v]) => html`<span>${k}
      <input type="number" name=${`${name}.${k}`} value=${v}
        onInput=${(e) => onChange({ ...value, [k]: e.target.value === "" ? "" : Number(e.target.value) })} /></span>`)}</div>`;
  } else {
    input = html`<${JsonInput} id=${id} name=${name} value=${value} onChange=${onChange} />`;
  }
  return html`<div class=${cls} data-field=${name}><label for=${id}>${name}</label><div>${input}
    ${error ? html`<div class="dz-err" role="alert">${error}</div>` : null}</div></div>`;
}

/** A JSON field (effects, prices, a condition): kept as text while it does not parse. */
function JsonInput({ id, name, value, onChange }) {
  const [text, setText] = useState(JSON.stringify(value, null, 1));
  const [bad, setBad] = useState(false);
  useEffect(() => setText(JSON.stringify(value, null, 1)), [JSON.stringify(value)]);
  return html`<textarea id=${id} name=${name} class=${bad ? "badjson" : ""} rows=${Math.min(10, text.split("\n").length + 1)}
    value=${text} onInput=${(e) => {
      setText(e.target.value);
      try { onChange(JSON.parse(e.target.value)); setBad(false); } catch { setBad(true); onChange({ __invalid_json__: e.target.value }); }
    }} />`;
}

function CardForm({ game, info, kind, card, original, edited, onSave, onRevert, validate }) {
  const [draft, setDraft] = useState(card);
  const [error, setError] = useState(null);
  const [saved, setSaved] = useState(null);
  // The parent keys this form by game, kind and slug: another card mounts a fresh form, so the draft never
  // needs resetting by an effect (an effect that ran after the first paint could wipe what was typed).
  const derived = derivedOf(info, kind);
  const badField = fieldOf(error);
  async function save() {
    setSaved(null);
    const bad = Object.entries(draft).find(([, v]) => v && typeof v === "object" && v.__invalid_json__ !== undefined);
    if (bad) { setError(`field '${bad[0]}': not valid JSON`); return; }
    const empty = Object.entries(draft).find(([, v]) => v === "");
    if (empty) { setError(`field '${empty[0]}': give a value`); return; }
    const msg = await validate(kind, draft);
    if (msg) { setError(msg); return; }
    setError(null);
    setSaved("Saved: the runs you launch with edited cards use this card.");
    onSave(draft);
  }
  return html`<div class="dz-form">
    <div class="dz-head"><div><div class="dz-title">${draft.name || draft.slug}</div>
      <div class="muted small">${kindTitle(info, kind)} · slug <code>${draft.slug}</code>${edited ? html`<span class="dz-edited">edited</span>` : ""}</div></div>
      <div class="dz-bar" style="margin:0">
        <button class="btn" onClick=${() => { setDraft(original); setError(null); onRevert(); }} disabled=${!edited && JSON.stringify(draft) === JSON.stringify(original)}>Revert</button>
        <button class="btn primary" onClick=${save}>Save card</button></div></div>
    ${error ? html`<div class="dz-notice bad" role="alert" data-error>${error}</div>` : null}
    ${saved ? html`<div class="dz-notice good">${saved}</div>` : null}
    ${Object.keys(draft).filter((k) => k !== "slug").map((k) => html`<${Field} key=${k} name=${k} value=${draft[k]}
      original=${original[k]} readOnly=${derived.includes(k)} error=${badField === k ? error : null}
      onChange=${(v) => setDraft({ ...draft, [k]: v })} />`)}
  </div>`;
}

// ------------------------------------------------------------------ runs

const STATUS_WORDS = { queued: "queued", running: "running", done: "done", failed: "failed", cancelled: "cancelled", interrupted: "interrupted" };

function RunCard({ run, picked, onPick, onCancel, onReport }) {
  const p = run.progress || {};
  const pct = Math.round((p.fraction || 0) * 100);
  const live = run.status === "running" || run.status === "queued";
  const s = run.summary || {};
  let facts = "";
  if (run.kind === "simulate" && s.completed !== undefined) facts = `${s.completed} finished games · seat 1 won ${s.wins_by_seat ? s.wins_by_seat[0] : "?"} · median ${s.median_turns} turns`;
  if (run.kind === "ladder" && s.ratings) facts = s.ratings.map((r) => `${r.bot} ${r.rating.toFixed(1)}`).join(" > ");
  if (run.kind === "tune" && s.best) facts = `best score ${s.best.score} · target ${s.target_met ? "met" : "not met"}`;
  return html`<div class="dz-run" data-run=${run.id} data-status=${run.status}>
    <div class="dz-rt"><b title=${run.title}>${run.title}</b><span class=${`dz-st st-${run.status}`}>${STATUS_WORDS[run.status] || run.status}</span></div>
    <div class="dz-progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow=${pct} aria-label="progress">
      <div style=${`width:${pct}%`}></div></div>
    <div class="dz-facts">${pct}% · ${p.done || 0} of ${p.total || "?"} ${p.unit || "games"}${facts ? html` · ${facts}` : ""}</div>
    ${run.error ? html`<div class="dz-notice bad">${run.error}</div>` : null}
    <div class="dz-acts">
      ${run.has_report ? html`<button class="btn tiny primary" onClick=${() => onReport(run)}>Report</button>` : null}
      ${live ? html`<button class="btn tiny bad" onClick=${() => onCancel(run)}>Cancel</button>` : null}
      ${run.kind !== "compare" && run.status === "done" ? html`<label class="small muted"><input type="checkbox" checked=${picked} onChange=${() => onPick(run)} /> compare</label>` : null}
    </div>
    <details><summary class="small muted">the same from a terminal</summary>${run.command_lines.map((c) => html`<div class="dz-cmd">${c}</div>`)}</details>
  </div>`;
}

function TuneFields({ tune, setTune, kinds }) {
  const params = tune.params;
  const set = (i, k, v) => setTune({ ...tune, params: params.map((p, j) => (j === i ? { ...p, [k]: v } : p)) });
  return html`<div style="grid-column:1/-1">
    <div class="small muted" style="margin-top:4px">Parameters: a card (kind/slug), a number field, its bounds</div>
    ${params.map((p, i) => html`<div class="dz-tuneparam">
      <input aria-label="card field" placeholder=${`${kinds[0]}/slug.field`} value=${`${p.card}${p.field ? "." + p.field : ""}`}
        onInput=${(e) => { const [c, ...f] = e.target.value.split("."); setTune({ ...tune, params: params.map((q, j) => (j === i ? { ...q, card: c, field: f.join(".") } : q)) }); }} />
      <input aria-label="low" type="number" value=${p.low} onInput=${(e) => set(i, "low", Number(e.target.value))} />
      <input aria-label="high" type="number" value=${p.high} onInput=${(e) => set(i, "high", Number(e.target.value))} />
      <button class="btn tiny" title="remove" onClick=${() => setTune({ ...tune, params: params.filter((_, j) => j !== i) })}>×</button></div>`)}
    <button class="btn tiny" style="margin-top:4px" onClick=${() => setTune({ ...tune, params: [...params, { card: "", field: "", low: 0, high: 1 }] })}>+ parameter</button>
    <div class="dz-launch" style="margin-top:6px">
      <label>trials</label><input type="number" min="1" value=${tune.trials} onInput=${(e) => setTune({ ...tune, trials: Number(e.target.value) })} />
      <label>goal share</label><input value=${tune.goalShare} placeholder="0.8-1.25 (blank: none)" onInput=${(e) => setTune({ ...tune, goalShare: e.target.value })} />
      <label>first seat</label><input value=${tune.firstSeat} placeholder="0.02 (blank: none)" onInput=${(e) => setTune({ ...tune, firstSeat: e.target.value })} />
      <label>turns</label><input value=${tune.turns} placeholder="35-45 (blank: none)" onInput=${(e) => setTune({ ...tune, turns: e.target.value })} />
    </div></div>`;
}

function band(text) {
  const m = /^\s*([\d.]+)\s*[-–]\s*([\d.]+)\s*$/.exec(text || "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The run form; the parent keys it by game, so another game starts from that game's defaults. */
function Launch({ meta, game, edits, onLaunch }) {
  const info = meta.games.find((g) => g.name === game) || { bots: ["greedy"], min_players: 2, max_players: 4, kinds: [] };
  const [kind, setKind] = useState("simulate");
  const [players, setPlayers] = useState(Math.max(2, info.min_players));
  const [bots, setBots] = useState(info.bots.includes("heuristic") ? "heuristic,greedy" : info.bots[0]);
  const [games, setGames] = useState(100);
  const [seed, setSeed] = useState(1);
  const [useEdits, setUseEdits] = useState(true);
  const [tune, setTune] = useState({ trials: 10, params: [], goalShare: "0.8-1.25", firstSeat: "", turns: "" });
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const edited = Object.values(edits).reduce((n, list) => n + Object.keys(list).length, 0);
  async function go() {
    setBusy(true);
    const body = { kind, game, players, bots: kind === "ladder" && !bots.includes(",") ? info.bots.join(",") : bots, games, seed };
    if (useEdits && edited) {
      body.overrides = {};
      for (const [k, list] of Object.entries(edits)) if (Object.keys(list).length) body.overrides[k] = Object.values(list);
    }
    if (kind === "tune") {
      const target = {};
      if (band(tune.goalShare)) target.goal_share = band(tune.goalShare);
      if (tune.firstSeat !== "" && !Number.isNaN(Number(tune.firstSeat))) target.first_seat = Number(tune.firstSeat);
      if (band(tune.turns)) target.median_turns = band(tune.turns);
      body.tune = { trials: tune.trials, params: tune.params.map((p) => ({ card: p.card, field: p.field, low: p.low, high: p.high })), target };
    }
    const err = await onLaunch(body);
    setError(err);
    setBusy(false);
  }
  return html`<div>
    <div class="dz-launch">
      <label for="l-kind">run</label><select id="l-kind" name="kind" value=${kind} onChange=${(e) => setKind(e.target.value)}>
        <option value="simulate">simulate: play N games</option><option value="ladder">ladder: rate the bots</option>
        <option value="tune">tune: search card numbers</option></select>
      <label for="l-players">players</label><input id="l-players" name="players" type="number" min=${info.min_players} max=${info.max_players} value=${players} onInput=${(e) => setPlayers(Number(e.target.value))} />
      <label for="l-bots">bots</label><input id="l-bots" name="bots" value=${bots} onInput=${(e) => setBots(e.target.value)} title=${`any of ${info.bots.join(", ")}; fewer names than seats repeat`} />
      <label for="l-games">${kind === "ladder" ? "games/pair" : kind === "tune" ? "games/trial" : "games"}</label><input id="l-games" name="games" type="number" min="1" value=${games} onInput=${(e) => setGames(Number(e.target.value))} />
      <label for="l-seed">seed</label><input id="l-seed" name="seed" type="number" min="0" value=${seed} onInput=${(e) => setSeed(Number(e.target.value))} />
      <label>cards</label><label class="small" style="color:var(--text)"><input type="checkbox" checked=${useEdits && edited > 0} disabled=${!edited} onChange=${() => setUseEdits(!useEdits)} />
        ${edited ? `with my ${edited} edited card${edited > 1 ? "s" : ""}` : "the shipped cards (edit one to change)"}</label>
      ${kind === "tune" ? html`<${TuneFields} tune=${tune} setTune=${setTune} kinds=${info.kinds} />` : null}
    </div>
    ${error ? html`<div class="dz-notice bad" role="alert">${error}</div>` : null}
    <div class="dz-bar"><button class="btn primary" disabled=${busy} onClick=${go} data-launch>Start the run</button></div>
  </div>`;
}

// ------------------------------------------------------------------ the page

function KeyBox({ onKey }) {
  const [text, setText] = useState("");
  return html`<div class="panel dz-keybox"><h2>The designer's workbench</h2>
    <p>This page needs the designer key the server printed when it started (<code>spacetable serve --designer</code>).</p>
    <input aria-label="designer key" value=${text} onInput=${(e) => setText(e.target.value)} placeholder="designer key" />
    <button class="btn primary" onClick=${() => { sessionStorage.setItem(KEY, text.trim()); onKey(text.trim()); }}>Open</button></div>`;
}

function ReportView({ report, onClose }) {
  return html`<div class="dz-reportview" role="dialog" aria-label="report">
    <div class="dz-rhead"><b>${report.title}</b><span class="dz-bar" style="margin:0">
      <a class="btn tiny" href=${report.url} target="_blank" rel="noopener">open in a new tab</a>
      <button class="btn tiny" onClick=${onClose}>Close</button></span></div>
    <iframe title="report" src=${report.url}></iframe></div>`;
}

function App() {
  const [key, setKey] = useState(takeKey());
  const [meta, setMeta] = useState(null);
  const [problem, setProblem] = useState(null);
  const [game, setGame] = useState(null);
  const [catalog, setCatalog] = useState(null);
  const [kind, setKind] = useState(null);
  const [query, setQuery] = useState("");
  const [slug, setSlug] = useState(null);
  const [edits, setEdits] = useState({});
  const [runs, setRuns] = useState([]);
  const [picked, setPicked] = useState([]);
  const [report, setReport] = useState(null);
  const [notice, setNotice] = useState(null);

  useEffect(() => {
    if (!key) return;
    call(key, "/api/designer/meta").then((r) => {
      if (r.ok) {
        setMeta(r.data);
        setProblem(null);
        setGame((g) => g || (r.data.games.length ? r.data.games[0].name : null));
      } else { setProblem(r.error); if (r.status === 401) { sessionStorage.removeItem(KEY); setKey(null); } }
    });
  }, [key]);
  // the catalog is read once per game (not again when the meta arrives: that would drop the card a
  // quick designer has just opened); the kinds follow the meta and the catalog, the selection stays
  useEffect(() => {
    if (!game) return;
    fetch(`/api/catalog/${encodeURIComponent(game)}`).then((r) => r.json()).then((data) => {
      setCatalog(data);
      setSlug(null);
    });
    setEdits({});
  }, [game]);
  useEffect(() => {
    if (!catalog) return;
    const kinds = (meta && meta.games.find((g) => g.name === game) || {}).kinds || Object.keys(catalog);
    setKind((k) => (kinds.includes(k) ? k : kinds[0]));
  }, [game, meta, catalog]);
  useEffect(() => {
    if (!key || !meta) return undefined;
    let stop = false;
    const tick = async () => {
      const r = await call(key, "/api/designer/runs");
      if (!stop && r.ok) setRuns(r.data.runs);
    };
    tick();
    const t = setInterval(tick, 1000);
    return () => { stop = true; clearInterval(t); };
  }, [key, meta]);

  if (!key) return html`<${KeyBox} onKey=${setKey} />`;
  if (problem) return html`<div class="panel dz-keybox"><h2>The designer's workbench</h2><div class="dz-notice bad">${problem}</div></div>`;
  if (!meta || !catalog || !kind) return html`<p style="padding:20px">Loading…</p>`;

  const info = meta.games.find((g) => g.name === game);
  const cards = (catalog[kind] || []).filter((c) => !query || `${c.name} ${c.slug}`.toLowerCase().includes(query.toLowerCase()));
  const original = (catalog[kind] || []).find((c) => c.slug === slug);
  const current = original && ((edits[kind] || {})[slug] || original);

  function overridesWith(k, card) {
    const doc = {};
    for (const [kk, list] of Object.entries(edits)) doc[kk] = { ...list };
    doc[k] = { ...(doc[k] || {}), [card.slug]: card };
    const out = {};
    for (const [kk, list] of Object.entries(doc)) if (Object.keys(list).length) out[kk] = Object.values(list);
    return out;
  }
  function editsDoc() {
    const out = {};
    for (const [kk, list] of Object.entries(edits)) if (Object.keys(list).length) out[kk] = Object.values(list);
    return out;
  }
  async function validate(k, card) {
    const r = await call(key, "/api/designer/validate", { method: "POST", body: { game, overrides: overridesWith(k, card) } });
    return r.ok ? null : r.error;
  }
  async function launch(body) {
    const r = await call(key, "/api/designer/runs", { method: "POST", body });
    if (!r.ok) return r.error;
    setRuns([r.data, ...runs.filter((x) => x.id !== r.data.id)]);
    return null;
  }
  async function openReport(run) {
    const r = await call(key, `/api/designer/runs/${run.id}/report`);
    if (!r.ok) { setNotice(r.error); return; }
    const url = URL.createObjectURL(new Blob([r.data], { type: "text/html" }));
    setReport({ title: run.title, url });
  }
  async function compare() {
    const r = await call(key, "/api/designer/compare", { method: "POST", body: { a: picked[0], b: picked[1] } });
    if (!r.ok) setNotice(r.error); else { setPicked([]); setRuns([r.data, ...runs]); }
  }
  const editedCount = Object.values(edits).reduce((n, l) => n + Object.keys(l).length, 0);

  return html`<div class="wb">
    <div class="topbar"><h1>SPACETABLE · DESIGNER</h1>
      <select aria-label="game" value=${game} onChange=${(e) => setGame(e.target.value)}>
        ${meta.games.map((g) => html`<option value=${g.name}>${g.title}</option>`)}</select>
      <span class="status muted">${editedCount ? `${editedCount} edited card${editedCount > 1 ? "s" : ""}: runs may use them` : "Pick a card to edit it; launch runs on the right."}</span>
      <a href="/" class="small">lobby</a></div>
    <div class="col"><div class="panel grow"><h2>Cards</h2>
      <div class="dz-tabs">${info.kinds.map((k) => html`<button class=${`btn tiny ${k === kind ? "on" : ""}`} onClick=${() => { setKind(k); setSlug(null); }}>${kindTitle(info, k)}</button>`)}</div>
      <input class="dz-search" aria-label="search cards" placeholder="search by name" value=${query} onInput=${(e) => setQuery(e.target.value)} />
      <ul class="dz-cardlist">${cards.map((c) => html`<li><button class=${c.slug === slug ? "sel" : ""} data-card=${c.slug} onClick=${() => setSlug(c.slug)}>
        <span class="dz-nm">${c.name || c.slug}${(edits[kind] || {})[c.slug] ? html`<span class="dz-edited">edited</span>` : ""}</span><span class="dz-meta">${cardMeta(c)}</span></button></li>`)}</ul>
    </div></div>
    <div class="col"><div class="panel grow"><h2>Card</h2>
      ${current ? html`<${CardForm} key=${`${game}/${kind}/${slug}`} game=${game} info=${info} kind=${kind} card=${current} original=${original} edited=${!!(edits[kind] || {})[slug]}
          validate=${validate}
          onSave=${(card) => setEdits({ ...edits, [kind]: { ...(edits[kind] || {}), [card.slug]: card } })}
          onRevert=${() => { const list = { ...(edits[kind] || {}) }; delete list[slug]; setEdits({ ...edits, [kind]: list }); }} />`
        : html`<div class="muted" style="padding:20px">Choose a card on the left. Its fields are the data files' own (the form a card override takes); the server checks an edit with the same validators as <code>spacetable simulate --cards</code>, and an error names the field.</div>`}
      ${editedCount ? html`<details class="dz-changes"><summary>my edits as an override file (--cards)</summary><pre>${JSON.stringify(editsDoc(), null, 1)}</pre></details>` : null}
    </div></div>
    <div class="col"><div class="panel grow"><h2>Runs</h2>
      <${Launch} key=${game} meta=${meta} game=${game} edits=${edits} onLaunch=${launch} />
      ${notice ? html`<div class="dz-notice bad" onClick=${() => setNotice(null)}>${notice}</div>` : null}
      ${picked.length === 2 ? html`<div class="dz-bar"><button class="btn good" onClick=${compare}>Compare the two picked runs</button></div>` : null}
      <div class="dz-runs">${runs.length ? runs.map((r) => html`<${RunCard} key=${r.id} run=${r} picked=${picked.includes(r.id)}
        onPick=${(run) => setPicked(picked.includes(run.id) ? picked.filter((x) => x !== run.id) : [...picked.slice(-1), run.id])}
        onCancel=${async (run) => { const x = await call(key, `/api/designer/runs/${run.id}/cancel`, { method: "POST" }); if (!x.ok) setNotice(x.error); }}
        onReport=${openReport} />`) : html`<div class="muted small">No run yet. Runs keep going when you reload the page.</div>`}</div>
    </div></div>
    ${report ? html`<${ReportView} report=${report} onClose=${() => { URL.revokeObjectURL(report.url); setReport(null); }} />` : null}
  </div>`;
}

render(html`<${App} />`, document.getElementById("app"));
