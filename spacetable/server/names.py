"""Display names people can tell apart: normalized, free of invisible characters, not look-alikes.

A name is NFKC-normalized (full-width letters, ligatures and compatibility forms become their
plain equivalents), its whitespace runs become one space, and it is refused if it holds a
character that shows nothing or changes how text around it reads: a control, a format character
(general category Cf: zero-width spaces and joiners, soft hyphens, tag characters, text-direction
marks), any other default-ignorable code point (Hangul fillers, variation selectors, the combining
grapheme joiner), a line or paragraph separator, a surrogate, or an unassigned or private-use code
point. Two names of one table are refused when their confusable skeletons (Unicode Technical
Standard #39, section 4) are equal, with and without case folding: "Player 2" beside "PIayer 2"
(a capital I), "Plаyer 2" (a Cyrillic а) or "player 2".

The skeletons and the Default_Ignorable_Code_Point property come from ICU (through PyICU, the
binary wheels of the `pyicu-wheels` distribution, which bundle ICU and its confusables data):
the Unicode Consortium's reference implementation of UTS #39, kept current with each Unicode
release, where a hand-copied confusables table would go stale.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

import icu

MAX_NAME = 40
"""Longest display name, in characters, after normalization."""
_SPACES = re.compile(r"\s+")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_WHAT = {"Cc": "a control character", "Cf": "an invisible format character", "Cs": "a surrogate",
         "Co": "a private-use character", "Cn": "an unassigned code point", "Zl": "a line separator",
         "Zp": "a paragraph separator"}


class BadName(ValueError):
    """A name refused, with a message for people."""


def _refused(ch: str) -> str | None:
    """Why `ch` may not stand in a name (None: it may)."""
    category = unicodedata.category(ch)
    if category in _REFUSED_CATEGORIES:
        return _WHAT[category]
    if icu.Char.hasBinaryProperty(ch, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT):  # U+115F, U+FE0F…
        return "a character that shows nothing (default-ignorable)"
    return None


def normalize(name: str) -> str:
    """The name as stored and shown: NFKC, whitespace runs as one space, trimmed. `BadName` for
    a character no name may hold, or a name longer than `MAX_NAME` once normalized."""
    text = unicodedata.normalize("NFKC", name)
    for ch in text:
        why = _refused(ch)
        if why is not None:
            raise BadName(f"holds U+{ord(ch):04X}, {why}: a name is letters, digits, spaces and marks "
                          "that show")
    text = _SPACES.sub(" ", text).strip()
    if len(text) > MAX_NAME:
        raise BadName(f"is {len(text)} characters long once normalized (at most {MAX_NAME})")
    return text


@functools.lru_cache(maxsize=1)
def _checker() -> Any:
    return icu.SpoofChecker()


def skeletons(name: str) -> frozenset[str]:
    """The name's UTS #39 skeletons, as written and case-folded: two names sharing one look alike."""
    checker = _checker()
    return frozenset({str(checker.getSkeleton(0, name)), str(checker.getSkeleton(0, name.casefold()))})


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that `name` could be mistaken for (None: none)."""
    mine = skeletons(name)
    for other in others:
        if mine & skeletons(other):
            return other
    return None
