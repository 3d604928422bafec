// Where the map's words go: each settlement's name and whole feature text, each lane's name, and the
// cost tag of each legal move, placed so that no two overlap and none sits on a settlement, a distance
// marker or a lane line, nor (where anything else is free) on the room kept for the cards on a lane.
// A greedy placer: every label has a few
// candidate spots in order of preference (a settlement's words in the open square to its lower right,
// else another square around it; a lane's name beside its line, sliding along it if need be) and takes
// the first that is free. Text is measured with the page's own font (a canvas), so boxes are exact.
// The settlements and lanes are placed from the board alone (they do not move when a ship moves or a
// card is played); the move tags are placed last, around what is already there.

export const FONT = { name: 15, feature: 12.5, lane: 11.5, pill: 11 };
export const LINE = { feature: 14.5 };
export const R = 19;
const GAP = 3;           // the least room between two boxes
const ICON = 15;         // one card icon on a lane (14 wide, 1 apart)
const ICON_ROOM = 3;     // the icons kept room for on each lane

let ctx = null;
let family = null;
const widths = new Map();

/** The width of `text` in map units at `size` (the SVG draws text in map units, so px at 1:1). */
export function textWidth(text, size, bold) {
  const key = `${bold ? "b" : "n"}${size}|${text}`;
  let w = widths.get(key);
  if (w !== undefined) return w;
  if (!ctx) {
    ctx = document.createElement("canvas").getContext("2d");
    family = getComputedStyle(document.documentElement).fontFamily || "sans-serif";
  }
  ctx.font = `${bold ? 700 : 400} ${size}px ${family}`;
  w = ctx.measureText(text).width + 3; // + the dark outline drawn around map text (3 units)
  widths.set(key, w);
  return w;
}

