/* The table chat: the players' short messages, in a tab of the log panel of every game's table.
 * Messages are data: each name and text is a Preact text node (never markup) inside <bdi>, so
 * right-to-left marks stay inside their message. The spectator reads; a player writes (500
 * characters, one a second: the server's refusal is shown as it says it). "Mute" hides the chat on
 * this device (all tables) and stops the unread count. */
import { createContext } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { api } from "./api.js";

export const ChatContext = createContext(null);
const MUTE_KEY = "spacetable.chat.muted";
export const MAX_CHARS = 500;

/** Add the messages of `more` not in `lines` (by number), in order. */
export function mergeChat(lines, more) {
  if (!more || !more.length) return lines;
  const seen = new Set(lines.map((m) => m.n));
  const fresh = more.filter((m) => m && typeof m.n === "number" && !seen.has(m.n));
  if (!fresh.length) return lines;
  return lines.concat(fresh).sort((a, b) => a.n - b.n).slice(-200);
}

/** The chat of a live table: its messages (from every view and from the socket's pushes), sending, muting. */
export function useChat(id, token, seat) {
  const [lines, setLines] = useState([]);
  const [muted, setMutedState] = useState(() => localStorage.getItem(MUTE_KEY) === "on");
  const [seen, setSeen] = useState(0); // the last message number read (the chat tab open)
  const add = useCallback((more) => setLines((ls) => mergeChat(ls, more)), []);
  const send = useCallback(async (text) => {
    const r = await api(`/api/games/${encodeURIComponent(id)}/chat`, { token, method: "POST", body: { text } });
    if (r.ok) {
      add([r.data.message]);
      return null;
    }
    return r.data.error || `The message was not sent (${r.status}).`;
  }, [id, token, add]);
  const setMuted = useCallback((on) => {
    localStorage.setItem(MUTE_KEY, on ? "on" : "off");
    setMutedState(on);
  }, []);
  const last = lines.length ? lines[lines.length - 1].n : 0;
  const unread = muted ? 0 : lines.filter((m) => m.n > seen && m.seat !== seat).length;
  return { lines, add, send, muted, setMuted, canWrite: seat !== null && seat !== undefined, seat,
    unread, markRead: () => setSeen(last) };
}

function time(at) {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The chat tab's body: the messages (newest at the bottom, kept in view) and, for a player, the box. */
export function ChatPanel({ chat }) {
  const [text, setText] = useState("");
  const [error, setError] = useState(null);
  const [sending, setSending] = useState(false);
  const list = useRef(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
    chat.markRead();
  }, [chat.lines.length, chat.muted]);
  if (chat.muted) {
    return html`<div class="chat muted-chat"><p class="small muted">The chat is muted on this device.</p>
      <button class="btn tiny" data-chat="unmute" onClick=${() => chat.setMuted(false)}>Show the chat</button></div>`;
  }
  const submit = async (ev) => {
    ev.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    const why = await chat.send(text);
    setSending(false);
    setError(why);
    if (!why) setText("");
  };
  return html`<div class="chat">
    <ol class="chat-lines" ref=${list} aria-live="polite" aria-label="Chat messages">
      ${chat.lines.length ? chat.lines.map((m) => html`<li key=${m.n} class=${m.seat === chat.seat ? "mine" : ""} data-n=${m.n}>
        <span class="who"><bdi>${m.name}</bdi></span> <bdi class="said" dir="auto">${m.text}</bdi>
        <span class="when">${time(m.at)}</span></li>`)
        : html`<li class="muted small empty">No messages yet.${chat.canWrite ? " Say hello to the table." : ""}</li>`}
    </ol>
    ${chat.canWrite ? html`<form class="chat-box" onSubmit=${submit}>
      <input class="input" type="text" maxlength=${MAX_CHARS} placeholder="Message the table" aria-label="Chat message"
        value=${text} onInput=${(e) => setText(e.currentTarget.value)} />
      <button class="btn tiny primary" type="submit" disabled=${sending || !text.trim()}>Send</button>
    </form>` : html`<p class="small muted">Spectators read the chat; the players write in it.</p>`}
    ${error ? html`<div class="error small" role="alert">${error}</div>` : ""}
    <button class="btn tiny link-btn" data-chat="mute" onClick=${() => chat.setMuted(true)}
      title="Hide the chat at every table on this device">Mute chat</button>
  </div>`;
}
