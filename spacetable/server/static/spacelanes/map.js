// The Space Lanes map as SVG (L1, L2): 15 settlements on a 5 × 3 grid, 24 lanes with their names and
// distance markers, ships where they stand, the cards on each space, face-down spaces in Exploration
// (L20). Legal moves are rings with their cost ("free move", "discard 1 card as fuel", L6); spaces a
// card may be played to are lit; clicking anything else shows its details.
import { html } from "../html.js";
import { KINDS, SEAT_COLOURS, cardName, kindOf } from "./catalog.js";

const R = 19;
export const MAP_W = 1000;
export const MAP_H = 520;
const px = (x) => 58 + x * 190;
const py = (y) => 40 + y * 196;

/** The settlement slots whose lower-right corner is crossed by a diagonal lane (their label moves). */
function diagonalFrom(view, s) {
  return view.lanes.some((l) => {
    const [a, b] = l.ends;
    const other = a === s.slot ? b : b === s.slot ? a : -1;
    if (other < 0) return false;
    const o = view.slots[other];
    return o.x === s.x + 1 && o.y === s.y + 1;
  });
}

function wrap(text, width) {
  const words = (text || "").split(/\s+/);
  const lines = [];
  let cur = "";
  for (const w of words) {
    if ((cur + " " + w).trim().length > width && cur) {
      lines.push(cur);
      cur = w;
    } else cur = (cur + " " + w).trim();
  }
  if (cur) lines.push(cur);
  if (lines.length > 3) return [...lines.slice(0, 2), lines.slice(2).join(" ").slice(0, width - 1) + "…"];
  return lines;
}

export function slotPoint(view, slot) {
  const s = view.slots[slot];
  return [px(s.x), py(s.y)];
}

/** The point of marker k (1…d) of a lane: markers split the lane evenly (L2); mark 1 is next to ends[0]. */
export function markerPoint(view, lane, k) {
  const [ax, ay] = slotPoint(view, lane.ends[0]);
  const [bx, by] = slotPoint(view, lane.ends[1]);
  const d = lane.distance || 1;
  const f = lane.distance ? k / (d + 1) : 0.5;
  return [ax + (bx - ax) * f, ay + (by - ay) * f];
}

export function laneBetween(view, a, b) {
  return view.lanes.find((l) => (l.ends[0] === a && l.ends[1] === b) || (l.ends[0] === b && l.ends[1] === a));
}

/** Where a legal move takes my ship next: a marker point or a settlement. */
function moveTarget(view, ship, m) {
  if (m.jump) return { point: slotPoint(view, m.to), slot: m.to, lane: null };
  if (ship.node >= 0) {
    const lane = laneBetween(view, ship.node, m.to);
    if (!lane) return null;
    const k = lane.ends[0] === ship.node ? 1 : lane.distance || 1;
    return { point: markerPoint(view, lane, k), lane: lane.lane, slot: null };
  }
  const lane = view.lanes[ship.lane];
  const k = ship.mark + (m.to === lane.ends[1] ? 1 : -1);
  if (k <= 0 || k > (lane.distance || 1)) return { point: slotPoint(view, m.to), slot: m.to, lane: lane.lane };
  return { point: markerPoint(view, lane, k), lane: lane.lane, slot: null };
}

function Ship({ x, y, seat, mine, name, damaged }) {
  return html`<g class="ship ${mine ? "mine" : ""}" data-ship=${seat}>
    <title>${name}${damaged ? " (Damaged)" : ""}</title>
    <path d="M ${x} ${y - 10} L ${x + 8} ${y + 7} L ${x} ${y + 3} L ${x - 8} ${y + 7} Z"
      fill=${SEAT_COLOURS[seat % SEAT_COLOURS.length]} stroke=${mine ? "#fff" : "#0a0f1e"} stroke-width=${mine ? 2 : 1.2} />
    <text x=${x} y=${y + 18} class="ship-n">${seat + 1}</text>
    ${damaged ? html`<text x=${x + 9} y=${y - 6} class="ship-dmg">✸</text>` : ""}
  </g>`;
}

function laneIcons(lane) {
  const out = [];
  for (const key of ["hostile", "bounty", "station", "asteroids", "wormhole"]) {
    if (lane[key]) out.push({ key, slug: lane[key] });
  }
  return out;
}

