/* The game log panel every game's table shows: numbered lines, kept scrolled to the newest.
 * `line(text)` renders one line's text (each game names seats and places its own way). */
import { useEffect, useRef } from "preact/hooks";
import { html } from "./html.js";

export function GameLog({ log, line }) {
  const ref = useRef(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [log.length]);
  return html`<section class="panel grow scroll log" ref=${ref} aria-label="Game log" aria-live="polite">
    <h2><span>Log</span></h2>
    <ol>${log.map((l) => html`<li><span class="n">${l.n}</span>${line(l.text)}</li>`)}</ol>
  </section>`;
}
