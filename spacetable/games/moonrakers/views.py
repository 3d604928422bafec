"""What each seat may know (views) and determinization for search (hidden cards resampled).

A seat sees: every public zone (displays, discard piles, parts, Prestige, credits, reputation, the
deal, the dice and the pool), the sizes of hidden zones, and its own hand, objectives and the
contents (never the order) of its own draw pile. Nobody sees another hand, another player's
objectives or any deck order. A spectator (seat None) sees only public information.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, TypeVar

from spacetable.engine.rng import Rng, determinized_rng
from spacetable.engine.state import View
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import DMG1, DMG3, FACTIONS
from spacetable.games.moonrakers.choices import Choice
from spacetable.games.moonrakers.crew_interpreter import K_LEE, K_RYAN, CrewChoice
from spacetable.games.moonrakers.execution import public_execution
from spacetable.games.moonrakers.negotiation import Negotiate
from spacetable.games.moonrakers.records import GAME_OVER, IRREVOCABLE_KINDS, PHASE_NAMES
from spacetable.games.moonrakers.rules import KeepObjectives, KeepOne

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

S = TypeVar("S", bound="MoonrakersState")


def _cards(ids: list[int]) -> list[str]:
    return [A.CARD_SLUGS[c] for c in ids]


def _counts(ids: list[int]) -> dict[str, int]:
    return dict(sorted(Counter(A.CARD_SLUGS[c] for c in ids).items()))


def build_view(s: MoonrakersState, seat: int | None) -> View:
    players: list[dict[str, Any]] = []
    for i, p in enumerate(s.players):
        d: dict[str, Any] = {
            "seat": A.SEATS[i],
            "faction": FACTIONS[p.faction],
            "prestige": p.prestige,
            "credits": p.credits,
            "parts": [A.PART_SLUGS[x] for x in p.parts],
            "discard": _cards(p.discard),
            "hand_size": len(p.hand),
            "draw_size": len(p.draw),
            "objectives_held": len(p.objectives),
            "claimed": [A.OBJECTIVE_SLUGS[o] for o in p.claimed],
            "hand_limit": p.hand_size,
        }
        if s.bt:
            d["reputation"] = {f: p.rep[k] for k, f in enumerate(FACTIONS) if k != p.faction and k < s.n}
        if seat == i:
            d["hand"] = sorted(_cards(p.hand))
            d["objectives"] = sorted(A.OBJECTIVE_SLUGS[o] for o in p.objectives)
            # what the draw pile may hold (order hidden, 1.2); a card trashed from it unseen (Crusse
            # Parke) stays among these, since its owner does not know which one left
            d["draw_contents"] = _counts(p.draw + p.unseen) if p.unseen else _counts(p.draw)
            if p.unseen:
                d["draw_trashed_unseen"] = len(p.unseen)
        players.append(d)
    decision: dict[str, Any] | None = None
    if s.phase != GAME_OVER and s.stack:
        top = s.stack[-1]
        decision = top.public()
        decision["decision"] = top.decision()
        decision["player"] = A.SEATS[top.player]
        if seat == top.player and not top.chance:
            decision.update(top.private(s))
    data: dict[str, Any] = {
        "turn": s.turn,
        "phase": PHASE_NAMES[s.phase],
        "mission_leader": A.SEATS[s.ml],
        "decision": decision,
        "contracts": [A.CONTRACT_SLUGS[c] if c >= 0 else None for c in s.contracts],
        "contract_deck": len(s.contract_deck),
        "contract_discard": [A.CONTRACT_SLUGS[c] for c in s.contract_discard],
        "crew_row": [A.CAT.crew[c].slug if c >= 0 else None for c in s.crew_row],
        "part_row": [A.PART_SLUGS[c] if c >= 0 else None for c in s.part_row],
        "crew_deck": len(s.crew_deck),
        "part_deck": len(s.part_deck),
        "objective_deck": len(s.objective_deck),
        "players": players,
        "execution": public_execution(s),
        "winners": [A.SEATS[w] for w in s.winners()],
    }
    for f in s.stack:  # the deal under negotiation is public (3.3.3), also while invitees answer
        if isinstance(f, Negotiate):
            data["negotiation"] = f.public()
    if s.bt:  # the action kinds that spend or trade reputation (Binding Ties), for the page's grouping
        data["reputation_actions"] = sorted(IRREVOCABLE_KINDS)
    if s.n <= 2:
        data["mercenary"] = {"row": _cards(s.merc_row), "used": _cards(s.merc_used),
                             "deck": len(s.merc_deck), "discard": _cards(s.merc_discard)}
    if s.n == 1 and s.phase == GAME_OVER:
        data["solo_score"] = s.solo_score
    return View("moonrakers", seat, data)


HAND_TRASH_CHOICES = frozenset({"rep-trash", "bt-envoy"})
"""Choice keys whose options (`trash <card>`) were listed from the chooser's hidden hand."""


_OBJECTIVE_FRAMES = (KeepObjectives, KeepOne)
"""Frames holding objective cards their player is choosing among (hidden from the others)."""