function Lane({ view, lane, lit, sel, onClick }) {
  const [ax, ay] = slotPoint(view, lane.ends[0]);
  const [bx, by] = slotPoint(view, lane.ends[1]);
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  const vertical = ax === bx;
  const diagonal = ax !== bx && ay !== by;
  const label = lane.revealed ? `${lane.name} · ${lane.distance}` : "uncharted lane";
  const icons = laneIcons(lane);
  let lx = mx;
  let ly = my - 7;
  let rot = null;
  if (vertical) {
    lx = mx + 11;
    ly = my;
    rot = `rotate(-90 ${lx} ${ly})`;
  } else if (diagonal) {
    lx = mx + 8;
    ly = my - 8;
    rot = `rotate(${(Math.atan2(by - ay, bx - ax) * 180) / Math.PI} ${lx} ${ly})`;
  }
  const markers = [];
  if (lane.revealed) for (let k = 1; k <= lane.distance; k++) markers.push(markerPoint(view, lane, k));
  const ix = vertical ? mx - 16 : mx - ((icons.length - 1) * 15) / 2;
  const iy = vertical ? my - ((icons.length - 1) * 15) / 2 : my + 14;
  return html`<g class="lane ${lane.revealed ? "" : "hidden"} ${lit ? "lit" : ""} ${sel ? "sel" : ""}" data-lane=${lane.lane}
      onClick=${onClick} role="button" tabindex="-1" aria-label=${"lane " + label}>
    <title>${label}${lane.revealed ? `: ${lane.distance} distance marker${lane.distance > 1 ? "s" : ""}` : " (face down)"}</title>
    <line x1=${ax} y1=${ay} x2=${bx} y2=${by} class="lane-hit" />
    <line x1=${ax} y1=${ay} x2=${bx} y2=${by} class="lane-line" />
    ${markers.map(([x, y], i) => html`<circle cx=${x} cy=${y} r="5" class="marker" data-mark=${i + 1} />`)}
    <text x=${lx} y=${ly} transform=${rot} class="lane-name">${label}</text>
    ${icons.map((ic, i) => {
      const x = vertical ? ix : ix + i * 15;
      const y = vertical ? iy + i * 15 : iy;
      const k = kindOf(ic.slug);
      return html`<g class="space-card k-${ic.key}"><title>${KINDS[ic.key] ? "" : ""}${cardName(ic.slug)} (${k.label})</title>
        <rect x=${x - 7} y=${y - 7} width="14" height="14" rx="3" /><text x=${x} y=${y + 4}>${k.glyph}</text></g>`;
    })}
  </g>`;
}

function Settlement({ view, s, lit, sel, onClick }) {
  const x = px(s.x);
  const y = py(s.y);
  const diag = diagonalFrom(view, s);
  const lx = diag ? x + 78 : x + 24;
  const ly = diag ? y + 28 : y + 34;
  const width = diag ? 21 : 28;
  const feature = s.revealed ? wrap(s.feature, width) : [];
  return html`<g class="settlement ${s.revealed ? "" : "hidden"} ${s.homeworld ? "home" : ""} ${lit ? "lit" : ""} ${sel ? "sel" : ""}"
      data-slot=${s.slot} onClick=${onClick} role="button" tabindex="-1" aria-label=${s.revealed ? s.name : "unexplored settlement"}>
    <title>${s.revealed ? `${s.name}${s.homeworld ? " (Homeworld)" : ""}: ${s.feature}` : "Unexplored settlement"}</title>
    ${s.homeworld ? html`<circle cx=${x} cy=${y} r=${R + 5} class="home-ring" />` : ""}
    <circle cx=${x} cy=${y} r=${R} class="node" />
    <text x=${x} y=${y + 4} class="node-glyph">${s.revealed ? (s.homeworld ? "★" : "●") : "?"}</text>
    <text x=${lx} y=${ly} class="node-name">${s.revealed ? s.name : "Unexplored"}</text>
    ${feature.map((line, i) => html`<text x=${lx} y=${ly + 12 + i * 11} class="node-feature">${line}</text>`)}
    ${s.economic ? html`<g class="space-card k-economic"><title>${cardName(s.economic)} (Economic event here)</title>
      <rect x=${x - R - 10} y=${y - R - 8} width="16" height="14" rx="3" /><text x=${x - R - 2} y=${y - R + 3}>¢</text></g>` : ""}
  </g>`;
}

