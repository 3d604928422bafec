// The Moonrakers card catalog (GET /api/catalog/moonrakers: the server's own card data) and small lookups.

const data = await (await fetch("/api/catalog/moonrakers")).json();

function index(list) {
  const out = {};
  for (const c of list) out[c.slug] = c;
  return out;
}

const CONTRACTS = index(data.contracts);
const CREW = index(data.crew);
const PARTS = index(data.ship_parts);
const OBJECTIVES = index(data.objectives);
const BASIC = index(data.basic);
// a part lists the basic cards it adds by slug (the data's form); the page shows their names
for (const p of data.ship_parts) p.cards = p.cards.map((s) => (BASIC[s] ? BASIC[s].name : s));

/** Requirement types in the engine's order (pool and target lists), with a label and a glyph. */
export const REQS = [
  { key: "reactor", label: "Reactor", glyph: "⚡" },
  { key: "thruster", label: "Thruster", glyph: "➤" },
  { key: "shield", label: "Shield", glyph: "⬢" },
  { key: "damage", label: "Damage", glyph: "✸" },
  { key: "crew", label: "Crew", glyph: "☻" },
];

export const FACTION_NAMES = { magnomi: "Magnomi", henko: "Henko", komek: "Komek", ventus: "Ventus", sorelia: "Sorelia" };

export function contract(slug) {
  return CONTRACTS[slug] || { slug, name: slug, kind: "?", prestige: 0, credits: 0, bonus: 0, faction: null, req: {}, dice: 0, text: slug };
}
export function part(slug) {
  return PARTS[slug] || { slug, name: slug, brand: null, cost: 0, cards: [], text: "" };
}
export function crew(slug) {
  return CREW[slug] || null;
}
export function objective(slug) {
  return OBJECTIVES[slug] || { slug, name: slug, color: "gray", text: "" };
}

/** An action-deck card (basic or crew): {slug, name, text, kind: "basic" | "crew", cost?, role?}. */
export function actionCard(slug) {
  if (BASIC[slug]) return { ...BASIC[slug], kind: "basic" };
  const c = CREW[slug];
  if (c) return { ...c, kind: "crew", crewKind: c.kind };
  return { slug, name: slug, text: "", kind: "basic" };
}

/** The display name of any card slug. */
export function cardName(slug) {
  const c = BASIC[slug] || CREW[slug] || PARTS[slug] || CONTRACTS[slug] || OBJECTIVES[slug];
  return c ? c.name : slug;
}
