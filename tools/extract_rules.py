"""Extract the rule texts the tables open by id from the rulebooks and our specs (shared/rules/) into
each game's package: ``spacetable/games/<game>/texts/rules.json``, ``{"rules": {id: {"title", "text",
"source"}}}``.

- Moonrakers: every numbered paragraph of our spec of the base game (``moonrakers-base.md``: ``3.4.9``
  with its sub-items, sections ``3``, rulings ``R1``…), and the Binding Ties rulebook's paragraphs under
  the ids the engine cites (``BT-earn``, ``BT-spend``…; the table `BT_SECTIONS`).
- Space Lanes: the rulebook's sections under their headings (the ids the engine cites for card rules:
  ``Wormhole``, ``Reusable cards``…), and each ruling ``L1``…``L21`` as the rulebook paragraph it
  decides followed by the ruling's own words (the table `RULINGS`).

Run it after a change of the rule documents (the JSON is committed: the package never reads
shared/rules at run time):

    .venv/bin/python tools/extract_rules.py [--rules /work/shared/rules]
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_RULES = Path("/work/shared/rules")

SPEC = "moonrakers-base.md"
BT = "binding-ties-rulebook.txt"
SL = "space-lanes-rulebook.txt"
SL_RULINGS = "space-lanes-rulings.md"

BT_SECTIONS: dict[str, tuple[str, list[str]]] = {
    "BT-setup": ("Binding Ties: setting up", ["Game Setup", "Armory Board", "Dispatch Board",
                                               "Reputation Terminals"]),
    "BT-earn": ("Earning Faction Reputation", ["Earning Reputation"]),
    "BT-record": ("Recording Faction Reputation", ["Recording Reputation"]),
    "BT-spend": ("Spending Faction Reputation", ["Spending Reputation", "Possible Rewards"]),
    "BT-trade": ("Trading Reputation", ["Trading Reputation"]),
    "BT-lose": ("Losing Faction Reputation", ["Losing Reputation"]),
    "BT-extras": ("Binding Ties: additional rules", ["Additional Rules"]),
    "BT-buy": ("Binding Ties: the buy phase", ["New Buy Phase Rules"]),
    "BT-card": ("Crew and Ship Part abilities (Binding Ties)", ["Glossary"]),
}
"""Binding Ties ids → (title, the rulebook headings whose paragraphs make the text)."""

BT_HEADINGS = ["Game Overview", "Components", "Game Setup", "Armory Board", "Dispatch Board",
               "Reputation Terminals", "Gameplay", "Binding Ties", "Earning Reputation",
               "Recording Reputation", "Spending Reputation", "Possible Rewards", "Trading Reputation",
               "Losing Reputation", "Extras", "Additional Rules", "New Buy Phase Rules", "Advice",
               "Glossary", "General Terms"]

SL_HEADINGS = ["You Know This Story…", "The Space Lanes", "The Trade Union", "The Pirates",
               "Game Contents", "Game Setup", "Your Ship", "Damage to Your Ship", "Spaces and Space Lanes",
               "Settlements", "Goals", "Faction Tokens", "Order of Play", "Turns", "Engagement",
               "Action Cards", "Reusable cards", "Events", "Pirates and Patrols", "Economic Event Cards",
               "Other Events", "Equipment", "Missiles (Single Use)", "Countermeasures (Single Use)",
               "Fuel Burn (Single Use)", "Repair Kit (Single Use)", "Upgrades", "Crew", "Bounty",
               "Transport", "Ending the Game", "Experimental Rules", "Exploration Mode",
               "Player vs. Player Mode"]

SL_SECTION_IDS: dict[str, str] = {
    "Game Setup": "Game Setup", "Your Ship": "Your Ship", "Damage": "Damage to Your Ship",
    "Spaces": "Spaces and Space Lanes", "Settlements": "Settlements", "Goals": "Goals",
    "Faction Tokens": "Faction Tokens", "Turns": "Turns", "Engagement": "Engagement",
    "Action Cards": "Action Cards", "Reusable cards": "Reusable cards", "Events": "Events",
    "Pirates and Patrols": "Pirates and Patrols", "Economic": "Economic Event Cards",
    "Other Events": "Other Events", "Wormhole": "Other Events", "Equipment": "Equipment",
    "Missiles": "Missiles (Single Use)", "Countermeasures": "Countermeasures (Single Use)",
    "Fuel Burn": "Fuel Burn (Single Use)", "Repair Kit": "Repair Kit (Single Use)",
    "Upgrades": "Upgrades", "Crew": "Crew", "Bounty": "Bounty", "Transport": "Transport",
    "Ending the Game": "Ending the Game", "Exploration Mode": "Exploration Mode",
    "PvP Mode": "Player vs. Player Mode",
}
"""Space Lanes ids that name a rulebook section (the engine cites some card rules this way) → heading."""

RULINGS: dict[str, list[tuple[str, str | None]]] = {
    "L1": [("Game Setup", "2.")],
    "L2": [("Spaces and Space Lanes", None)],
    "L3": [("Game Setup", "3."), ("Game Setup", "4."), ("Game Setup", "5."), ("Game Setup", "7."),
           ("Game Setup", "8.")],
    "L4": [("Turns", None)],
    "L5": [("Turns", "1. Trade"), ("Settlements", None)],
    "L6": [("Turns", "2. Travel")],
    "L7": [("Turns", "b. Running out of Fuel")],
    "L8": [("Turns", "3. Odd Jobs")],
    "L9": [("Damage to Your Ship", None)],
    "L10": [("Action Cards", None)],
    "L11": [("Equipment", None), ("Crew", None)],
    "L12": [("Upgrades", None), ("Pirates and Patrols", "Play to a Space Lane"), ("Bounty", None)],
    "L13": [("Action Cards", None)],
    "L14": [("Engagement", None), ("Pirates and Patrols", "Play to a Space Lane")],
    "L15": [("Engagement", None)],
    "L16": [("Pirates and Patrols", None)],
    "L17": [("Missiles (Single Use)", None), ("Countermeasures (Single Use)", None)],
    "L18": [("Bounty", None)],
    "L19": [("Player vs. Player Mode", None)],
    "L20": [("Exploration Mode", None)],
    "L21": [("Ending the Game", None)],
}
"""Each Space Lanes ruling → the rulebook paragraphs it decides: (heading, the paragraph's opening
words, or None for the whole section)."""

_TITLE_END = re.compile(r"[.:(;,]|\s—\s")
_ITEM = re.compile(r"^(?:[a-z]\)|\d+(?:\.\d+)*\.?\s|\||- |• )")
"""A line that starts an item of its own (a list item, a table row); other lines continue the last."""


def _joined(lines: list[str]) -> list[str]:
    """Hard-wrapped lines joined into one line per sentence run or list item."""
    out: list[str] = []
    for line in lines:
        if out and not _ITEM.match(line):
            out[-1] += " " + line
        else:
            out.append(line)
    return out


def _title(text: str) -> str:
    """The opening words of a paragraph up to its first full stop, colon or bracket: 'End of execution'."""
    head = _TITLE_END.split(text, maxsplit=1)[0].strip().strip('"').strip()
    words = head.split()
    return " ".join(words[:8]) + ("…" if len(words) > 8 else "")


# ----------------------------------------------------------------------------------------- Moonrakers
_NUM = re.compile(r"^(?:- )?(\d+(?:\.\d+)+)\s+(.*)$")
_SECTION = re.compile(r"^## (\d+) (.+)$")
_RULING = re.compile(r"^- \*\*(R\d+)\*\* (.*)$")


def spec_rules(text: str) -> dict[str, dict[str, str]]:
    """Every numbered paragraph of the spec (with its sub-items), every section and every ruling."""
    lines = text.splitlines()
    paras: list[tuple[str, list[str]]] = []  # (id, lines) in order
    sections: dict[str, tuple[str, list[str]]] = {}
    rulings: dict[str, list[str]] = {}
    current: list[str] | None = None
    section: str | None = None
    for raw in lines:
        line = raw.rstrip()
        m = _SECTION.match(line)
        if m:
            section = m.group(1)
            sections[section] = (m.group(2), [])
            current = None
            continue
        if line.startswith("## "):
            section = None
            current = None
            continue
        if section is None:
            continue
        m = _RULING.match(line)
        if m:
            current = rulings.setdefault(m.group(1), [m.group(2)])
            continue
        m = _NUM.match(line.strip())
        if m and m.group(1).split(".")[0] == section:
            current = [m.group(2)]
            paras.append((m.group(1), current))
            sections[section][1].append(f"{m.group(1)} {m.group(2)}")
            continue
        if not line.strip():
            continue
        if current is not None:
            current.append(line.strip())
            sections[section][1].append(line.strip())
    out: dict[str, dict[str, str]] = {}
    for num, (title, body) in sections.items():
        if body:
            out[num] = {"title": title, "text": "\n".join(_joined(body)), "source": SPEC}
    for i, (num, body) in enumerate(paras):
        children = [f"{n} {line}" if k == 0 else line for n, b in paras[i + 1:] if n.startswith(num + ".")
                    for k, line in enumerate(_joined(b))]
        out[num] = {"title": _title(body[0]), "text": "\n".join(_joined(body) + children), "source": SPEC}
    for rid, body in rulings.items():
        text = " ".join(body)
        out[rid] = {"title": f"Ruling {rid}", "text": text, "source": SPEC}
    return out


def _sections(text: str, headings: list[str]) -> dict[str, list[str]]:
    """A rulebook's paragraphs under each heading (a heading is a line equal to one of `headings`)."""
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    seen: set[str] = set()
    for raw in text.splitlines():
        line = raw.strip()
        if line in headings and (line not in seen or line in ("Binding Ties",)):
            seen.add(line)
            current = out.setdefault(line, [])
            continue
        if not line:
            continue
        if current is not None:
            current.append(line)
    # drop a section's first line when it repeats the heading in other words ("Earning Faction Reputation")
    for name, body in out.items():
        if body and len(body[0].split()) <= 4 and not body[0].endswith((".", ":")):
            out[name] = body[1:]
    return out


