// How a table shows another person's presence, the same in every game: "reconnecting…" while their
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
  if (!seat || seat.kind !== "human" || seat.connected !== false) return "";
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
