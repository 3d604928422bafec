// How a table shows another person's presence, the same in every game: "not here yet" for a person who
// has not opened the table at all, "open seat" for a seat no one holds; "reconnecting…" while their
// connection is down for less than the server's grace period (the view's `away` is false), "left"
// after it; then, and only then, one button per seat to hand it to the game's default bot.
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { gamesMeta } from "./api.js";

/** The game's default bot (GET /api/meta's `default_bot`), or `fallback` until it is known. */
export function useDefaultBot(game, fallback = "greedy") {
  const [bot, setBot] = useState(fallback);
  useEffect(() => {
    let live = true;
    gamesMeta().then((games) => {
      const g = games && games.find((x) => x.name === game);
      if (live && g && g.default_bot) setBot(String(g.default_bot));
    });
    return () => { live = false; };
  }, [game]);
  return bot;
}

/** The badge of a person's seat that is not connected: "reconnecting…", then "left". */
export function PresenceBadge({ seat }) {
  if (seat && seat.open) {
    return html`<span class="badge open-seat" data-presence="open" title="no one holds this seat yet: any player on this server may take it from the lobby">open seat</span>`;
  }
  if (!seat || seat.kind !== "human" || seat.connected !== false) return "";
  if (seat.arrived === false) {
    return html`<span class="badge not-yet" data-presence="not-yet" title=${"has not opened the table yet: their invite link brings them here" +
      (seat.away ? "; meanwhile another captain may hand this seat to a bot" : "")}>not here yet</span>`;
  }
  return seat.away
    ? html`<span class="badge left" data-presence="left" title="gone for longer than the grace period: another captain may hand this seat to a bot until they come back">left</span>`
    : html`<span class="badge reconnecting" data-presence="reconnecting" title="their connection dropped: the seat stays theirs while they reconnect">reconnecting…</span>`;
}

/** The one hand-off button of a seat whose person has left (never one's own, never a spectator's). */
export function HandOffButton({ seat, body, toBot, bot }) {
  const [sent, setSent] = useState(false);
  const canHand = seat && seat.kind === "human" && seat.away && body.seat !== null && body.seat !== undefined &&
    body.seat !== seat.seat && !body.terminal && !!toBot;
  useEffect(() => { if (!canHand) setSent(false); }, [canHand]);
  if (!canHand) return "";
  const click = async () => {
    setSent(true);
    await toBot(seat.seat, bot);
  };
  return html`<div class="row handoff" style="margin-top:4px" data-handoff=${seat.seat}>
    <button class="btn tiny" disabled=${sent} onClick=${click}
      title=${`The ${bot} bot plays ${seat.name}'s seat until they come back; their link takes it back`}>Hand seat to the ${bot} bot</button></div>`;
}

/** "1:05:09", "4:30", "0:07": a live clock's time. */
function liveTime(s) {
  const t = Math.max(0, Math.ceil(s));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const ss = String(t % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** "4 d 2 h" (past 72 hours), "71 h 59 min", "12 min", and m:ss under a minute: a turn clock's time. */
function turnTime(s) {
  const t = Math.max(0, Math.ceil(s));
  if (t < 60) return liveTime(t);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  if (h > 72) return `${Math.floor(h / 24)} d ${h % 24} h`;
  return h ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min`;
}

/** Seconds left on a seat's clock now: the view's `clock` counted down from when the view arrived while
 * that seat's time runs. Re-renders every half second while it runs. */
function useSecondsLeft(body, seat) {
  const [, setTick] = useState(0);
  const [arrived, setArrived] = useState(() => Date.now());
  const info = body && body.clock_info;
  const running = !!info && info.running === seat && !body.terminal && !body.replay;
  useEffect(() => { setArrived(Date.now()); }, [body]);
  useEffect(() => {
    if (!running) return undefined;
    const t = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(t);
  }, [running]);
  const base = body && body.clock ? body.clock[String(seat)] : undefined;
  if (typeof base !== "number") return null;
  return running ? Math.max(0, base - (Date.now() - arrived) / 1000) : base;
}

/** A person's time beside their seat (the view's `clock`): ticking while the table waits on them, what
 * their next wait starts with otherwise, and who decides for them once their time ran out. */
export function ClockBadge({ body, seat }) {
  const left = useSecondsLeft(body, seat);
  const info = body && body.clock_info;
  if (!info || left === null) return "";
  const key = String(seat);
  const standin = info.standin && info.standin[key];
  const outs = (info.timeouts && info.timeouts[key]) || 0;
  const running = info.running === seat && !body.terminal;
  const turn = info.kind === "turn";
  const reserve = info.reserve_left ? info.reserve_left[key] : 0;
  const per = turn ? `${turnTime(info.seconds)} a turn` : `${liveTime(info.seconds)} a decision`;
  const title = `${per}${info.reserve ? `, then a reserve (${(turn ? turnTime : liveTime)(reserve)} left)` : ""}. ` +
    (running ? "Their time is running." : "What their next wait starts with.") +
    (outs ? ` Ran out of time ${outs} time${outs > 1 ? "s" : ""} in a row.` : "");
  if (standin) {
    return html`<span class="clock out" data-clock=${seat} title=${`Their time ran out: the ${standin} bot decides for them this turn; they take over by coming back.`}>bot decides</span>`;
  }
  const low = running && left < (turn ? 600 : 10);
  return html`<span class=${"clock" + (running ? " running" : "") + (low ? " low" : "")} data-clock=${seat} title=${title}>
    ${(turn ? turnTime : liveTime)(left)}${outs ? html` <span class="outs">×${outs}</span>` : ""}</span>`;
}
