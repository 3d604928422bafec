"""Words for people, across whole bot games of every game and mode: no view, log line, legal-action
description or offered intent carries a bare rule code ("(3.4.9)", "[L17]", "(BT-earn)"); the rule
travels as data instead (`State.action_rule`, `Event.rule`), and every id a game cites resolves in the
rule texts it ships (`spacetable.rulebook`), so each link opens a text.

Brief, "Words for people": rule ids travel as data (`rule`) and open the rule's text on request, never
inline codes in prompts. The server's bodies and pushes are checked in tests/server.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.rulebook import rule_texts
from spacetable.sim.setup import load_game
from tests.plain_words import bare_codes, offenders

CONFIGS: list[tuple[str, dict[str, Any], list[str]]] = [
    ("moonrakers", {"players": 4}, ["greedy", "random", "heuristic", "greedy"]),
    ("moonrakers", {"players": 4, "expansions": ["binding-ties"], "modules": ["first-encounter"]},
     ["greedy", "random", "greedy", "random"]),
    ("moonrakers", {"players": 2}, ["greedy", "random"]),
    ("moonrakers", {"players": 1}, ["random"]),
    ("spacelanes", {"players": 3}, ["greedy", "random", "heuristic"]),
    ("spacelanes", {"players": 3, "modes": ["exploration", "pvp"], "turn_limit": 60},
     ["random", "greedy", "random"]),
    ("spacelanes", {"players": 2, "modes": ["pvp"], "turn_limit": 40}, ["greedy", "random"]),
    ("highcard", {"players": 3, "modes": ["lowball"]}, ["random", "greedy", "random"]),
]
VIEW_EVERY = 5
"""Views of every seat and the spectator at every fifth decision (all of them would only repeat)."""


@pytest.mark.parametrize(("game", "config", "bots"), CONFIGS,
                         ids=[f"{g}-{c['players']}p-{'+'.join(c.get('expansions', []) + c.get('modes', []))}"
                              for g, c, _ in CONFIGS])
def test_whole_bot_games_say_no_rule_code(game: str, config: dict[str, Any], bots: list[str]) -> None:
    spec = load_game(game)
    s = spec.new_game(dict(config), 11)
    s.events = []
    players = [make_bot(game, b) for b in bots]
    rules = rule_texts(game)
    intents = _intents(game)
    rng = Rng(11)
    bad: list[str] = []
    unknown: set[str] = set()
    decisions = 0
    while not s.is_terminal() and decisions < 3000:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
        else:
            for a in s.legal_actions():
                text = s.describe(a)
                if bare_codes(text):
                    bad.append(f"{s.decision_name()} {a}: {text!r}")
                rid = s.action_rule(a)
                if rid is not None and rid not in rules:
                    unknown.add(f"action {a.kind}: {rid}")
            if decisions % VIEW_EVERY == 0:
                for q in [None, *range(s.num_players)]:
                    bad += offenders(s.view(q).to_json(), f"view({q})")
                if intents is not None:
                    bad += offenders(intents.offered(s, p), "intent")
            s.apply_fast(players[p].choose(s, p, rng))
            decisions += 1
        for e in s.take_events():
            text = s.render_event(e)
            if bare_codes(text):
                bad.append(f"event {e.key}: {text!r}")
            if e.rule not in rules:
                unknown.add(f"event {e.key}: {e.rule}")
            assert s.event_level(e) in ("routine", "step", "moment")
    assert s.is_terminal() and decisions >= 15
    assert not bad, "\n".join(sorted(set(bad))[:40])
    assert not unknown, f"rule ids with no text in {game}/texts/rules.json: {sorted(unknown)}"


def _intents(game: str) -> Any:
    try:
        return importlib.import_module(f"spacetable.games.{game}.intents")
    except ModuleNotFoundError:
        return None


def test_the_rule_texts_are_the_documents_paragraphs() -> None:
    """Spot checks that the shipped texts are the rule documents' own words under their ids (3.4.9 is
    the end of an execution in our spec, BT-earn the Binding Ties rulebook's "Earning Reputation",
    L6 the rulebook's Travel paragraph followed by our ruling)."""
    moon = rule_texts("moonrakers")
    assert moon["3.4.9"]["text"].startswith("End of execution, in this order")
    assert "hazard losses" in moon["3.4.9"]["text"].lower()
    assert "gain 1 Faction Reputation" in moon["BT-earn"]["text"]
    assert moon["7.1"]["text"].startswith("At every end-of-turn win check, if at least one player has 10")
    lanes = rule_texts("spacelanes")
    assert lanes["L6"]["text"].startswith("2. Travel: Move across Space Lanes")
    assert "Our ruling: The first move of a turn is free" in lanes["L6"]["text"]
    assert lanes["Wormhole"]["title"] == "Other Events"
    assert rule_texts("highcard")["H3"]["text"].startswith("From the lead")


def test_the_checker_finds_the_codes_it_must() -> None:
    """The check itself: the forms the first table showed are found, plain numbers are not."""
    for text in ("Stay at Base (3.2.4)", "Seat 2 lands [L6]", "reputation (BT-earn)", "(half, L5)",
                 "Free move (L6: the first move of a turn is free)", "Mercenary row (§8)", "(L4, L5)"):
        assert bare_codes(text), text
    for text in ("Buy 1 Parts for 1,300", "P2 (greedy) wins", "rolls 7 (+2 = 9)", "costs 2.5 each"):
        assert not bare_codes(text), text