/** Words wrapped to lines no wider than `width` (a word longer than the width stands on its own). */
export function wrapText(text, size, width) {
  const lines = [];
  let cur = "";
  for (const word of (text || "").split(/\s+/).filter(Boolean)) {
    const next = cur ? cur + " " + word : word;
    if (cur && textWidth(next, size) > width) {
      lines.push(cur);
      cur = word;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

// ---------------------------------------------------------------- geometry
const box = (x, y, w, h) => ({ x, y, w, h });
const hit = (a, b) => a.x < b.x + b.w + GAP && b.x < a.x + a.w + GAP && a.y < b.y + b.h + GAP && b.y < a.y + a.h + GAP;

/** Does the segment (x1,y1)-(x2,y2), drawn `half` units thick, cross box `b`? (Liang–Barsky clipping) */
function segHits(s, b) {
  const x0 = b.x - s.half;
  const y0 = b.y - s.half;
  const x1 = b.x + b.w + s.half;
  const y1 = b.y + b.h + s.half;
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [[-dx, s.x1 - x0], [dx, x1 - s.x1], [-dy, s.y1 - y0], [dy, y1 - s.y1]]) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/** The free-space test of one layout: boxes taken so far and lane lines. */
class Room {
  constructor(bounds) {
    this.boxes = [];
    this.reserved = []; // room kept free for what may come (the cards on a lane)
    this.segs = [];
    this.bounds = bounds; // null: anywhere; else a box every label must stay inside
  }
  free(b, soft) {
    if (this.bounds && (b.x < this.bounds.x || b.y < this.bounds.y || b.x + b.w > this.bounds.x + this.bounds.w
      || b.y + b.h > this.bounds.y + this.bounds.h)) return false;
    for (const o of this.boxes) if (hit(b, o)) return false;
    if (!soft) for (const o of this.reserved) if (hit(b, o)) return false;
    for (const s of this.segs) if (segHits(s, b)) return false;
    return true;
  }
  take(b) {
    this.boxes.push(b);
    return b;
  }
}

// ---------------------------------------------------------------- the board's fixed geometry
/** Settlement centres and lane ends in map units: columns 190 apart, rows 180 apart (L1). */
export const px = (x) => 58 + x * 190;
export const py = (y) => 40 + y * 180;

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

/** A lane's ends and middle, and whether it runs up and down or slopes. */
export function laneGeom(view, lane) {
  const [ax, ay] = slotPoint(view, lane.ends[0]);
  const [bx, by] = slotPoint(view, lane.ends[1]);
  const vertical = ax === bx;
  const diagonal = ax !== bx && ay !== by;
  return { ax, ay, bx, by, mx: (ax + bx) / 2, my: (ay + by) / 2, vertical, diagonal };
}

/** Where a lane's card icons go (beside its midpoint, away from its name): the first icon's centre and
 * the step to the next. Shared by the drawing and the layout, which keeps this room free. */
export function iconSpot(g, n) {
  if (g.vertical) return { x: g.mx - 17, y: g.my - ((n - 1) * ICON) / 2, dx: 0, dy: ICON };
  if (g.diagonal) return { x: g.mx - 14 - ((n - 1) * ICON) / 2, y: g.my + 16, dx: ICON, dy: 0 };
  return { x: g.mx - ((n - 1) * ICON) / 2, y: g.my + 13, dx: ICON, dy: 0 };
}

function iconBox(g, n) {
  const ic = iconSpot(g, n);
  const last = { x: ic.x + ic.dx * (n - 1), y: ic.y + ic.dy * (n - 1) };
  return box(Math.min(ic.x, last.x) - 7, Math.min(ic.y, last.y) - 7, Math.abs(last.x - ic.x) + 14, Math.abs(last.y - ic.y) + 14);
}

export function laneLabel(lane) {
  return lane.revealed ? `${lane.name} · ${lane.distance}` : "uncharted lane";
}

// ---------------------------------------------------------------- the static layout
function settlementLines(s) {
  const name = s.revealed ? s.name : "Unexplored";
  return { name, feature: s.revealed ? s.feature || "" : "" };
}

/** A settlement's words as a block `width` wide at (x, y): the name, then the feature wrapped. */
function block(x, y, name, feature, width) {
  const lines = feature ? wrapText(feature, FONT.feature, width) : [];
  const w = Math.max(textWidth(name, FONT.name, true), ...lines.map((l) => textWidth(l, FONT.feature)));
  const h = FONT.name * 1.17 + lines.length * LINE.feature;
  return { b: box(x, y, w, h), lines };
}

/** The room taken by what never moves: the settlements' circles, the lanes' lines and markers, and the
 * room kept for the cards on a lane and on a settlement. */
function fixedRoom(view, geoms) {
  const room = new Room(null);
  for (const s of view.slots) {
    const [x, y] = slotPoint(view, s.slot);
    const r = R + (s.homeworld ? 6 : 2);
    room.take(box(x - r, y - r, 2 * r, 2 * r));
    room.take(box(x - R - 11, y - R - 9, 18, 16)); // an Economic event sits at the circle's upper left
  }
  view.lanes.forEach((l, i) => {
    const g = geoms[i];
    room.segs.push({ x1: g.ax, y1: g.ay, x2: g.bx, y2: g.by, half: 2.5 });
    const d = l.revealed ? l.distance : 0;
    for (let k = 1; k <= d; k++) {
      const [mx, my] = markerPoint(view, l, k);
      room.take(box(mx - 11, my - 11, 22, 22)); // a marker, with the ring of a move to it (a ship stands on it)
    }
    room.reserved.push(iconBox(g, ICON_ROOM));
  });
  return room;
}

/** A settlement's words in the first free spot around its circle (the lower right first), or null. */
function placeSettlement(view, room, s) {
  const [x, y] = slotPoint(view, s.slot);
  const { name, feature } = settlementLines(s);
  // beside a vertical lane's name (x ± 14…28), under the cards' room of the lane to the right (y + 6…20),
  // over the name of the lane to the right (y − 14 and up)
  const low = y + R + 7;
  const high = y - R - 13;
  const right = x + 31;
  const left = (w) => x - 31 - w;
  // [where, how the lines align: towards the circle, so that the words read as its own]
  const spots = [
    [(w, h) => [right, low], "start"],                 // lower right
    [(w, h) => [right, high - h], "start"],            // upper right
    [(w, h) => [left(w), low], "end"],                 // lower left
    [(w, h) => [left(w), high - h], "end"],            // upper left
    [(w, h) => [x - w / 2, y + R + 30], "middle"],     // below
    [(w, h) => [x - w / 2, high - 12 - h], "middle"],  // above
  ];
  for (const width of [128, 104, 150]) {
    const probe = block(0, 0, name, feature, width);
    for (const [spot, align] of spots) {
      const [bx, by] = spot(probe.b.w, probe.b.h);
      const b = box(bx, by, probe.b.w, probe.b.h);
      if (room.free(b)) return { name, lines: probe.lines, x: b.x, y: b.y, box: b, align };
    }
  }
  return null;
}

/** A lane's name beside its line: at the middle, else further along, else on the other side; or null. */
function placeLane(room, g, l, soft) {
  const text = laneLabel(l);
  const w = textWidth(text, FONT.lane);
  const h = FONT.lane * 1.17;
  for (const t of [0, -0.1, 0.1, -0.2, 0.2, -0.28, 0.28]) {
    const cx = g.mx + (g.bx - g.ax) * t;
    const cy = g.my + (g.by - g.ay) * t;
    const cands = [];
    if (g.vertical) { // clear of a ring (11) or a ship (8) on a marker
      cands.push({ b: box(cx + 14, cy - w / 2, h, w), rotate: -90 });
      cands.push({ b: box(cx - 14 - h, cy - w / 2, h, w), rotate: -90 });
    } else if (g.diagonal) { // a level name on either side of the sloping line, clear of it
      const down = (g.by - g.ay) * (g.bx - g.ax) > 0; // "\" (the y axis points down)
      cands.push({ b: box(cx + 6, down ? cy - 14 - h : cy + 14, w, h) });
      cands.push({ b: box(cx - 6 - w, down ? cy + 14 : cy - 14 - h, w, h) });
    } else {
      cands.push({ b: box(cx - w / 2, cy - 14 - h, w, h) });
      cands.push({ b: box(cx - w / 2, cy + 24, w, h) });
    }
    const free = cands.find((c) => room.free(c.b, soft));
    if (free) return free;
  }
  // nowhere clear of the room kept for the lane's cards: there, then (the cards come seldom)
  return soft ? null : placeLane(room, g, l, true);
}

/**
 * The layout of the board's words, from the view alone: settlements' names and features, lanes' names.
 * Returns {settlements: Map(slot → {name, lines, x, y, box, align}), lanes: Map(lane → {b: box, rotate}),
 * bounds: the box that holds the whole map, room: the taken space (for the move tags), unplaced: the
 * words that found no free spot ("slot 3", "lane 7": drawn at their first choice; none on the boards
 * the tests try)}.
 */
export function layoutBoard(view) {
  const geoms = view.lanes.map((l) => laneGeom(view, l));
  // settlements row by row; one that finds no free spot goes first in the next try (a Homeworld by a
  // sloping lane, say, takes its square before a neighbour spreads into it)
  let order = [...view.slots].sort((a, b) => a.y - b.y || a.x - b.x);
  let best = null;
  for (let attempt = 0; attempt < 6; attempt++) {
    const room = fixedRoom(view, geoms);
    const settlements = new Map();
    const failed = [];
    for (const s of order) {
      const p = placeSettlement(view, room, s);
      if (p) {
        room.take(p.box);
        settlements.set(s.slot, p);
      } else failed.push(s);
    }
    const lanes = new Map();
    const lanesFailed = [];
    view.lanes.forEach((l, i) => {
      const p = placeLane(room, geoms[i], l);
      if (p) {
        room.take(p.b);
        lanes.set(l.lane, p);
      } else lanesFailed.push(i);
    });
    const unplaced = [...failed.map((x) => "slot " + x.slot), ...lanesFailed.map((i) => "lane " + i)];
    if (!best || unplaced.length < best.unplaced.length) best = { room, settlements, lanes, failed, lanesFailed, unplaced };
    if (!failed.length) break;
    order = [...failed, ...order.filter((s) => !failed.includes(s))];
  }
  // what found no room is drawn at its first choice (overlapping: the page's tests look for this)
  const { room, settlements, lanes } = best;
  for (const s of best.failed) {
    const [x, y] = slotPoint(view, s.slot);
    const { name, feature } = settlementLines(s);
    const probe = block(x + 31, y + R + 7, name, feature, 128);
    settlements.set(s.slot, { name, lines: probe.lines, x: probe.b.x, y: probe.b.y, box: probe.b, align: "start" });
    room.take(probe.b);
  }
  for (const i of best.lanesFailed) {
    const g = geoms[i];
    const w = textWidth(laneLabel(view.lanes[i]), FONT.lane);
    const b = g.vertical ? box(g.mx + 14, g.my - w / 2, FONT.lane * 1.17, w) : box(g.mx - w / 2, g.my - 14 - FONT.lane * 1.17, w, FONT.lane * 1.17);
    lanes.set(view.lanes[i].lane, { b, rotate: g.vertical ? -90 : 0 });
    room.take(b);
  }
  // the map's extent: everything placed, with a margin for the move tags and the ships
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of room.boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  const m = 8;
  const top = 26; // a move tag over a settlement of the top row, the ships over it
  const bounds = box(x0 - m, y0 - top, x1 - x0 + 2 * m, y1 - y0 + top + m);
  return { settlements, lanes, bounds, room, unplaced: best.unplaced };
}

const TAG_DIRECTIONS = [-90, 90, 0, 180, -45, -135, 45, 135, -67.5, -112.5, 67.5, 112.5, -22.5, -157.5, 22.5, 157.5];

/**
 * The move tags, placed around what the board layout took, the cards on the lanes now and the ships:
 * `tags` [{key, x, y, text, short, node}] (node: a settlement's circle, else a marker) → Map(key →
 * {box, text}). A tag takes its words ("free move") where they fit, else its short words ("free"), else
 * covers a ship; one with no room at all is left out (its ring's colour and the decision's buttons say
 * the cost): `unplaced` lists those keys (none on the boards the tests try).
 */
export function layoutTags(view, board, tags, shipBoxes) {
  const room = new Room(board.bounds);
  room.boxes = [...board.room.boxes];
  view.lanes.forEach((l) => {
    const n = ["hostile", "bounty", "station", "asteroids", "wormhole"].filter((k) => l[k]).length;
    if (n) room.boxes.push(iconBox(laneGeom(view, l), n));
  });
  const ships = new Room(null);
  ships.boxes = shipBoxes;
  const out = new Map();
  const unplaced = [];
  const spot = (t, text, overShips) => {
    const w = textWidth(text, FONT.pill, true) + 10;
    const h = 15;
    const d = t.node ? R + 10 : 15; // clear of the circle (and a Homeworld's ring) or the marker's ring
    // around the point, nearest first: above, below, beside, then the diagonals and between them; a tag
    // may cross a lane's line (it is opaque), never a word, a circle or another tag
    for (let r = d; r <= d + 48; r += 8) {
      for (const deg of TAG_DIRECTIONS) {
        const a = (deg * Math.PI) / 180;
        const cx = t.x + Math.cos(a) * (r + w / 2);
        const cy = t.y + Math.sin(a) * (r + h / 2);
        const b = box(cx - w / 2, cy - h / 2, w, h);
        if (room.free(b) && (overShips || ships.free(b))) return b;
      }
    }
    return null;
  };
  for (const t of tags) {
    for (const [text, overShips] of [[t.text, false], [t.short, false], [t.text, true], [t.short, true]]) {
      const b = text ? spot(t, text, overShips) : null;
      if (b) {
        room.take(b);
        out.set(t.key, { box: b, text });
        break;
      }
    }
    if (!out.has(t.key)) unplaced.push(t.key);
  }
  out.unplaced = unplaced;
  return out;
}
