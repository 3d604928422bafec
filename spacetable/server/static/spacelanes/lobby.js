// Space Lanes' options on the lobby's new-game form (GET /api/meta names this module as the game's
// `lobby`): Exploration and PvP modes, and the turn limit (L21). The interface every game's lobby module
// follows is in static/README.md.
import { html } from "../html.js";

const ticked = (info, value) => !!(info && info.defaults && (info.defaults.modes || []).includes(value));

/** The form's first state: the game's defaults, no turn limit. */
export function initial(info) {
  return { exploration: ticked(info, "exploration"), pvp: ticked(info, "pvp"), turnLimit: "" };
}

/** The request's option fields (`turn_limit` only when one is given). */
export function request(value) {
  const out = { expansions: [], modules: [], modes: [...(value.exploration ? ["exploration"] : []), ...(value.pvp ? ["pvp"] : [])] };
  if (value.turnLimit.trim()) out.turn_limit = parseInt(value.turnLimit, 10);
  return out;
}

export function Options({ value, setValue, about }) {
  return html`<div class="options">
      <label class="option"><input type="checkbox" name="exploration" checked=${value.exploration} onChange=${(e) => setValue({ ...value, exploration: e.currentTarget.checked })} /> <b>Exploration mode</b>
        <span class="small muted">${about("exploration") || "Settlements and lanes start face down."}</span></label>
      <label class="option"><input type="checkbox" name="pvp" checked=${value.pvp} onChange=${(e) => setValue({ ...value, pvp: e.currentTarget.checked })} /> <b>PvP mode</b>
        <span class="small muted">${about("pvp") || "Ships that meet may trade and fight."}</span></label>
      <label class="option">Turn limit <input class="input" type="number" name="turn-limit" min="0" max="1000" placeholder="none" value=${value.turnLimit} onInput=${(e) => setValue({ ...value, turnLimit: e.currentTarget.value })} style="width:80px" />
        <span class="small muted">when this many turns have been played, the captain closest to their Goal wins (empty: no limit)</span></label>
    </div>`;
}