def bt_rules(text: str) -> dict[str, dict[str, str]]:
    sections = _sections(text, BT_HEADINGS)
    out: dict[str, dict[str, str]] = {}
    for rid, (title, heads) in BT_SECTIONS.items():
        body = [line for h in heads for line in sections.get(h, [])]
        if rid == "BT-card":  # the rulebook's only words on them: the earning bullet and the glossary's allies
            earn = sections.get("Earning Reputation", [])
            body = [x for x in earn if x.startswith(("3. Crew", "• Some Crew"))] + [
                x for x in sections.get("General Terms", []) if x.startswith(("Allies:", "Lowest Faction:"))]
        if not body:
            raise SystemExit(f"{BT}: nothing under {heads} for {rid}")
        out[rid] = {"title": title, "text": "\n".join(body), "source": BT}
    return out


# ----------------------------------------------------------------------------------------- Space Lanes
_L_RULING = re.compile(r"^- \*\*(L\d+)\s*([^*]*)\*\*\s*(.*)$")
SL_TITLES = {"L21": "Winning"}
"""Titles of the rulings that have none of their own."""


def _paragraph(body: list[str], opening: str | None) -> list[str]:
    """The lines of a section from the one that starts with `opening` to the next item of its level."""
    if opening is None:
        return body
    for i, line in enumerate(body):
        if line.startswith(opening):
            out = [line]
            level = re.match(r"^([0-9]+\.|[a-z]\.|•)", line)
            if not level:
                return out
            for nxt in body[i + 1:]:
                if level and re.match(r"^[0-9]+\.", nxt) and level.group(1)[0].isdigit():
                    break
                if level and level.group(1)[0].isalpha() and re.match(r"^([a-z]\.|[0-9]+\.)", nxt):
                    break
                if not level and re.match(r"^[0-9]+\.", nxt):
                    break
                out.append(nxt)
                if not level:
                    break
            return out
    raise SystemExit(f"{SL}: no paragraph starting {opening!r}")


