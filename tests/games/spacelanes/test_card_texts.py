"""Card texts that say what the card does: every Space Lanes card whose printed text names a timing or a
limit ("after 3 rounds", "per Visit", "one of each", "in a later turn", "not while Adrift", "never"…) is
played here and the engine is shown to do what the words say, including where a ruling narrows the
card: L12 (one Pirates or Patrol card per Space, one of each Upgrade and Crew per ship, one Bounty per
card), L17 (Missiles against a captain only to cancel Countermeasures), L7/L9 (no repair while Adrift),
the reusable-card ruling (not Refreshed in the turn it was Used), an Ion Drive's extra move from the next
turn on. A card whose text names a timing or a limit that no check here covers fails the test.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from spacetable.games.spacelanes import card_play
from spacetable.games.spacelanes.board import ADJ, NLANES
from spacetable.games.spacelanes.card_play import can_play, refresh
from spacetable.games.spacelanes.common import CT, TYPE
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.text import SLUG
from spacetable.games.spacelanes.trade import BUY_LIMIT, buy_limit
from spacetable.games.spacelanes.travel import fuel_need
from tests.games.spacelanes.sl_helpers import card, give, legal_texts, pass_all, place_hostile, started

TIMING = re.compile(r"\b(after|until|before|just played|turn|rounds?|per Visit|only|at most|up to|"
                    r"one of each|not while|never|Refresh|Use (after|in)|cannot|replaces|even|Hire at|"
                    r"Load at|left for sale|no )\b", re.IGNORECASE)


def lane_of(s: SpaceLanesState, p: int = 0) -> int:
    return ADJ[s.node[p]][0][0]


def played_to(s: SpaceLanesState, slug: str) -> list[int]:
    """The lanes (or settlements) seat 0 may put card `slug` on now."""
    give(s, 0, slug)
    s.apply(f"play {slug}")
    out = [int(t.split()[1]) for t in legal_texts(s) if t.startswith(("lane ", "world "))]
    s.apply("cancel")
    return out


def end_turns(s: SpaceLanesState, k: int) -> None:
    for _ in range(k):
        pass_all(s)
        s.apply("end")
        pass_all(s)


# ----- the checks, each for a phrase of the texts ----------------------------------------------------
def one_hostile_per_space(slug: str) -> None:
    """L12: "has no Pirates or Patrol card": a lane holding one is not offered."""
    s = started(2)
    taken = lane_of(s)
    place_hostile(s, taken, "red-fleet")
    lanes = played_to(s, slug)
    assert taken not in lanes and len(lanes) == NLANES - 1


def one_event_of_a_kind_per_lane(slug: str) -> None:
    """"has no Space Station / Asteroids / Wormhole": a lane holding one of that kind is not offered."""
    s = started(2)
    kind = SLUG[slug].kind
    getattr(s, kind)[3] = card(s, slug)
    assert 3 not in played_to(s, slug)


def lasts_its_rounds(slug: str) -> None:
    """"Discarded after N rounds": still there after N rounds less one turn, gone at the start of the turn
    N rounds later (a round: every captain's turn)."""
    s = started(2)
    t = SLUG[slug]
    give(s, 0, slug)
    s.apply(f"play {slug}")
    where = next(x for x in legal_texts(s) if x.startswith(("lane ", "world ")))
    s.apply(where)
    arr = s.econ if t.kind == "economic" else getattr(s, t.kind)
    spot = int(where.split()[1])
    end_turns(s, t.rounds * 2 - 1)
    assert arr[spot] >= 0
    end_turns(s, 1)
    assert arr[spot] < 0


def economic_replaces(slug: str) -> None:
    """"it replaces any Economic event there": the earlier card is discarded."""
    s = started(2)
    first = card(s, "ore-boom" if slug != "ore-boom" else "famine")
    s.econ[s.node[0]] = first
    give(s, 0, slug)
    s.apply(f"play {slug}")
    s.apply(f"world {s.node[0]}")
    assert TYPE[s.econ[s.node[0]]] == SLUG[slug].index and first in s.discard


def visit_limits(slug: str) -> None:
    """"up to N … per Visit", "at most N … per Visit", "no Contraband may be bought", "only N … left for
    sale": the buy limit and the stock are the card's numbers."""
    s = started(2)
    t = SLUG[slug]
    here = s.node[0]
    give(s, 0, slug)
    s.apply(f"play {slug}")
    s.apply(f"world {here}")
    text = t.text
    for g, name in enumerate(GOODS):
        limit = buy_limit(s, here, g, BUY_LIMIT)
        m = re.search(rf"(?:up to|at most) (\d+) {name}", text, re.IGNORECASE)
        if m:
            assert limit == int(m.group(1)), (slug, name, limit)
        if f"no {name} may be bought" in text.lower():
            assert limit == 0
        m = re.search(rf"only (\d+) {name} (?:is|are) left for sale", text, re.IGNORECASE)
        if m:
            assert s.stock[here * len(GOODS) + g] == int(m.group(1))
    if "each may be bought" in text:
        n = int(re.search(r"up to (\d+) of each", text).group(1))  # type: ignore[union-attr]
        assert all(buy_limit(s, here, g, BUY_LIMIT) == n for g in range(len(GOODS)))


def asteroids_cost_even_the_first_move(slug: str) -> None:
    """"costs one extra fuel card, even a turn's free first move"."""
    s = started(2)
    ls = lane_of(s)
    s.asteroids[ls] = card(s, slug)
    assert s.moves_made == 0 and fuel_need(s, ls) == 1  # the free first move costs a card on this lane
    assert fuel_need(s, -1) == 0  # a free first move elsewhere (a landing) still costs nothing


def wormhole_collapses(slug: str) -> None:
    """"Collapses after 1 jump": the first jump through it discards it."""
    s = started(2)
    ls = lane_of(s)
    s.wormhole[ls] = card(s, slug)
    s.marks[s.wormhole[ls]] = SLUG[slug].jumps
    card_play.wormhole_jumped(s, ls)
    assert s.wormhole[ls] < 0


def hostile_stays_after_an_escape(slug: str) -> None:
    """"Stays until a ship Wins against it or Parlays and discards it": an Escape leaves it in its lane."""
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    cid = place_hostile(s, ls, slug)
    s.apply(f"move {other}")
    pass_all(s)
    assert s.decision_name() == "engage.choose"
    s.apply("engage escape")
    pass_all(s)
    s.apply("roll 12")
    pass_all(s)
    if s.decision_name() == "engage.after_roll":
        s.apply("accept")
    if s.decision_name() == "engage.escape":
        s.apply("keep")
    assert s.hostile[ls] == cid


def missiles_never_against_a_captain(slug: str) -> None:
    """L17: in another captain's engagement Missiles are not offered (only Countermeasures, which give it
    an Escape), while its own engagement offers them as a sure Win."""
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    place_hostile(s, ls, "corsair-raiders")
    give(s, 1, "missiles", "countermeasures")
    s.apply(f"move {other}")
    assert s.current_player() == 1 and s.decision_name() == "respond"
    texts = legal_texts(s)
    assert "use countermeasures" in texts and "use missiles" not in texts
    s.apply("play missiles")  # all it may do with them now: store them on its own ship (L11)
    assert any(TYPE[c] == SLUG["missiles"].index for c in s.ship[1]) and not s.chain


def fuel_burn_on_your_turn(slug: str) -> None:
    """"On your turn, before your Travel ends: your next 3 moves this turn burn no fuel"."""
    s = started(2)
    give(s, 0, slug)
    s.apply(f"play {slug}")
    assert s.free_moves >= 3
    ls = lane_of(s)
    s.moves_made = 1
    assert fuel_need(s, ls) == 0


def repair_kit_limits(slug: str) -> None:
    """"Repair your Damaged ship (not while Adrift): the one card a Damaged ship may play" (L7, L9)."""
    s = started(2)
    s.damaged[0] = True
    assert can_play(s, 0, SLUG[slug], True)
    assert not can_play(s, 0, SLUG["laser-cannons"], True)
    assert not can_play(s, 0, SLUG["scavenger-gang"], True)
    s.adrift[0] = True
    assert not can_play(s, 0, SLUG[slug], True)


def one_of_each_per_ship(slug: str) -> None:
    """L12: "One of each Upgrade per ship" / "one of each Crew per ship"."""
    s = started(2)
    s.credits[0] = 10_000
    s.ship[0].append(card(s, slug))
    assert not can_play(s, 0, SLUG[slug], True)
    s.ship[0].clear()
    assert can_play(s, 0, SLUG[slug], True)


def crew_where_hired(slug: str) -> None:
    """"Hire at a Settlement or Space Station": not on a lane without a Station."""
    s = started(2)
    s.credits[0] = 10_000
    ls = lane_of(s)
    s.node[0], s.lane[0], s.mark[0] = -1, ls, 1
    assert not can_play(s, 0, SLUG[slug], True)
    s.station[ls] = card(s, "waystation")
    assert can_play(s, 0, SLUG[slug], True)


def ion_drive_from_the_next_turn(slug: str) -> None:
    """"One extra free move every turn, from the turn after it is fitted"."""
    s = started(2)
    s.credits[0] = 10_000
    give(s, 0, slug)
    before = s.free_moves
    s.apply(f"play {slug}")
    pass_all(s)
    assert s.free_moves == before
    end_turns(s, 2)
    assert s.active == 0 and s.free_moves >= 1


def refresh_in_a_later_turn(slug: str) -> None:
    """The ruling behind "Refresh … in a later turn" / "at the start of your turn": a card Used in a turn is
    not Refreshed in that turn, and is by its trigger in a later one."""
    s = started(2)
    cid = card(s, slug)
    s.ship[0].append(cid)
    t = SLUG[slug]
    s.marks[cid] = s.turns  # Used this turn
    for trigger in t.refresh:
        refresh(s, 0, trigger)
    assert s.marks[cid] == s.turns
    s.turns += 1
    refresh(s, 0, t.refresh[0])
    assert s.marks[cid] == 0


def reusable_use_limits(slug: str) -> None:
    """"(not while Adrift)", "(up to 10 in hand)", "Use after your Engagement roll fails", "Use in your
    Engagement", "this turn": when each reusable card is offered."""
    s = started(2)
    cid = card(s, slug)
    s.ship[0].append(cid)
    t = SLUG[slug]
    ti = t.index
    if t.use == "repair":
        s.damaged[0] = True
        assert ti in card_play.usable_stored(s, 0)
        s.adrift[0] = True
        assert ti not in card_play.usable_stored(s, 0)
    elif t.use == "draw":
        assert ti in card_play.usable_stored(s, 0)
        s.hand[0] = [s.deck.pop() for _ in range(10)]  # a full hand
        assert ti not in card_play.usable_stored(s, 0)
    elif t.use == "moves":
        assert ti in card_play.usable_stored(s, 0)
        s.travel_state = 2  # travel over for this turn
        assert ti not in card_play.usable_stored(s, 0)
    elif t.use == "reroll":
        assert ti not in card_play.usable_stored(s, 0)  # nothing to roll again outside an engagement
    elif t.use == "escape":
        assert ti not in card_play.usable_stored(s, 0)  # only in one's own engagement


def bounty_placement(slug: str) -> None:
    """"on a Pirates or Patrol card that has no Bounty" (L12)."""
    s = started(2)
    a, b = lane_of(s), lane_of(s) + 1
    place_hostile(s, a, "scavenger-gang")
    place_hostile(s, b % NLANES, "union-patrol")
    s.bounty[a] = card(s, "big-bounty" if slug != "big-bounty" else "wanted-poster")
    assert played_to(s, slug) == [b % NLANES]


def contraband_transport_no_parlay(slug: str) -> None:
    """"A Patrol cannot be Parlayed while you carry it" (L16)."""
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    place_hostile(s, ls, "union-patrol")
    s.transports[0].append([card(s, slug), s.node[0]])
    s.apply(f"move {other}")
    pass_all(s)
    assert s.decision_name() == "engage.choose"
    assert not any(t.startswith("parlay") for t in legal_texts(s))


def transport_where_loaded(slug: str) -> None:
    """"Load at …": only at a settlement of that kind (a mail run anywhere)."""
    s = started(2)
    t = SLUG[slug]
    from spacetable.games.spacelanes.common import matches

    ok = [x for x in range(15) if matches(s, t.frm, x)]
    assert ok and (t.frm == "any") == (len(ok) == 15)
    s.node[0] = ok[0]
    assert can_play(s, 0, t, True)
    bad = [x for x in range(15) if not matches(s, t.frm, x)]
    if bad:
        s.node[0] = bad[0]
        assert not can_play(s, 0, t, True)


CHECKS: list[tuple[re.Pattern[str], Callable[[str], None]]] = [
    (re.compile(r"has no Pirates or Patrol card"), one_hostile_per_space),
    (re.compile(r"has no (Space Station|Asteroids|Wormhole)\b"), one_event_of_a_kind_per_lane),
    (re.compile(r"Discarded after \d+ rounds?"), lasts_its_rounds),
    (re.compile(r"replaces any Economic event"), economic_replaces),
    (re.compile(r"per Visit|left for sale|no Contraband may be bought"), visit_limits),
    (re.compile(r"even a turn's free first move"), asteroids_cost_even_the_first_move),
    (re.compile(r"after \d+ jump"), wormhole_collapses),
    (re.compile(r"Stays until a ship Wins"), hostile_stays_after_an_escape),
    (re.compile(r"never played against a captain|into another captain's Engagement"),
     missiles_never_against_a_captain),
    (re.compile(r"On your turn, before your Travel ends"), fuel_burn_on_your_turn),
    (re.compile(r"not while Adrift\): the one card"), repair_kit_limits),
    (re.compile(r"One of each Upgrade per ship|one of each Crew per ship"), one_of_each_per_ship),
    (re.compile(r"Hire at a Settlement or Space Station"), crew_where_hired),
    (re.compile(r"from the turn after it is fitted"), ion_drive_from_the_next_turn),
    (re.compile(r"Refresh (when .* in a later turn|at the start of your turn)"), refresh_in_a_later_turn),
    (re.compile(r"\(not while Adrift\)|\(up to 10 in hand\)|Use after your Engagement|Use in your Engagement|"
                r"moves this turn"), reusable_use_limits),
    (re.compile(r"that has no Bounty"), bounty_placement),
    (re.compile(r"A Patrol cannot be Parlayed while you carry it"), contraband_transport_no_parlay),
    (re.compile(r"Load at|Load anywhere"), transport_where_loaded),
]


def test_every_card_that_names_a_timing_or_a_limit_does_what_it_says() -> None:
    checked: dict[str, list[str]] = {}
    for t in CONTENT.card_types:
        if not TIMING.search(t.text):
            continue
        hits = [fn for pattern, fn in CHECKS if pattern.search(t.text)]
        assert hits, f"{t.slug}: its text names a timing or a limit no check covers: {t.text!r}"
        for fn in hits:
            fn(t.slug)
        checked[t.slug] = [fn.__name__ for fn in hits]
    kinds = {CT[SLUG[slug].index].kind for slug in checked}
    every = {"pirates", "patrol", "economic", "station", "asteroids", "wormhole", "missiles",
             "countermeasures", "fuel_burn", "repair_kit", "upgrade", "crew", "bounty", "transport"}
    assert len(checked) >= 55 and kinds >= every, kinds
