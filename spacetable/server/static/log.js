/* The game log panel every game's table shows: numbered lines, kept scrolled to the newest. Each line
 * carries its rule's id as data (a small § link opens the rule's text); routine lines (draws, shuffles,
 * passes: level "routine") fold under the line they follow, and the moments (level "moment") stand out.
 * `line(text)` renders one line's text (each game names seats and places its own way). */
import { useContext, useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { RuleLink, pageGame } from "./teach.js";
import { ChatContext, ChatPanel } from "./chat.js";

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
  const chat = useContext(ChatContext); // a live table's chat (none in a replay)
  const [tab, setTab] = useState("log");
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [log.length, tab]);
  const g = game || pageGame();
  const showChat = chat && tab === "chat";
  const heading = chat ? html`<h2 class="log-tabs" role="tablist">
      <button role="tab" class=${tab === "log" ? "on" : ""} aria-selected=${tab === "log"} data-tab="log" onClick=${() => setTab("log")}>Log</button>
      <button role="tab" class=${tab === "chat" ? "on" : ""} aria-selected=${tab === "chat"} data-tab="chat" onClick=${() => setTab("chat")}>
        Chat${chat.muted ? " (muted)" : chat.unread ? html` <span class="badge" data-unread=${chat.unread}>${chat.unread}</span>` : ""}</button></h2>`
    : html`<h2><span>Log</span></h2>`;
  if (showChat) {
    return html`<section class="panel grow log chat-panel" aria-label="Table chat">${heading}<${ChatPanel} chat=${chat} /></section>`;
  }
  return html`<section class="panel grow scroll log" ref=${ref} aria-label="Game log" aria-live="polite">
    ${heading}
    <ol>${foldLog(log).map((l) => html`<li class=${l.level === "moment" ? "moment" : ""} data-level=${l.level || "step"}><span class="n">${l.n}</span>${line(l.text)}${l.rule ? html` <${RuleLink} game=${g} rule=${l.rule} />` : ""}
      ${l.folded.length ? html`<details class="fold"><summary>${l.folded.length} more</summary>
        <ul>${l.folded.map((f) => html`<li>${line(f.text)}</li>`)}</ul></details>` : ""}</li>`)}</ol>
  </section>`;
}
