"""One-off converter: fan-compiled Moonrakers CSVs -> spacetable card JSON files.

Reads ``contracts.csv``, ``crew.csv``, ``ship_parts.csv`` and ``objectives.csv`` (see the README next to
them), keeps the rows of the sets we implement (BG base, FE first-encounter, BT binding-ties) and writes
``spacetable/games/moonrakers/data/{contracts,crew,ship_parts,objectives}.json``.

It was run once; the JSON files are the source of truth from then on and nothing at runtime needs this
script. The CSV ability texts are the publisher's wording and are NOT copied: every crew, part and
objective gets a short text of our own from ``TEXTS`` below (the script refuses a card without one).

Data rulings applied (open questions 1–3 of shared/rules/moonrakers-base.md):
- Boarding Action (FE) gets 0 credits and 2 bonus cards like the other promo contracts;
- a blank number (HDice included) is 0;
- "Redacted" is named "[Redacted]"; "Clone Bay, The" and friends become "The Clone Bay".

Usage: python tools/convert_moonrakers_csv.py [SOURCE_DIR] [OUT_DIR]
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path
from typing import Any

DEFAULT_SOURCE = Path("/work/shared/data/moonrakers/source")
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "spacetable" / "games" / "moonrakers" / "data"

SETS = ("BG", "FE", "BT")
COLOR_FACTION = {
    "orange": "magnomi", "green": "henko", "blue": "komek", "yellow": "ventus", "purple": "sorelia",
}
BASIC_BY_CSV = {
    "Reactor": "reactor", "Thruster": "thruster", "Shield": "shield",
    "Damage 1": "damage-1", "Damage 2": "damage-2", "Damage 3": "damage-3", "Miss": "miss",
}
RENAMES = {"Redacted": "[Redacted]"}
CONTRACT_FIXES: dict[str, dict[str, int]] = {"Boarding Action": {"credits": 0, "bonus": 2}}

# Our own short texts (meaning kept exact; wording ours). Requirement reductions never go below 0.
TEXTS: dict[str, str] = {
    # --- crew, base
    "Ada Massa": "+3 Actions; Reactor requirement −1.",
    "AT-0K": "Discard one hazard die targeting you; counts as Damage equal to that die's icons.",
    "B3-AR": "Put another Crew card from your play area or discard pile into your hand; +1 Action.",
    "Bill Bendo": "Block 1 hazard icon; Shield requirement −1; then draw 1 card or take +1 Action.",
    "Crusse Parke": "Counts as 4 Damage; trash your top draw-pile card unseen.",
    "Dana Powalki": "Counts as a Damage III card; +1 Action.",
    "Kal Damar": "Draw 2 cards; afterwards you may trash a hand card.",
    "Kary Powalk": "This contract, every Damage I/II/III card played by anyone counts 1 more; +1 Action.",
    "Lee van Cribb": "Look at your top 3 draw-pile cards: play 1 of them free, discard the others; "
                     "+1 Action.",
    "Lila al Bindar": "Trash 1 card from your hand (mandatory); gain a new Reactor into your discard pile; "
                      "+1 Action.",
    "Meg Gallak": "Trash 1 card from your hand (mandatory); one requirement −2; +1 Action.",
    "Moro Mada": "One requirement of this contract −2.",
    "Myla Dystra": "Swap any of your hand cards for as many new draws; +1 Action.",
    "Nella van Daval": "Draw 3 cards; Thruster requirement −1.",
    "[Redacted]": "Counts as a Shield; once, re-roll any of your hazard dice.",
    "Ryan Rogal": "Draw 2 cards; you may play one Damage card drawn this way free, counting 5 Damage.",
    "Ryle al Wren": "Either block 2 hazard icons or Shield requirement −2.",
    "Sella Pelleon": "One requirement −1; draw 1 card; +1 Action.",
    "Tantin al Vale": "Counts as a Damage II card or as a Shield (your pick).",
    "Zek Zarag": "Play any card of your draw pile free, then shuffle the draw pile.",
    # --- crew, first encounter
    "Col Dervok": "Trash 1 card from your hand (mandatory); +3 credits; +1 Action.",
    "Karma Kesa": "Either +3 Actions or take an objective.",
    "Metaxis": "Use the ability of one face-up Crew card of the Armory.",
    "Strada Rysh": "+1 Prestige now; roll 1 extra hazard die; +1 Action.",
    "Zardon the Enforcer": "Play every Damage card in your hand free; +1 Action.",
    # --- crew, binding ties
    "Ark Tii": "+1 Action; +1 reputation with your lowest faction (your pick on a tie).",
    "Detra Lar": "+3 Actions; optionally trash this card for +1 reputation with a faction of your choice.",
    "Finneal Lee": "+1 Action; spend any amount of reputation for as many extra Actions.",
    "Gadra Ga": "Spend 2 reputation (any factions): deal 4 Damage.",
    "Kinta Lar": "Draw 3 cards; you may trash this card for +1 reputation with a faction of your choice.",
    "Kyas IV": "Counts as a Damage II card; you may trash your top draw-pile card unseen for "
               "+2 reputation (one faction or two).",
    "Linus Farno": "Counts as a Shield; you may swap 1 reputation for 1 with a different faction.",
    "Lynna Tragel": "Counts as a Shield; roll 1 extra hazard die; +1 reputation with a faction "
                    "of your choice.",
    "Taygar Tak": "Spend 1 reputation: one requirement −1.",
    "The Warden": "Draw 2 cards; +1 reputation with a faction of your choice; every other player "
                  "+1 reputation with their lowest faction.",
    # --- ship parts, base
    "Absorption K2": "Contract start: draw 1 card if your hand holds no Reactor.",
    "Accelerator mk3": "The first Reactor you play each contract gives +1 Action more.",
    "Barrier A3": "Contract start: draw 1 card if your hand holds no Shield.",
    "Cloaking Device": "You roll 1 hazard die less.",
    "The Clone Bay": "Once per contract: play a Crew card a second time (each play costs 1 Action).",
    "Daburu mk1": "+1 Action at the start of each contract.",
    "Dark Matter mk3": "1 Action: discard a Damage I and a Damage II from your hand to deal 5 Damage.",
    "The Dauntless": "Each Shield you play: Damage requirement −1.",
    "Defender 5000": "1 Action: discard 2 non-Shield cards from your hand to play a Shield.",
    "Duo 1000": "The first Shield you play each contract counts as 2 Shields.",
    "Emulator mk2": "The first Shield you play each contract is free.",
    "Escape Jets E1": "Contract start: draw 1 card if your hand holds no Thruster.",
    "Flash": "Your hand size is 6.",
    "The Gatling Laser": "Damage requirement −1.",
    "Jump Jets E2": "Contract start: each of your allies draws 1 card.",
    "The Leech": "+1 Action per ally on the contract (you count if you are not the Mission Leader).",
    "MG Charge Core": "1 Action: play a Damage I as a Damage III, then gain a new Miss into your "
                      "discard pile.",
    "MG Phase Core": "Once you have played 2 Reactors this contract: Damage requirement −1.",
    "MG Support Core": "The first Damage card you play each contract is free.",
    "MG Warp": "The first Damage card you play each contract: draw 2 cards.",
    "MG1 Kinetic": "Each Damage I you trash from your hand: Damage requirement −3.",
    "MG1 Rail Gun": "At the success check: Damage requirement −2 if you played no Shield this contract.",
    "MG2 Laser Turrets": "1 Action: discard 2 Damage I from your hand to deal 4 Damage.",
    "MG2 Quad Laser": "Contract start: draw 2 cards if your hand holds no Damage card.",
    "Multi Stage M1": "Once per contract: discard up to 3 cards; each ally then draws that many.",
    "Predator mk1": "While you take part, every participant plays Damage I cards free.",
    "Projector S2": "Contract start: draw 1 card per hazard die targeting you.",
    "Pulsor mk1": "Contract start: each of your allies gets +1 Action.",
    "The Pursuer": "Once per contract: discard up to 3 cards, then draw that many.",
    "The Quantum Driver": "Once per contract: a Damage I you play counts as a Damage III.",
    "Replicator mk1": "1 Action: discard 2 identical cards to play one Reactor, Thruster, Shield or "
                      "Damage I.",
    "Sapphire mk2": "Reactor requirement −1.",
    "Swarm mk1": "Each Damage I you discard from your hand: +2 Actions.",
    "Symbiote 9000": "Once per contract: trash a card from your hand to block 1 hazard icon.",
    "Titan 3000": "Shield requirement −1.",
    "Twin Jets E4": "Thruster requirement −1.",
    "Vector Jets E3": "Contract start, if you are Mission Leader: draw 1 card.",
    # --- ship parts, first encounter
    "Doom": "Staying at Base gives you 4 credits instead of 1.",
    "Fission": "Your Reactors are free to play.",
    "Ghost": "The first Thruster you play each contract: discard one hazard die targeting you.",
    "Siphon": "+1 Action for each of your hazard dice your Shields block.",
    "SOS": "Each Miss may be played as a Reactor, Thruster, Shield or Damage I.",
    # --- ship parts, binding ties
    "Artifact 205-A": "Buying Prestige with reputation costs 1 reputation less.",
    "Artifact 205-B": "Every other reputation reward costs 1 reputation less (at least 1).",
    "Comms Array C5": "You trade reputation 2-for-1 instead of 3-for-1.",
    "Envoy Shuttle": "Once per contract: trash a card for +1 reputation with your lowest faction.",
    "Flak Mine": "You may roll 1 extra hazard die: gain as much reputation as its icons "
                 "(one or two factions).",
    "LR Targeting Core": "Spend any amount of reputation: Damage requirement − that amount.",
    "Proto Warning System": "Once per contract: spend 1 reputation to block 1 hazard icon.",
    "Pulse Exchange": "Once per contract: spend 1 reputation for +1 Action.",
    "Pulse Recycler": "Once per contract: trash a Reactor from your hand for +1 reputation.",
    "Radar Repeater": "Once per contract: spend 1 reputation, one requirement −1.",
    # --- objectives, base
    "Ace": "Succeed on a contract with 2+ hazard dice targeting you.",
    "Barrage": "Contribute 5+ Damage to one contract (success not needed).",
    "Chain Reaction": "Play 4+ Reactors on one contract (success not needed).",
    "Daredevil": "Succeed on a Rescue contract without playing a Shield.",
    "Efficiency": "Succeed on a Delivery contract without playing a Thruster.",
    "Fire Support": "Succeed on a Kill contract without playing a Damage card.",
    "Generalist": "Have a Magnomi, a Henko, a Komek and a Ventus part installed at once.",
    "Gun for Hire": "Succeed solo on a Kill contract.",
    "Megaton": "Have 3+ Magnomi parts installed at once.",
    "Money Bags": "Hold 8+ credits at the end of your own turn.",
    "Natural Leader": "Play 3+ Crew cards on one contract (success not needed).",
    "Over 9000": "Have 3+ Komek parts installed at once.",
    "Quick Run": "Succeed solo on a Delivery contract.",
    "Quick Strike": "Play 3+ Thrusters on one contract (success not needed).",
    "Saboteur": "Fail a contract as an ally.",
    "Santa Maria": "Succeed solo on an Explore contract.",
    "Shield Wall": "Play 3+ Shields on one contract (success not needed).",
    "Specialist": "Have 2+ Sorelia parts installed at once.",
    "Speed Demon": "Have 3+ Ventus parts installed at once.",
    "Tank": "Have 3+ Henko parts installed at once.",
    "Tinker": "Buy a 5th ship part while 4 are installed.",
    "Utopia": "Succeed as Mission Leader with every other player as your ally.",
    "You're My Hero": "Succeed solo on a Rescue contract.",
    # --- objectives, binding ties
    "Alliance": "Have 5 reputation with one faction and 0 with every other.",
    "Backup": "Gain 4+ reputation during one contract (success not needed).",
    "Brute": "Fail a contract as an ally of a Mission Leader with the most Prestige (ties count).",
    "Call In Favors": "Spend 10 reputation during one contract (success not needed).",
    "For Hire": "Take 2 objectives with reputation during one contract (success not needed).",
    "Freeloader": "Join a contract as an ally with no share of its rewards.",
    "Hoarder": "Own 20+ cards counting hand, draw pile and discard pile.",
    "Invest": "Gain 3+ credits with reputation during one contract (success not needed).",
    "Manifold": "Draw 3 cards with reputation during one contract (success not needed).",
    "Responsive": "Gain 3 Actions with reputation during one contract (success not needed).",
}


def card_name(raw: str) -> str:
    """Printed name: "Clone Bay, The" -> "The Clone Bay"; "Redacted" -> "[Redacted]"."""
    name = raw.strip()
    m = re.fullmatch(r"(.+), (The|A|An)", name)
    if m:
        name = f"{m.group(2)} {m.group(1)}"
    return RENAMES.get(name, name)


def slugify(name: str) -> str:
    """Lowercase words joined by "-": "MG1 Rail Gun" -> "mg1-rail-gun", "[Redacted]" -> "redacted"."""
    return "-".join(re.findall(r"[a-z0-9]+", name.lower().replace("'", "")))


def number(cell: str) -> int:
    cell = cell.strip()
    return int(cell) if cell else 0


def rows(path: Path, skip: int = 0) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        lines = list(csv.reader(f))[skip:]
    header = lines[0]
    return [dict(zip(header, r, strict=False)) for r in lines[1:] if r and r[header.index("Game")] in SETS]


def text_for(name: str) -> str:
    if name not in TEXTS:
        raise SystemExit(f"no text of our own for {name!r}")
    return TEXTS[name]


def by_set(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(cards, key=lambda c: SETS.index(c["set"]))  # stable: CSV order within a set


def contracts(src: Path) -> list[dict[str, Any]]:
    out = []
    for r in rows(src / "contracts.csv", skip=1):
        name = card_name(r["Name"])
        colour = r["Faction"].strip().lower()
        card = {
            "name": name, "slug": slugify(name), "set": r["Game"], "kind": r["CType"].strip().lower(),
            "prestige": number(r["Prestige"]), "credits": number(r["Credits"]), "bonus": number(r["BC"]),
            "faction": COLOR_FACTION[colour] if colour else None,
            "req": {"reactor": number(r["Reactors"]), "thruster": number(r["Thrusters"]),
                    "shield": number(r["Shields"]), "damage": number(r["Damage"]), "crew": number(r["Crew"])},
            "dice": number(r["HDice"]),
        }
        card.update(CONTRACT_FIXES.get(name, {}))
        out.append(card)
    return by_set(out)


def crew(src: Path) -> list[dict[str, Any]]:
    out = []
    for r in rows(src / "crew.csv"):
        name = card_name(r["Name"])
        out.append({"name": name, "slug": slugify(name), "set": r["Game"], "role": r["Role"].strip(),
                    "kind": r["Type"].strip().lower(), "cost": number(r["Cost"]), "text": text_for(name),
                    "effects": []})
    return by_set(out)


def parts(src: Path) -> list[dict[str, Any]]:
    out = []
    for r in rows(src / "ship_parts.csv"):
        name = card_name(r["Name"])
        cards = [BASIC_BY_CSV[r[f"Card{i}"].strip()] for i in range(1, 6) if r[f"Card{i}"].strip()]
        out.append({"name": name, "slug": slugify(name), "set": r["Game"],
                    "brand": r["Brand"].strip().lower(), "cost": number(r["Cost"]), "cards": cards,
                    "text": text_for(name), "effects": []})
    return by_set(out)


def objectives(src: Path) -> list[dict[str, Any]]:
    out = []
    for r in rows(src / "objectives.csv"):
        name = card_name(r["Name"])
        out.append({"name": name, "slug": slugify(name), "set": r["Game"],
                    "color": r["Color"].strip().lower(), "text": text_for(name), "condition": {}})
    return by_set(out)


def write(out_dir: Path, kind: str, cards: list[dict[str, Any]]) -> None:
    doc = {"format": "spacetable-cards", "version": 1, "kind": kind, "cards": cards}
    lines = ",\n".join("    " + json.dumps(c, ensure_ascii=False) for c in cards)
    head = json.dumps({k: v for k, v in doc.items() if k != "cards"}, ensure_ascii=False)[:-1]
    (out_dir / f"{kind}.json").write_text(f'{head}, "cards": [\n{lines}\n]}}\n', encoding="utf-8")
    assert json.loads((out_dir / f"{kind}.json").read_text(encoding="utf-8")) == doc


def main(argv: list[str]) -> None:
    src = Path(argv[1]) if len(argv) > 1 else DEFAULT_SOURCE
    out = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    out.mkdir(parents=True, exist_ok=True)
    for kind, build in (("contracts", contracts), ("crew", crew), ("ship_parts", parts),
                        ("objectives", objectives)):
        cards = build(src)
        write(out, kind, cards)
        counts = {s: sum(c["set"] == s for c in cards) for s in SETS}
        print(f"{kind}: {len(cards)} cards {counts}")


if __name__ == "__main__":
    main(sys.argv)