def sl_rules(book: str, rulings: str) -> dict[str, dict[str, str]]:
    sections = _sections(book, SL_HEADINGS)
    out: dict[str, dict[str, str]] = {}
    for rid, heading in SL_SECTION_IDS.items():
        body = sections.get(heading)
        if not body:
            raise SystemExit(f"{SL}: no section {heading!r}")
        out[rid] = {"title": heading, "text": "\n".join(body), "source": SL}
    current: tuple[str, str, list[str]] | None = None
    found: dict[str, tuple[str, list[str]]] = {}
    for raw in rulings.splitlines():
        line = raw.strip()
        m = _L_RULING.match(line)
        if m:
            rid, head, rest = m.group(1), m.group(2).strip(), m.group(3)
            if head and not head.endswith((".", ":")):  # "L5 Trade** happens at…": the title starts the sentence
                rest = f"{head} {rest}"
            current = (rid, head.rstrip(".: ") or SL_TITLES.get(rid, rid), [rest])
            found[current[0]] = (current[1], current[2])
            continue
        if current is not None and line and not line.startswith(("-", "#")):
            current[2].append(line)
        else:
            current = None
    for rid, places in RULINGS.items():
        if rid not in found:
            raise SystemExit(f"{SL_RULINGS}: no ruling {rid}")
        title, words = found[rid]
        book_lines: list[str] = []
        for heading, opening in places:
            for line in _paragraph(sections[heading], opening):
                if line not in book_lines:
                    book_lines.append(line)
        text = "\n".join(book_lines) + "\n\nOur ruling: " + " ".join(words)
        out[rid] = {"title": title, "text": text, "source": f"{SL}; {SL_RULINGS}"}
    return out


