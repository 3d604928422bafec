"""One-line Moonrakers proposals: ``propose p2:1cr p4:2cr dice p1,p1``, ``repeat`` and ``raise``.

A line is turned into the compound intent of `spacetable.games.moonrakers.intents` (the same form
the web table fills in); `intents.expand` then makes the engine's small decisions from it, so the
terminal and the web table share one intent-to-decisions mapping (3.3.3). This module only reads
words; whether the terms are possible is `expand`'s to say.

Words of a proposal line (any order after ``propose``)::

    p2            invite P2 with no share
    p2:1cr        invite P2 for 1 credit; shares: 2p (Prestige), 1cr (credits), 1b (bonus cards),
    p2:1p+2cr     joined by + or , (p2:1p,2cr)
    dice p1,p2    the target of each hazard die in order (default: the Mission Leader)
    rep p2        Binding Ties: who takes the faction reward (default: the Mission Leader)

``repeat`` makes the previous proposal of this negotiation again; ``raise`` makes it again with one
more credit (or, when the contract pays no more credits, one more Prestige) for each invitee who
declined it, and ``raise p2:1cr`` adds the given terms to the previous shares instead.
"""

from __future__ import annotations

import re
from typing import Any

from spacetable.engine.errors import SpacetableError

SHARE_UNITS = {"p": "prestige", "pr": "prestige", "prestige": "prestige", "cr": "credits", "c": "credits",
               "credits": "credits", "credit": "credits", "b": "bonus", "bonus": "bonus"}
COMMANDS = ("propose", "repeat", "raise")
SEAT_RE = re.compile(r"^p[1-5]$")
TERM_RE = re.compile(r"^([0-9]+)([a-z]+)$")
MAX_SHARE_DIGITS = 3
"""A share of more digits is more than any contract pays (the engine checks the real limit, 3.3.2)."""


class ProposalSyntaxError(SpacetableError):
    """A one-line proposal whose words cannot be read. Nothing was changed."""


def is_proposal_line(line: str) -> bool:
    """True for ``propose <terms>``, ``repeat`` and ``raise [terms]`` (a bare ``propose`` is the action)."""
    words = line.lower().split()
    if not words or words[0] not in COMMANDS:
        return False
    return words[0] != "propose" or len(words) > 1


def _seat(word: str) -> str:
    if not SEAT_RE.match(word):
        raise ProposalSyntaxError(f"{word!r} is not a captain; write p2, p3 and so on")
    return word


def _terms(seat: str, text: str) -> dict[str, int]:
    out = {"prestige": 0, "credits": 0, "bonus": 0}
    for part in filter(None, re.split(r"[+,]", text)):
        m = TERM_RE.match(part)
        shown = part if len(part) <= 20 else part[:19] + "…"
        if m is None or m.group(2) not in SHARE_UNITS:
            raise ProposalSyntaxError(
                f"{seat.upper()}'s share {shown!r} is not a number with p, cr or b (for example 1p+2cr)")
        if len(m.group(1)) > MAX_SHARE_DIGITS:
            raise ProposalSyntaxError(f"{seat.upper()}'s share {shown!r} is more than a contract pays")
        out[SHARE_UNITS[m.group(2)]] += int(m.group(1))
    return out


def read_terms(words: list[str]) -> dict[str, Any]:
    """The intent named by the words after ``propose`` (or after ``raise``)."""
    invite: list[str] = []
    shares: dict[str, dict[str, int]] = {}
    intent: dict[str, Any] = {"kind": "proposal"}
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("dice", "die"):
            if i + 1 >= len(words):
                raise ProposalSyntaxError("dice needs the seats the hazard dice target, e.g. dice p1,p2")
            intent["dice"] = [_seat(x) for x in words[i + 1].split(",") if x]
            i += 2
            continue
        if w in ("rep", "reputation", "faction"):
            if i + 1 >= len(words):
                raise ProposalSyntaxError("rep needs the captain who takes the faction reward, e.g. rep p2")
            intent["reputation_to"] = _seat(words[i + 1])
            i += 2
            continue
        seat, _, terms = w.partition(":")
        seat = _seat(seat)
        if seat in shares:
            raise ProposalSyntaxError(f"{seat.upper()} is named twice")
        invite.append(seat)
        shares[seat] = _terms(seat, terms)
        i += 1
    intent["invite"] = invite
    intent["shares"] = shares
    return intent


