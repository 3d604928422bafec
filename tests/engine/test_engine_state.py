"""The checked State API through Highcard: apply, parse, chance, copies, views and determinize."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacetable.engine.action import Action
from spacetable.engine.errors import AmbiguousAction, IllegalAction, ParseError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, TERMINAL, State
from spacetable.games.highcard.state import HighcardState
from tests.engine.engine_helpers import new_highcard, playout_states, random_step


def snapshot(state: State) -> str:
    """Everything observable about a state, as one string (all seats' views, log, rng)."""
    views = [state.view(p).to_json() for p in [None, *range(state.num_players)]]
    return json.dumps([views, state.history, state.rng.state, state.current_player()], sort_keys=True)


def at_play_decision(seed: int = 7) -> HighcardState:
    s = new_highcard(3, seed)
    assert isinstance(s, HighcardState)
    s.sample_chance()  # H2: the prize die
    assert s.current_player() == 0
    return s


def test_chance_step_lists_six_equally_likely_faces() -> None:
    """H2: each round opens with a CHANCE roll of a six-sided prize die."""
    state = new_highcard()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"roll {f}" for f in range(1, 7)]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.legal_actions() == [a for a, _ in outcomes]


def test_illegal_action_names_decision_and_legal_list_and_changes_nothing() -> None:
    s = at_play_decision()
    before = snapshot(s)
    not_in_hand = next(a for a in s.space if a.kind == "play" and a not in s.legal_actions())
    with pytest.raises(IllegalAction) as err:
        s.apply(not_in_hand)
    assert err.value.decision == "round.play"
    assert err.value.legal == [str(a) for a in s.legal_actions()]
    assert str(not_in_hand) in str(err.value) and "round.play" in str(err.value)
    assert snapshot(s) == before
    with pytest.raises(IllegalAction):
        s.apply("keep")  # an action of the game, but not of this decision
    assert snapshot(s) == before


def test_apply_accepts_text_and_records_the_index() -> None:
    s = at_play_decision()
    a = s.legal_actions()[0]
    s.apply(str(a))
    assert s.history[-1] == a.index and s.current_player() == 1


def test_parse_exact_prefix_ambiguous_and_garbage() -> None:
    s = at_play_decision()
    s.hands[0] = [3, 17, 22]
    assert str(s.parse("play 17")) == "play 17"
    assert str(s.parse("  play   17 ")) == "play 17"  # white space is folded
    with pytest.raises(IllegalAction):  # a real action that is not legal now is never a prefix
        s.parse("play 1")
    with pytest.raises(AmbiguousAction):
        s.parse("pl")
    with pytest.raises(ParseError):
        s.parse("")
    with pytest.raises(ParseError, match="not an action of highcard"):
        s.parse("fly home")
    with pytest.raises(IllegalAction):
        s.parse("play 5")


def test_copy_isolation_at_every_decision() -> None:
    """TAG-style: copy at each step, play the copy to the end, earlier copies stay unchanged."""
    state = new_highcard(4, 11)
    rng = Rng(3)
    kept: list[tuple[State, str]] = []
    while not state.is_terminal():
        c = state.copy()
        kept.append((c, snapshot(c)))
        play = c.copy()
        while not play.is_terminal():
            random_step(play, Rng(len(kept)))
        random_step(state, rng)
    assert len(kept) > 20
    for kept_state, snap in kept:
        assert snapshot(kept_state) == snap


def test_copy_continues_identically() -> None:
    """A copy is the same game: same chance draws, same legal actions, same end."""
    a = new_highcard(3, 5)
    b = a.copy()
    ra, rb = Rng(1), Rng(1)
    while not a.is_terminal():
        random_step(a, ra)
        random_step(b, rb)
        assert snapshot(a) == snapshot(b)
    assert b.current_player() == TERMINAL and a.returns() == b.returns()


def test_view_shows_own_hand_only() -> None:
    s = at_play_decision()
    for p in range(3):
        v = s.view(p).to_json()
        assert v["hand"] == sorted(s.hands[p]) and v["player"] == p
        assert v["hand_sizes"] == [3, 3, 3] and all(k not in v for k in ("hands", "deck"))
        card_lists = [val for val in v.values() if isinstance(val, list) and val]
        assert card_lists == [v["scores"], v["table"], v["hand_sizes"], v["hand"]] or not v["discards"]
    spectator = s.view(None).to_json()
    assert "hand" not in spectator and spectator["player"] is None


def test_views_are_blind_to_what_is_hidden() -> None:
    """Two states differing only in other seats' hidden cards give seat 0 the same view."""
    s = at_play_decision()
    t = s.copy()
    t.hands[1], t.hands[2] = t.hands[2], t.hands[1]
    t.deck.reverse()
    assert s.view(0) == t.view(0) and s.view(None) == t.view(None)
    assert s.view(1) != t.view(1)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=2, max_value=4),
       st.integers(min_value=0, max_value=40))
def test_determinize_agrees_with_view(seed: int, players: int, steps: int) -> None:
    """determinize(p, rng).view(p) == view(p) for every seat, and the card multiset is kept."""
    states = list(playout_states(players, seed))
    s = states[min(steps, len(states) - 1)]
    for p in range(players):
        d = s.determinize(p, Rng(seed ^ p))
        assert d.view(p) == s.view(p)
        assert d.view(None) == s.view(None)
        cards_d = sorted([c for h in d.hands for c in h] + d.deck)
        assert cards_d == sorted([c for h in s.hands for c in h] + s.deck)
        assert d.hands[p] == s.hands[p]


def test_determinize_resamples_hidden_cards_and_reseeds() -> None:
    s = at_play_decision()
    samples = {tuple(tuple(sorted(h)) for h in s.determinize(0, Rng(k)).hands[1:]) for k in range(20)}
    assert len(samples) > 1
    d = s.determinize(0, Rng(1))
    assert d.rng.state != s.rng.state
    assert snapshot(s) == snapshot(s.copy())  # determinize left the original alone


def test_events_off_by_default_and_rendered_on_request() -> None:
    s = new_highcard(2, 1)
    assert s.events is None
    s.sample_chance()
    assert s.take_events() == []
    s.events = []
    s.apply(s.legal_actions()[0])
    events = s.take_events()
    texts = [s.render_event(e) for e in events]
    # the text is plain words; the rule it applies travels as data beside it (Event.rule)
    assert texts and texts[0].startswith("Seat 1 plays") and "[" not in texts[0] and events[0].rule == "H3"


def test_action_mask_flags_exactly_the_legal_actions() -> None:
    s = at_play_decision()
    mask = s.action_mask()
    assert len(mask) == len(s.space)
    assert [s.space[i] for i, m in enumerate(mask) if m] == s.legal_actions()


def test_actions_are_shared_canonical_objects() -> None:
    s = at_play_decision()
    for a in s.legal_actions():
        assert s.space[a.index] is a
    assert Action.parse("keep") == s.space.get("keep")
