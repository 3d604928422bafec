// The Space Lanes map as SVG (L1, L2): 15 settlements on a 5 × 3 grid, 24 lanes with their names and
// distance markers, ships where they stand, the cards on each space, face-down spaces in Exploration
// (L20). Every word on it is placed by `maplabels.js`, so no two overlap. Legal moves are rings with
// their cost ("free move", "fuel: 1 card", L6); spaces a card may be played to are lit; clicking
// anything else shows its details. `MapPanel` holds the map with its zoom (buttons, drag to pan; on a
// phone the map opens larger than the screen and pans sideways), the price table and the map as a list.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { html } from "../html.js";
import { SEAT_COLOURS, cardName, kindOf } from "./catalog.js";
import { FONT, LINE, R, iconSpot, laneGeom, laneLabel, layoutBoard, layoutTags, markerPoint, slotPoint } from "./maplabels.js";

function laneBetween(view, a, b) {
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

/** A move's cost on its tag, and in fewer words where room is short (the whole words are in the decision
 * panel and the ring's label). */
function tagText(m) {
  const cost = m.fuel ? `fuel: ${m.fuel} card${m.fuel > 1 ? "s" : ""}` : "free move";
  return (m.jump ? "jump · " : "") + cost;
}

function tagShort(m) {
  return m.jump ? "jump" : m.fuel ? `${m.fuel} fuel` : "free";
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

function Lane({ view, lane, label, lit, sel, onClick }) {
  const g = laneGeom(view, lane);
  const { ax, ay, bx, by } = g;
  const text = laneLabel(lane);
  const icons = laneIcons(lane);
  const at = iconSpot(g, icons.length);
  const markers = [];
  if (lane.revealed) for (let k = 1; k <= lane.distance; k++) markers.push(markerPoint(view, lane, k));
  const b = label.b;
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const base = cy + 0.345 * FONT.lane; // the text's box centred on the label's box
  return html`<g class="lane ${lane.revealed ? "" : "hidden"} ${lit ? "lit" : ""} ${sel ? "sel" : ""}" data-lane=${lane.lane}
      onClick=${onClick} role="button" tabindex="-1" aria-label=${"lane " + text}>
    <title>${text}${lane.revealed ? `: ${lane.distance} distance marker${lane.distance > 1 ? "s" : ""}` : " (face down)"}</title>
    <line x1=${ax} y1=${ay} x2=${bx} y2=${by} class="lane-hit" />
    <line x1=${ax} y1=${ay} x2=${bx} y2=${by} class="lane-line" />
    ${markers.map(([x, y], i) => html`<circle cx=${x} cy=${y} r="5" class="marker" data-mark=${i + 1} />`)}
    <text x=${cx} y=${base} font-size=${FONT.lane} transform=${label.rotate ? `rotate(${label.rotate} ${cx} ${cy})` : null}
      class="lane-name map-label" data-label=${"lane " + lane.lane}>${text}</text>
    ${icons.map((ic, i) => {
      const x = at.x + at.dx * i;
      const y = at.y + at.dy * i;
      const k = kindOf(ic.slug);
      return html`<g class="space-card k-${ic.key}"><title>${cardName(ic.slug)} (${k.label})</title>
        <rect x=${x - 7} y=${y - 7} width="14" height="14" rx="3" /><text x=${x} y=${y + 4}>${k.glyph}</text></g>`;
    })}
  </g>`;
}

function Settlement({ view, s, label, lit, sel, onClick }) {
  const [x, y] = slotPoint(view, s.slot);
  const lx = label.align === "end" ? label.x + label.box.w : label.align === "middle" ? label.x + label.box.w / 2 : label.x;
  const nameBase = label.y + 0.93 * FONT.name;
  const lineBase = (i) => label.y + FONT.name * 1.17 + i * LINE.feature + 0.93 * FONT.feature;
  return html`<g class="settlement ${s.revealed ? "" : "hidden"} ${s.homeworld ? "home" : ""} ${lit ? "lit" : ""} ${sel ? "sel" : ""}"
      data-slot=${s.slot} onClick=${onClick} role="button" tabindex="-1" aria-label=${s.revealed ? s.name : "unexplored settlement"}>
    <title>${s.revealed ? `${s.name}${s.homeworld ? " (Homeworld)" : ""}: ${s.feature}` : "Unexplored settlement"}</title>
    ${s.homeworld ? html`<circle cx=${x} cy=${y} r=${R + 5} class="home-ring" />` : ""}
    <circle cx=${x} cy=${y} r=${R} class="node" />
    <text x=${x} y=${y + 4} class="node-glyph">${s.revealed ? (s.homeworld ? "★" : "●") : "?"}</text>
    <g class="map-label" data-label=${"slot " + s.slot} text-anchor=${label.align}>
      <text x=${lx} y=${nameBase} font-size=${FONT.name} class="node-name">${label.name}</text>
      ${label.lines.map((line, i) => html`<text x=${lx} y=${lineBase(i)} font-size=${FONT.feature} class="node-feature">${line}</text>`)}
    </g>
    ${s.economic ? html`<g class="space-card k-economic"><title>${cardName(s.economic)} (Economic event here)</title>
      <rect x=${x - R - 10} y=${y - R - 8} width="16" height="14" rx="3" /><text x=${x - R - 2} y=${y - R + 3}>¢</text></g>` : ""}
  </g>`;
}

/** What the board's words depend on: which spaces are face up (L20), by name. */
function boardKey(view) {
  return view.slots.map((s) => (s.revealed ? s.name : "?")).join("|") + "/" + view.lanes.map((l) => (l.revealed ? l.name + l.distance : "?")).join("|");
}

let lastBoard = { key: null, board: null };

/** The board's layout, kept while no space is turned face up. */
function boardFor(view) {
  const key = boardKey(view);
  if (lastBoard.key !== key) lastBoard = { key, board: layoutBoard(view) };
  return lastBoard.board;
}

/** Ships: on a settlement around its upper half, on a lane on their marker (side by side). */
function shipSpots(view) {
  const spots = new Map();
  view.ships.forEach((sh) => {
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
  const out = [];
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
      out.push({ sh, x, y });
    });
  }
  return out;
}

/**
 * The map. `moves`: the legal moves from the offered intent ({to, jump, fuel, cost, action});
 * `targets`: {lane: Map(id → action), world: Map(id → action)} for a card or a relocation being placed.
 */
export function StarMap({ view, me, names, moves, targets, selected, onSelect, onMove, onTarget, busy, width }) {
  const board = boardFor(view);
  const ships = shipSpots(view);
  const mine = me !== null && me !== undefined ? view.ships[me] : null;
  const moveTargets = mine && moves ? moves.map((m) => ({ m, t: moveTarget(view, mine, m) })).filter((x) => x.t) : [];
  const tags = layoutTags(view, board, moveTargets.map(({ m, t }) => ({ key: m.action, x: t.point[0], y: t.point[1], text: tagText(m), short: tagShort(m),
    node: t.slot !== null })),
    ships.map(({ x, y }) => ({ x: x - 9, y: y - 11, w: 18, h: 33 })));
  const litLanes = new Set(moveTargets.filter((x) => x.t.lane !== null && !x.m.jump).map((x) => x.t.lane));
  const tLane = targets ? targets.lane : new Map();
  const tWorld = targets ? targets.world : new Map();
  const click = (type, id) => (e) => {
    e.stopPropagation();
    if (type === "lane" && tLane.has(id)) onTarget(tLane.get(id));
    else if (type === "slot" && tWorld.has(id)) onTarget(tWorld.get(id));
    else onSelect({ type, id });
  };
  const b = board.bounds;
  return html`<svg class="starmap" viewBox="${b.x} ${b.y} ${b.w} ${b.h}" role="img" aria-label="The map: settlements and space lanes"
      style=${width ? `width:${width}px` : ""} onClick=${() => onSelect(null)}>
    <defs>
      <filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="3" result="b" />
        <feMerge><feMergeNode in="b" /><feMergeNode in="SourceGraphic" /></feMerge></filter>
    </defs>
    <g class="lanes">${view.lanes.map((l) => html`<${Lane} view=${view} lane=${l} label=${board.lanes.get(l.lane)}
      lit=${litLanes.has(l.lane) || tLane.has(l.lane)} sel=${selected && selected.type === "lane" && selected.id === l.lane}
      onClick=${click("lane", l.lane)} />`)}</g>
    <g class="slots">${view.slots.map((s) => html`<${Settlement} view=${view} s=${s} label=${board.settlements.get(s.slot)} lit=${tWorld.has(s.slot)}
      sel=${selected && selected.type === "slot" && selected.id === s.slot} onClick=${click("slot", s.slot)} />`)}</g>
    <g class="ships">${ships.map(({ sh, x, y }) => html`<${Ship} x=${x} y=${y} seat=${sh.seat} mine=${sh.seat === me} name=${names[sh.seat]} damaged=${sh.damaged} />`)}</g>
    <g class="moves">${moveTargets.map(({ m, t }) => html`<g class="move-target ${m.fuel ? "fuel" : "free"}" data-move=${m.action}
        role="button" tabindex="0" aria-label=${`${m.jump ? "jump" : "move"} toward ${view.slots[m.to].name || "slot " + m.to}: ${m.cost}`}
        onClick=${(e) => { e.stopPropagation(); if (!busy) onMove(m); }}
        onKeyDown=${(e) => { if (e.key === "Enter" && !busy) onMove(m); }}>
        <title>${m.jump ? "jump" : "move"} toward ${view.slots[m.to].name || "an unexplored settlement"}: ${m.cost}</title>
        <circle cx=${t.point[0]} cy=${t.point[1]} r=${t.slot !== null ? R + 8 : 11} class="ring" /></g>`)}</g>
    <g class="tags">${moveTargets.map(({ m }) => {
      const tag = tags.get(m.action);
      if (!tag) return "";
      const tb = tag.box;
      return html`<g class="move-tag map-label ${m.fuel ? "fuel" : "free"}" data-label=${"move " + m.action} data-move-tag=${m.action}
          onClick=${(e) => { e.stopPropagation(); if (!busy) onMove(m); }}>
        <title>${m.jump ? "jump" : "move"} toward ${view.slots[m.to].name || "an unexplored settlement"}: ${m.cost}</title>
        <rect x=${tb.x} y=${tb.y} width=${tb.w} height=${tb.h} rx="7" class="cost-pill" />
        <text x=${tb.x + tb.w / 2} y=${tb.y + tb.h / 2 + 0.345 * FONT.pill} font-size=${FONT.pill} class="cost-text">${tag.text}</text></g>`;
    })}</g>
  </svg>`;
}

const ZOOMS = [1, 1.5, 2, 2.5, 3.2];
const PHONE_ZOOM = 2;
const NARROW = "(max-width: 700px)";

/** True on a phone-sized screen (the map then opens zoomed in). */
function useNarrow() {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const mq = window.matchMedia(NARROW);
    const on = () => setNarrow(mq.matches);
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  return narrow;
}

/** The map in a frame that scrolls: `zoom` 1 fits the frame, more is larger (drag or scroll to pan). A
 * phone starts two steps in, where the names are as large as the page's text. */
function ZoomFrame({ render, aspect, zoom, follow }) {
  const ref = useRef(null);
  const [fit, setFit] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => {
      const maxH = parseFloat(getComputedStyle(el).maxHeight) || Infinity;
      setFit(Math.max(200, Math.min(el.clientWidth, (maxH - 2) / aspect)));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [aspect]);
  // keep my ship (or what was in the middle) in the middle when the zoom changes
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !fit || !follow) return;
    const w = fit * zoom;
    el.scrollLeft = Math.max(0, follow[0] * w - el.clientWidth / 2);
    el.scrollTop = Math.max(0, follow[1] * w - el.clientHeight / 2);
  }, [zoom, fit, follow && follow.join(",")]);
  // drag with the mouse to pan (a touch pans by itself: the frame scrolls)
  const drag = useRef(null);
  const down = (e) => {
    if (e.pointerType !== "mouse" || e.button !== 0 || zoom === 1) return;
    drag.current = { x: e.clientX, y: e.clientY, left: ref.current.scrollLeft, top: ref.current.scrollTop, moved: false };
  };
  const move = (e) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.abs(dx) + Math.abs(dy) < 5) return;
    d.moved = true;
    ref.current.scrollLeft = d.left - dx;
    ref.current.scrollTop = d.top - dy;
  };
  const up = () => { setTimeout(() => { drag.current = null; }, 0); };
  const clickCapture = (e) => { if (drag.current && drag.current.moved) { e.stopPropagation(); e.preventDefault(); } };
  return html`<div class="mapframe ${zoom > 1 ? "zoomed" : ""}" ref=${ref} onPointerDown=${down} onPointerMove=${move}
      onPointerUp=${up} onPointerLeave=${up} onClickCapture=${clickCapture}>
    ${fit ? render(Math.round(fit * zoom)) : ""}
  </div>`;
}