def intent_from_line(line: str, form: dict[str, Any] | None) -> dict[str, Any]:
    """The proposal intent a line asks for, given the `intents.offered` form (None: no proposal now).

    Raises `ProposalSyntaxError` when the words cannot be read or there is nothing to repeat.
    """
    words = line.lower().replace(";", " ").split()
    if form is None or form.get("kind") != "proposal":
        raise ProposalSyntaxError("there is no proposal for you to make now")
    head, rest = words[0], words[1:]
    if head == "propose":
        return read_terms(rest)
    previous = form.get("previous")
    if not previous:
        raise ProposalSyntaxError(f"there is no earlier proposal to {head} in this negotiation")
    intent: dict[str, Any] = {
        "kind": "proposal",
        "invite": list(previous["invite"]),
        "shares": {p: dict(sh) for p, sh in previous["shares"].items()},
        "dice": list(previous["dice"]),
    }
    if previous.get("reputation_to"):
        intent["reputation_to"] = previous["reputation_to"]
    if head == "repeat":
        if rest:
            raise ProposalSyntaxError("repeat takes no terms; to change them, use raise or propose")
        return intent
    if rest:  # raise by the given terms
        extra = read_terms(rest)
        for p, sh in extra["shares"].items():
            if p not in intent["shares"]:
                intent["invite"].append(p)
                intent["shares"][p] = {"prestige": 0, "credits": 0, "bonus": 0}
            for k, n in sh.items():
                intent["shares"][p][k] = intent["shares"][p].get(k, 0) + n
        for key in ("dice", "reputation_to"):
            if key in extra:
                intent[key] = extra[key]
        return intent
    declined = [p for p in previous["invite"] if p not in previous.get("accepted", [])]
    if not declined:
        raise ProposalSyntaxError("everyone accepted the last proposal; start the mission or repeat it")
    totals = form["totals"]
    for kind in ("credits", "prestige", "bonus"):
        given = sum(sh.get(kind, 0) for sh in intent["shares"].values())
        if given + len(declined) <= totals[kind]:
            for p in declined:
                intent["shares"][p][kind] = intent["shares"][p].get(kind, 0) + 1
            return intent
    raise ProposalSyntaxError("the contract has nothing left to raise the shares with")


def describe_intent(intent: dict[str, Any]) -> str:
    """The terms of an intent as a sentence: 'P2 for 1 credit, P4 for 2 credits; hazard dice: P1, P1'."""
    parts = []
    for p in intent.get("invite", []):
        sh = intent.get("shares", {}).get(p, {})
        terms = [f"{n} {word if n == 1 else plural}" for key, word, plural in
                 (("prestige", "Prestige", "Prestige"), ("credits", "credit", "credits"),
                  ("bonus", "bonus card", "bonus cards")) if (n := sh.get(key, 0))]
        parts.append(f"{p.upper()} for " + (" and ".join(terms) if terms else "nothing"))
    text = ", ".join(parts)
    if intent.get("dice"):
        text += "; hazard dice: " + ", ".join(d.upper() for d in intent["dice"])
    if intent.get("reputation_to"):
        text += f"; faction reward to {intent['reputation_to'].upper()}"
    return text


def example_line(form: dict[str, Any]) -> str:
    """A one-line proposal that fits `form`, to show on the menu."""
    seats = list(form.get("can_invite", []))[:2]
    words = ["propose"]
    credits = form.get("totals", {}).get("credits", 0)
    for i, p in enumerate(seats):
        words.append(f"{p}:{1 + i}cr" if credits >= 3 else p)
    if form.get("dice"):
        words.append("dice " + ",".join([form["leader"]] * int(form["dice"])))
    return " ".join(words)