def _shuffle_above(rng: Rng, deck: list[int], known: int) -> None:
    """Shuffle a deck except its known bottom (the first `known` cards of the list, if still there)."""
    if known <= 0:
        deck.sort()
        rng.shuffle(deck)
        return
    top = sorted(deck[known:])
    rng.shuffle(top)
    deck[known:] = top


def determinize(s: S, seat: int, rng: Rng) -> S:
    """A copy in which everything `seat` cannot see is resampled (TAG's copy(playerId)).

    Other players' hands and the cards they are looking at (Lee van Cribb) are redrawn from their hand +
    draw pile + those cards (pending choices listed from a hand are re-listed from the new hand; a
    Ryan Rogal choice offers the new hand's last two cards); every
    draw pile, deck and the Mercenary deck is reshuffled except the cards whose place `seat` knows:
    the known bottom of the contract, crew and part decks (put there face up: 3.2.1, 3.2.4c, 3.5.2,
    8.7, the Binding Ties Armory discards) and the objectives `seat` itself put on the bottom of the
    objective deck (1.3.5, 3.2.4a), which keep their places; other players' objectives (held or
    being chosen) and the rest of the objective deck are redrawn from the objectives `seat` has not
    seen; the copy's generator is reseeded from `rng`.
    """
    d = s.copy()
    stack = d.stack
    shuffle = rng.shuffle
    players = d.players
    choices = [f for f in stack if isinstance(f, Choice)]  # pending choices (most states have none)
    none: list[Choice] = []  # (never written)
    nolee: list[CrewChoice] = []  # (never written)
    for i, p in enumerate(players):
        if i != seat:
            theirs = [f for f in choices if f.player == i] if choices else none
            # cards another player is looking at (Lee van Cribb) came from its hidden draw pile (1.2)
            looking = [c for c in theirs if isinstance(c, CrewChoice) and c.key == K_LEE] if theirs else nolee
            pool = p.hand + p.draw
            if p.unseen:
                pool += p.unseen
            for lee in looking:
                pool.extend(lee.looked)
            pool.sort()  # sorted first: the copy depends only on what `seat` knows, not hidden orders
            shuffle(pool)
            k = len(p.hand)
            p.hand = pool[:k]
            for lee in looking:
                n = len(lee.looked)
                looked = pool[k:k + n]
                k += n
                lee.looked = looked
                lee.options = [A.CHOOSE[c] for c in sorted(set(looked))]
            u = len(p.unseen)
            if u:
                p.unseen = pool[k:k + u]
                k += u
            del pool[:k]
            p.draw = pool
            for f in theirs:
                if isinstance(f, CrewChoice) and f.key == K_RYAN:  # which cards were just drawn is hidden
                    drawn = p.hand[-2:]
                    f.options = [A.CHOOSE[c] for c in sorted(set(drawn)) if DMG1 <= c <= DMG3]  # none: skip
                elif f.key in HAND_TRASH_CHOICES:  # options listed from the (resampled) hand
                    f.options = [A.TRASH[c] for c in sorted(set(p.hand))]
        elif p.unseen:  # which of its draw pile's cards were trashed unseen is hidden from the owner too
            pool = sorted(p.draw + p.unseen)
            shuffle(pool)
            u = len(p.unseen)
            p.unseen, p.draw = pool[:u], pool[u:]
        else:
            p.draw.sort()
            shuffle(p.draw)
    # unseen objectives: other seats' held ones, those in other seats' pending choices, the deck
    # except the cards `seat` put on its bottom (still there: the first len(known) cards)
    deck = d.objective_deck
    known = d.objective_known
    mine: list[int] = []
    if known:
        known = known[:len(deck)]
        mine = [i for i, who in enumerate(known) if who == seat]
    unseen = deck  # the copy's own list, rebuilt in place unless `seat` knows some of its places
    if mine:
        unseen = [c for i, c in enumerate(deck) if i >= len(known) or known[i] != seat]
    for i, p in enumerate(players):
        if i != seat and p.objectives:
            unseen.extend(p.objectives)
    frames = [fr for fr in stack if fr.player != seat and isinstance(fr, _OBJECTIVE_FRAMES)]
    for fr in frames:
        unseen.extend(fr.cards)
    unseen.sort()
    shuffle(unseen)
    j = 0
    for i, p in enumerate(players):
        if i != seat and p.objectives:
            k = len(p.objectives)
            p.objectives = unseen[j:j + k]
            j += k
    for fr in frames:
        k = len(fr.cards)
        fr.cards = unseen[j:j + k]
        j += k
    if j:
        del unseen[:j]
    for i in mine:  # back into the places `seat` knows, in order
        unseen.insert(i, deck[i])
    d.objective_deck = unseen
    _shuffle_above(rng, d.contract_deck, d.contract_known)
    _shuffle_above(rng, d.crew_deck, d.crew_known)
    _shuffle_above(rng, d.part_deck, d.part_known)
    if d.merc_deck:
        d.merc_deck.sort()
        shuffle(d.merc_deck)
    d.rng = determinized_rng(rng)
    return d
