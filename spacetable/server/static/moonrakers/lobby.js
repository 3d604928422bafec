// Moonrakers' options on the lobby's new-game form (GET /api/meta names this module as the game's
// `lobby`): the Binding Ties expansion (3–5 captains) and the First Encounter module, a word for
// newcomers, and the Mercenary variant at 1–2 captains. The interface every game's lobby module follows
// is in static/README.md.
import { html } from "../html.js";

const ticked = (info, kind, value) => !!(info && info.defaults && (info.defaults[kind] || []).includes(value));

/** The form's first state: the game's defaults (a newcomer's first game: neither ticked). */
export function initial(info) {
  return { bt: ticked(info, "expansions", "binding-ties"), fe: ticked(info, "modules", "first-encounter") };
}

/** The request's option fields (Binding Ties only at 3–5 captains). */
export function request(value, players) {
  return { expansions: value.bt && players >= 3 ? ["binding-ties"] : [], modules: value.fe ? ["first-encounter"] : [], modes: [] };
}

export function Options({ players, value, setValue, about }) {
  const btAllowed = players >= 3;
  return html`<div class="options">
      <label class="option"><input type="checkbox" name="binding-ties" checked=${value.bt && btAllowed} disabled=${!btAllowed} onChange=${(e) => setValue({ ...value, bt: e.currentTarget.checked })} /> <b>Binding Ties expansion</b>
        <span class="small muted">${about("binding-ties") || "Faction reputation between allies (3–5 captains)."}${btAllowed ? "" : " Needs 3–5 captains."}</span></label>
      <label class="option"><input type="checkbox" name="first-encounter" checked=${value.fe} onChange=${(e) => setValue({ ...value, fe: e.currentTarget.checked })} /> <b>First Encounter module</b>
        <span class="small muted">${about("first-encounter") || "More contracts, crew and ship parts."}</span></label>
      <p class="small muted">New to Moonrakers? Leave both unticked for your first games. ★ marks the strongest bot that answers
        within two seconds; a bot's rating comes from the finished games of this server.</p>
    </div>
    ${players <= 2 ? html`<p class="small muted">With 1–2 captains the Mercenary variant is played: a deck of hired help instead of allies.</p>` : ""}`;
}