_H_RULE = re.compile(r"^- (H\d+) (.*)$")


def highcard_rules() -> dict[str, dict[str, str]]:
    """Highcard's rules H1–H7, from its package docstring (the example game has no rulebook)."""
    doc = (ROOT / "spacetable" / "games" / "highcard" / "__init__.py").read_text(encoding="utf-8")
    out: dict[str, dict[str, str]] = {}
    current: list[str] | None = None
    for raw in doc.split('"""')[1].splitlines():
        line = raw.strip()
        m = _H_RULE.match(line)
        if m:
            current = [m.group(2)]
            out[m.group(1)] = {"title": "", "text": "", "source": "spacetable/games/highcard/__init__.py"}
            out[m.group(1)]["_lines"] = current  # type: ignore[assignment]
        elif current is not None and line and not line.startswith("-"):
            current.append(line)
        else:
            current = None
    for r in out.values():
        text = " ".join(r.pop("_lines"))  # type: ignore[arg-type]
        r["text"] = text
        r["title"] = _title(text)
    return out


def write(game: str, rules: dict[str, dict[str, str]]) -> Path:
    path = ROOT / "spacetable" / "games" / game / "texts" / "rules.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {"game": game, "rules": dict(sorted(rules.items(), key=lambda kv: _order(kv[0])))}
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _order(rid: str) -> tuple[int, tuple[int, ...], str]:
    nums = re.findall(r"\d+", rid)
    kind = 0 if rid[0].isdigit() else 1 if rid[0] in "RL" and nums else 2
    return kind, tuple(int(n) for n in nums), rid


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", type=Path, default=DEFAULT_RULES, help="the folder of the rule documents")
    args = ap.parse_args()
    src = args.rules
    moon = spec_rules((src / SPEC).read_text(encoding="utf-8"))
    moon.update(bt_rules((src / BT).read_text(encoding="utf-8")))
    lanes = sl_rules((src / SL).read_text(encoding="utf-8"), (src / SL_RULINGS).read_text(encoding="utf-8"))
    for game, rules in (("moonrakers", moon), ("spacelanes", lanes), ("highcard", highcard_rules())):
        print(f"{write(game, rules).relative_to(ROOT)}: {len(rules)} rules")


if __name__ == "__main__":
    main()
