"""The rule texts each game ships (``spacetable/games/<game>/texts/rules.json``), found by the ids the
engine cites: every log line and legal action carries its rule id as data (``"3.4.9"``, ``"L17"``,
``"BT-earn"``), and a face opens the text on request (the server's ``GET /api/rules/{game}``, the
page's rules panel, the terminal's ``rules`` and ``why``). The texts are the rulebook's paragraph for
Binding Ties and Space Lanes (with our ruling for an ``L`` id) and our spec's for the base game, as
``tools/extract_rules.py`` took them from the rule documents.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from spacetable.engine.errors import SpacetableError


class NoRules(SpacetableError):
    """The game ships no rule texts."""


@cache
def rule_texts(game: str) -> dict[str, dict[str, str]]:
    """{id: {"title", "text", "source"}} of `game`; `NoRules` for a game without ``texts/rules.json``."""
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", game):
        raise NoRules(f"no game {game!r}")
    try:
        raw = (resources.files(f"spacetable.games.{game}") / "texts" / "rules.json").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        raise NoRules(f"{game} has no rule texts") from None
    doc: Any = json.loads(raw)
    rules = doc.get("rules") if isinstance(doc, dict) else None
    if not isinstance(rules, dict):
        raise NoRules(f"{game}: texts/rules.json holds no rules")
    return {str(k): {"title": str(v.get("title", k)), "text": str(v.get("text", "")),
                     "source": str(v.get("source", ""))} for k, v in rules.items() if isinstance(v, dict)}


def rule(game: str, rid: str | None) -> dict[str, str] | None:
    """The text of rule `rid` of `game` (None for no id or an unknown one)."""
    if not rid:
        return None
    try:
        return rule_texts(game).get(rid)
    except NoRules:
        return None


def search(game: str, words: str, limit: int = 8) -> list[tuple[str, dict[str, str]]]:
    """Rules whose id is `words`, or whose title and text hold every word of it, best first (title
    hits before text hits, then in the rulebook's order)."""
    rules = rule_texts(game)
    want = words.strip()
    if want in rules:
        return [(want, rules[want])]
    terms = [t for t in re.split(r"\W+", want.lower()) if t]
    if not terms:
        return []
    scored = []
    for i, (rid, r) in enumerate(rules.items()):
        title, text = r["title"].lower(), r["text"].lower()
        if all(t in title or t in text for t in terms):
            scored.append((-sum(t in title for t in terms), i, rid, r))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [(rid, r) for _, _, rid, r in scored[:limit]]
