// The Space Lanes card data the page shows (GET /api/catalog/spacelanes: the server's own content), the
// goods, and small lookups. Nothing here is secret: it is the public list of every card, settlement,
// lane and goal (who holds which is never in it).

const data = await (await fetch("/api/catalog/spacelanes")).json();

function index(list) {
  const out = {};
  for (const c of list || []) out[c.slug] = c;
  return out;
}

const CARDS = index(data.action_cards);
const SETTLEMENTS = index(data.settlements);
const GOALS = index(data.goals);

export const GOODS = [
  { slug: "ore", label: "Ore", glyph: "◆" },
  { slug: "supplies", label: "Supplies", glyph: "▣" },
  { slug: "parts", label: "Parts", glyph: "⚙" },
  { slug: "medicine", label: "Medicine", glyph: "✚" },
  { slug: "luxury", label: "Luxury", glyph: "♦" },
  { slug: "contraband", label: "Contraband", glyph: "☒" },
];
export const GOOD = Object.fromEntries(GOODS.map((g) => [g.slug, g]));

/** Card kinds: a label and a glyph for the map and the hand. */
export const KINDS = {
  pirates: { label: "Pirates", glyph: "☠" },
  patrol: { label: "Patrol", glyph: "✪" },
  economic: { label: "Economic", glyph: "¢" },
  station: { label: "Space Station", glyph: "⌂" },
  asteroids: { label: "Asteroids", glyph: "✺" },
  wormhole: { label: "Wormhole", glyph: "◎" },
  cancel: { label: "Cancel", glyph: "⊘" },
  missiles: { label: "Missiles", glyph: "➤" },
  countermeasures: { label: "Countermeasures", glyph: "◈" },
  fuel_burn: { label: "Fuel Burn", glyph: "♨" },
  repair_kit: { label: "Repair Kit", glyph: "✚" },
  upgrade: { label: "Upgrade", glyph: "⬆" },
  crew: { label: "Crew", glyph: "☻" },
  bounty: { label: "Bounty", glyph: "$" },
  transport: { label: "Transport", glyph: "✉" },
};

export const SEAT_COLOURS = ["#ffcc4d", "#5fd4ff", "#ff7ab8", "#7fe3b0", "#c98bff"];

export function card(slug) {
  return CARDS[slug] || { slug, name: slug, kind: "?", cost: 0, text: "" };
}

export function cardName(slug) {
  return card(slug).name;
}

export function kindOf(slug) {
  return KINDS[card(slug).kind] || { label: card(slug).kind, glyph: "•" };
}

export function settlementInfo(slug) {
  return SETTLEMENTS[slug] || null;
}

export function goal(slug) {
  return GOALS[slug] || { slug, name: slug, text: "" };
}

export function allGoals() {
  return data.goals || [];
}

/** Every action card (slug and name), for asking a card of another captain's hidden hand by name (L19). */
export function allCards() {
  return (data.action_cards || []).map((c) => ({ slug: c.slug, name: c.name }));
}
