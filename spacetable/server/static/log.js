/* The game log panel every game's table shows: numbered lines, kept scrolled to the newest. Each line
 * carries its rule's id as data (a small § link opens the rule's text); routine lines (draws, shuffles,
 * passes: level "routine") fold under the line they follow, and the moments (level "moment") stand out.
 * `line(text)` renders one line's text (each game names seats and places its own way). */
import { useEffect, useRef } from "preact/hooks";
import { html } from "./html.js";
import { RuleLink, pageGame } from "./teach.js";

/** The log as groups: a line with the routine lines that follow it. */
export function foldLog(log) {
  const out = [];
  for (const l of log) {
    if (l.level === "routine" && out.length) out[out.length - 1].folded.push(l);
    else out.push({ ...l, folded: [] });
  }
  return out;
}

export function GameLog({ log, line, game }) {
  const ref = useRef(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [log.length]);
  const g = game || pageGame();
  return html`<section class="panel grow scroll log" ref=${ref} aria-label="Game log" aria-live="polite">
    <h2><span>Log</span></h2>
    <ol>${foldLog(log).map((l) => html`<li class=${l.level === "moment" ? "moment" : ""} data-level=${l.level || "step"}><span class="n">${l.n}</span>${line(l.text)}${l.rule ? html` <${RuleLink} game=${g} rule=${l.rule} />` : ""}
      ${l.folded.length ? html`<details class="fold"><summary>${l.folded.length} more</summary>
        <ul>${l.folded.map((f) => html`<li>${line(f.text)}</li>`)}</ul></details>` : ""}</li>`)}</ol>
  </section>`;
}
