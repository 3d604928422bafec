// The coach on the page: the "Coach" button of a seated player's top bar opens a panel that each table
// docks in its own layout (it never covers the board). At every decision of the seat it shows what the
// advisor recommends (GET /api/games/{id}/advice: `recommended`, a legal action, and `reason`, one
// sentence, worked out on the server from this seat's own view only), a "Do it" button that sends it,
// and the advisor's figures. In a tutorial the panel is always open and also says what each step is for
// (the view's `tutorial`), then how the tutorial ended. Only a seated player of a live game sees it.
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { api, hasAdvisor, tokenFor } from "./api.js";

const OPEN = {};
const subscribers = new Set();

function setOpen(id, on) {
  OPEN[id] = on;
  for (const f of subscribers) f();
}

/** Is the coach panel of game `id` open? (A tutorial's is, until closed.) */
export function useCoachOpen(body) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const f = () => setTick((t) => t + 1);
    subscribers.add(f);
    return () => subscribers.delete(f);
  }, []);
  if (!body) return false;
  return OPEN[body.id] === undefined ? !!body.tutorial : OPEN[body.id];
}

function useAdvised(game) {
  const [advised, setAdvised] = useState(false);
  useEffect(() => {
    let live = true;
    hasAdvisor(game).then((yes) => { if (live) setAdvised(yes); });
    return () => { live = false; };
  }, [game]);
  return advised;
}

/** The top bar's "Coach" toggle (shown when GET /api/meta says the game has an advisor). */
export function AdviceButton({ body, readOnly }) {
  const advised = useAdvised(body.game);
  const open = useCoachOpen(body);
  if (readOnly || body.terminal || body.seat === null || body.seat === undefined || !advised) return "";
  return html`<button class="btn tiny ${open ? "on" : ""}" type="button" onClick=${() => setOpen(body.id, !open)}
    aria-expanded=${open} data-open="advice"
    title="The coach: what it would choose now and why, worked out from what you can see">${open ? "Hide coach" : "Coach"}</button>`;
}

/** The advice for this seat at this version (null while it loads). */
function useAdvice(body, wanted) {
  const [answer, setAnswer] = useState(null);
  useEffect(() => {
    setAnswer(null);
    if (!wanted) return undefined;
    let live = true;
    api(`/api/games/${encodeURIComponent(body.id)}/advice`, { token: tokenFor(body.id) }).then((r) => {
      if (!live) return;
      setAnswer(r.ok && r.data ? { ...r.data, version: body.version }
        : { error: (r.data && r.data.error) || "The coach could not answer.", version: body.version });
    });
    return () => { live = false; };
  }, [body.id, body.version, wanted]);
  return answer && answer.version === body.version ? answer : null;
}

/** The coach's panel, docked by the table; `named(text)` puts display names into the engine's texts. */
export function CoachPanel({ body, act, busy, named, readOnly }) {
  const open = useCoachOpen(body);
  const introKey = "spacetable.intro." + body.id;
  const [introSeen, setIntroSeenState] = useState(() => localStorage.getItem(introKey) === "seen");
  const setIntroSeen = () => { localStorage.setItem(introKey, "seen"); setIntroSeenState(true); };
  const [dismissed, setDismissed] = useState(false);
  const seated = !readOnly && body.seat !== null && body.seat !== undefined;
  const mine = seated && !body.terminal && (body.legal_actions || []).length > 0;
  const answer = useAdvice(body, open && mine);
  if (!seated || !open) return "";
  const t = body.tutorial;
  const say = named || ((x) => x);
  if (t && t.done && !dismissed) {
    return html`<section class="panel coach done" aria-label="Coach" data-tutorial="done">
      <h2><span>${t.title}: complete</span></h2>
      <p class="outro">${t.outro}</p>
      <div class="row">${!body.terminal ? html`<button class="btn primary" type="button" onClick=${() => { setDismissed(true); setOpen(body.id, false); }}>Keep playing this game</button>` : ""}
        <a class="btn ${body.terminal ? "primary" : ""}" href="/">Back to the lobby</a></div>
    </section>`;
  }
  const rec = answer && answer.recommended ? (body.legal_actions || []).find((a) => a.text === answer.recommended) : null;
  const lines = answer && Array.isArray(answer.lines) ? answer.lines.map(String) : [];
  const intro = t && !introSeen && !t.done;
  return html`<section class="panel coach" aria-label="Coach" data-tutorial=${t ? "on" : undefined}>
    <h2><span>${t ? `${t.title} · turn ${Math.max(1, t.turn)} of ${t.turns}` : "Coach · from what you can see"}</span>
      ${t ? "" : html`<button class="btn tiny" type="button" onClick=${() => setOpen(body.id, false)} aria-label="Close the coach">✕</button>`}</h2>
    ${intro ? html`<div class="welcome-backdrop"><div class="welcome panel" role="dialog" aria-label="Welcome">
      <h2><span>${t.title}</span></h2><p>${t.intro}</p>
      <div class="row"><button class="btn primary" type="button" data-welcome="start" onClick=${() => setIntroSeen()}>Let's play</button></div>
      </div></div>` : ""}
    ${t ? html`<p class="step">${t.text}</p>` : ""}
    ${mine ? (answer ? (answer.error ? html`<div class="bad small">${answer.error}</div>` : html`<div class="suggest">
        <div class="sugg-text"><span class="small muted">The coach would: </span><span class="what">${rec ? say(rec.description) : answer.recommended}</span>
          <div class="why">${say(answer.reason || "")}</div></div>
        <div class="sugg-act"><button class="btn primary" type="button" data-coach="do" data-action-text=${answer.recommended} disabled=${busy || !rec}
          onClick=${() => act(answer.recommended)}>Do it</button><span class="small muted">or choose yourself</span></div>
      </div>`) : html`<div class="small muted">The coach is thinking…</div>`)
      : html`<div class="small muted">${body.terminal ? "The game is over." : "Nothing for you to decide now: the coach speaks at your next decision."}</div>`}
    ${lines.length ? html`<details class="figures"><summary class="small">The advisor's figures</summary>
      <ul>${lines.map((l) => html`<li>${say(l)}</li>`)}</ul></details>` : ""}
  </section>`;
}
