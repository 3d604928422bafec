"""The check behind "words for people": no text a player reads carries a bare rule code.

Rule ids travel as data (`rule` beside a log line's or a legal action's text) and open the rule's text
on request; a prompt, a log line, a view or a page string never says "(3.4.9)", "[L17]" or "(BT-earn)".
`bare_codes(text)` finds such codes; `walk(value)` yields every string inside a JSON-like value with
its path (keys named ``rule`` are data, not text, and are skipped).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

CODE = r"(?:§?\d+\.\d+(?:\.\d+)*[a-z]?|§\d+|L\d{1,2}|R\d{1,2}|BT(?:-[a-z]+)?|H\d)"
"""A rule id as the documents write them: 3.4.9, §8, L17, R7, BT, BT-earn, H3."""
BARE = re.compile(rf"[(\[]\s*{CODE}(?:\s*(?:,|and)\s*{CODE})*\s*(?:[)\]]|[:;,][^)\]]{{0,200}}[)\]])"
                  rf"|[,;]\s*{CODE}\s*[)\]]")
"""A rule id opening a bracket ("(3.4.9)", "[L17]", "(L6: the first move is free)") or closing one
after a comma ("(half, L5)")."""


def bare_codes(text: str) -> list[str]:
    return [m.group(0) for m in BARE.finditer(text)]


def walk(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(path, string) for every string in a JSON-like value, skipping ``rule`` keys (ids as data)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "rule":
                yield from walk(v, f"{path}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")


def offenders(value: Any, where: str) -> list[str]:
    """'where.path: the text' for every string of `value` that holds a bare rule code."""
    return [f"{where}{p}: {s[:160]!r}" for p, s in walk(value) if bare_codes(s)]