/** The map, the price table or the map as a list, in one panel with its own tabs and the zoom. */
export function MapPanel({ view, me, mapProps, prices, places, children }) {
  const phone = useNarrow();
  const [tab, setTab] = useState("map");
  const [zoomAt, setZoomAt] = useState(phone ? PHONE_ZOOM : 0);
  useEffect(() => { setZoomAt((z) => (phone ? Math.max(z, PHONE_ZOOM) : z)); }, [phone]);
  const zoom = ZOOMS[zoomAt];
  const b = boardFor(view).bounds;
  const sh = me !== null && me !== undefined ? view.ships[me] : null;
  let follow = null;
  if (sh && sh.node >= 0) follow = slotPoint(view, sh.node);
  else if (sh && sh.lane >= 0) follow = markerPoint(view, view.lanes[sh.lane], sh.mark);
  const rel = follow ? [(follow[0] - b.x) / b.w, (follow[1] - b.y) / b.w] : [0.5, 0.5 * (b.h / b.w)];
  const tabs = [["map", "Map"], ["prices", "Prices"], ["places", "List"]];
  return html`<section class="panel mapwrap" aria-label="Map">
    <div class="maptools">
      <div class="tabbar" role="tablist">${tabs.map(([k, label]) => html`<button role="tab" class="tab ${tab === k ? "on" : ""}"
        aria-selected=${tab === k} data-maptab=${k} onClick=${() => setTab(k)}>${label}</button>`)}</div>
      ${tab === "map" ? html`<span class="zoom">
        <span class="small muted hint">${zoom > 1 ? "drag or scroll to look around" : "click a place for its details"}</span>
        <button class="btn tiny" aria-label="zoom out" disabled=${zoomAt === 0} onClick=${() => setZoomAt(zoomAt - 1)}>−</button>
        <button class="btn tiny" aria-label="zoom in" disabled=${zoomAt === ZOOMS.length - 1} onClick=${() => setZoomAt(zoomAt + 1)}>+</button>
        <button class="btn tiny" aria-label="fit the whole map" disabled=${zoomAt === 0} onClick=${() => setZoomAt(0)}>fit</button></span>`
        : html`<span class="small muted">${tab === "prices" ? "credits per unit" : "every place and lane in words"}</span>`}
    </div>
    ${tab === "map" ? html`<${ZoomFrame} aspect=${b.h / b.w} zoom=${zoom} follow=${rel}
        render=${(w) => html`<${StarMap} ...${mapProps} width=${w} />`} />`
      : tab === "prices" ? html`<div class="mapalt">${prices}</div>` : html`<div class="mapalt">${places}</div>`}
    ${children}
  </section>`;
}
