// The advisor on the page: a "Hint" button in a table's top bar that asks GET /api/games/{id}/advice
// (computed on the server from this seat's own view only) and shows its lines until closed or until
// the table moves on. Only a seated player of a live game sees it; a game without an advisor answers
// 404, which the panel says in words.
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { api, hasAdvisor, tokenFor } from "./api.js";

export function AdviceButton({ body, readOnly }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState(null);
  // GET /api/meta says which games have an advisor (`spacetable/games/<game>/advisor.py`)
  const [advised, setAdvised] = useState(false);
  useEffect(() => {
    let live = true;
    hasAdvisor(body.game).then((yes) => { if (live) setAdvised(yes); });
    return () => { live = false; };
  }, [body.game]);
  useEffect(() => { setAnswer(null); setOpen(false); }, [body.version]);
  if (readOnly || body.terminal || body.seat === null || body.seat === undefined || !advised) return "";
  const ask = async () => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    setAnswer({ lines: ["Thinking…"] });
    const r = await api(`/api/games/${encodeURIComponent(body.id)}/advice`, { token: tokenFor(body.id) });
    const lines = r.ok && r.data && Array.isArray(r.data.lines) ? r.data.lines.map(String)
      : [(r.data && r.data.error) || "The advisor could not answer."];
    setAnswer({ lines: lines.length ? lines : ["Nothing to advise on right now."], error: !r.ok });
  };
  return html`<button class="btn tiny" type="button" onClick=${ask} aria-expanded=${open} data-open="advice"
      title="The advisor: the odds and the expected loss of your current decision, worked out from what you can see">Hint</button>
    ${open && answer ? html`<section class="panel advice" role="dialog" aria-label="Advisor">
      <h2><span>Advisor · from what you can see</span>
        <button class="btn tiny" type="button" onClick=${() => setOpen(false)} aria-label="Close the advisor">✕</button></h2>
      <ul class=${answer.error ? "bad" : ""}>${answer.lines.map((l) => html`<li>${l}</li>`)}</ul>
    </section>` : ""}`;
}