/**
 * The map. `moves`: the legal moves from the offered intent ({to, jump, fuel, cost, action});
 * `targets`: {lane: Map(id → action), world: Map(id → action)} for a card or a relocation being placed.
 */
export function StarMap({ view, me, names, moves, targets, selected, onSelect, onMove, onTarget, busy }) {
  const ships = view.ships;
  const mine = me !== null && me !== undefined ? ships[me] : null;
  const moveTargets = mine && moves ? moves.map((m) => ({ m, t: moveTarget(view, mine, m) })).filter((x) => x.t) : [];
  const litLanes = new Set(moveTargets.filter((x) => x.t.lane !== null && !x.m.jump).map((x) => x.t.lane));
  const tLane = targets ? targets.lane : new Map();
  const tWorld = targets ? targets.world : new Map();
  const click = (type, id) => (e) => {
    e.stopPropagation();
    if (type === "lane" && tLane.has(id)) onTarget(tLane.get(id));
    else if (type === "slot" && tWorld.has(id)) onTarget(tWorld.get(id));
    else onSelect({ type, id });
  };
  // ships: on a settlement around it, on a lane on their marker (several on one spot side by side)
  const spots = new Map();
  ships.forEach((sh) => {
    let key;
    let pt;
    if (sh.node >= 0) {
      key = "s" + sh.node;
      pt = slotPoint(view, sh.node);
    } else if (sh.lane >= 0) {
      key = `l${sh.lane}.${sh.mark}`;
      pt = markerPoint(view, view.lanes[sh.lane], sh.mark);
    } else return;
    if (!spots.has(key)) spots.set(key, { pt, onNode: sh.node >= 0, list: [] });
    spots.get(key).list.push(sh);
  });
  const shipEls = [];
  for (const { pt, onNode, list } of spots.values()) {
    list.forEach((sh, i) => {
      let x = pt[0];
      let y = pt[1];
      if (onNode) {
        const ang = (-150 + i * 42) * (Math.PI / 180);
        x += Math.cos(ang) * (R + 12);
        y += Math.sin(ang) * (R + 12);
      } else {
        x += (i - (list.length - 1) / 2) * 17;
        y -= 2;
      }
      shipEls.push(html`<${Ship} x=${x} y=${y} seat=${sh.seat} mine=${sh.seat === me} name=${names[sh.seat]} damaged=${sh.damaged} />`);
    });
  }
  return html`<svg class="starmap" viewBox="0 0 ${MAP_W} ${MAP_H}" role="img" aria-label="The map: settlements and space lanes"
      onClick=${() => onSelect(null)}>
    <defs>
      <filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="3" result="b" />
        <feMerge><feMergeNode in="b" /><feMergeNode in="SourceGraphic" /></feMerge></filter>
    </defs>
    <g class="lanes">${view.lanes.map((l) => html`<${Lane} view=${view} lane=${l} lit=${litLanes.has(l.lane) || tLane.has(l.lane)}
      sel=${selected && selected.type === "lane" && selected.id === l.lane} onClick=${click("lane", l.lane)} />`)}</g>
    <g class="slots">${view.slots.map((s) => html`<${Settlement} view=${view} s=${s} lit=${tWorld.has(s.slot)}
      sel=${selected && selected.type === "slot" && selected.id === s.slot} onClick=${click("slot", s.slot)} />`)}</g>
    <g class="ships">${shipEls}</g>
    <g class="moves">${moveTargets.map(({ m, t }) => html`<g class="move-target ${m.fuel ? "fuel" : "free"}" data-move=${m.action}
        role="button" tabindex="0" aria-label=${`${m.jump ? "jump" : "move"} toward ${view.slots[m.to].name || "slot " + m.to}: ${m.cost}`}
        onClick=${(e) => { e.stopPropagation(); if (!busy) onMove(m); }}
        onKeyDown=${(e) => { if (e.key === "Enter" && !busy) onMove(m); }}>
      <circle cx=${t.point[0]} cy=${t.point[1]} r=${t.slot !== null ? R + 8 : 11} class="ring" />
      <g transform="translate(${t.point[0]} ${t.point[1] - (t.slot !== null ? R + 16 : 18)})">
        <rect x="-48" y="-9" width="96" height="15" rx="7" class="cost-pill" />
        <text x="0" y="2" class="cost-text">${m.jump ? "jump · " : ""}${m.cost}</text></g>
    </g>`)}</g>
  </svg>`;
}
