"""Words for people through the server and on the page: no view body (the same text the WebSocket pushes,
`views.view_text`, which test_server_views checks equal to the body), log line, legal-action
description, offered intent, guide or coach text a seat receives holds a bare rule code ("(3.4.9)",
"[L17]", "(BT-earn)"); the rule travels as ``rule`` beside the text and resolves in GET /api/rules/{game}.
The page's own strings (static/*.js, index.html) hold none either.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from spacetable.server import app as server_app
from tests.plain_words import bare_codes, offenders
from tests.server.server_helpers import auth, client

STATIC = Path(server_app.__file__).parent / "static"
TABLES: list[tuple[str, dict[str, Any]]] = [
    ("moonrakers-3p", {"game": "moonrakers", "players": 3, "seats": ["human", "greedy", "random"]}),
    ("binding-ties-4p", {"game": "moonrakers", "players": 4, "seats": ["human", "greedy", "random", "greedy"],
                         "expansions": ["binding-ties"], "modules": ["first-encounter"]}),
    ("moonrakers-solo", {"game": "moonrakers", "players": 1, "seats": ["human"]}),
    ("spacelanes-3p", {"game": "spacelanes", "players": 3, "seats": ["human", "greedy", "random"],
                       "modes": ["exploration", "pvp"], "turn_limit": 24}),
]
MAX_STEPS = 150


@pytest.mark.parametrize(("name", "body"), TABLES, ids=[t[0] for t in TABLES])
def test_every_body_a_seat_receives_is_plain_words(sqlite_url: str, name: str, body: dict[str, Any]) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/games", json={**body, "seed": 12})
        assert r.status_code == 201, r.text
        g = r.json()
        token = g["seats"][0]["token"]
        rules = c.get(f"/api/rules/{body['game']}").json()["rules"]
        pick = random.Random(12)
        bad: list[str] = []
        cited: set[str] = set()
        steps = 0
        while steps < MAX_STEPS:
            v = c.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()
            spectator = c.get(f"/api/games/{g['id']}/view", headers=auth(g["spectator"])).json()
            bad += offenders(v, f"{name} seat v{v['version']}") + offenders(spectator, f"{name} spectator")
            cited |= {line["rule"] for line in v["log"] if line["rule"]}
            cited |= {a["rule"] for a in v["legal_actions"] if a["rule"]}
            if v["terminal"]:
                break
            if not v["legal_actions"]:
                continue
            if steps % 10 == 0:
                advice = c.get(f"/api/games/{g['id']}/advice", headers=auth(token)).json()
                bad += offenders({k: advice[k] for k in ("lines", "reason", "recommended")}, f"{name} advice")
            choice = pick.choice(v["legal_actions"])["text"]
            r = c.post(f"/api/games/{g['id']}/actions", headers=auth(token),
                       json={"action": choice, "version": v["version"]})
            assert r.status_code in (200, 409), r.text
            steps += 1
        assert steps > 20
        assert not bad, "\n".join(bad[:20])
        assert cited and cited <= set(rules), sorted(cited - set(rules))


_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'`])//[^\n]*", re.S)
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`', re.S)
"""A string literal or a template (html`…` holds the page's markup and words)."""


def test_the_page_strings_hold_no_rule_code() -> None:
    """Everything the page itself writes (its JavaScript and HTML, comments aside)."""
    found = []
    files = sorted(STATIC.rglob("*.js")) + sorted(STATIC.rglob("*.html"))
    assert len(files) > 10
    for path in files:
        if "vendor" in path.parts:
            continue
        code = _COMMENT.sub("", path.read_text(encoding="utf-8"))
        texts = [m.group(0) for m in _STRING.finditer(code)] if path.suffix == ".js" else [code]
        for text in texts:
            found += [f"{path.relative_to(STATIC)}: {m}" for m in bare_codes(text)]
    assert not found, "\n".join(found)
