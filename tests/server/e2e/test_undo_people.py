"""Undo between two people on the page (docs/server.md, "Undo"): the button is always there; Ada hires
a card for the mission and takes it back with it; once Bo has decided, Ada's button is disabled with
the reason beside it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT

TIMEOUT = 15_000


def _view(base: str, game: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{game}/view", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _act(base: str, game: str, token: str, v: dict[str, Any], text: str) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/games/{game}/actions", headers={"Authorization": f"Bearer {token}"},
                   json={"action": text, "version": v["version"]}, timeout=10)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_undo_between_people_on_the_page(browser: Browser, base_url: str, shots: Path) -> None:
    r = httpx.post(f"{base_url}/api/games", json={"game": "moonrakers", "players": 2, "seed": 5,
                                                  "seats": ["human", "human"], "names": ["Ada", "Bo"]},
                   timeout=10)
    assert r.status_code == 201, r.text
    g = r.json()
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    pick = random.Random(1)
    for _ in range(200):  # through the API: to Ada's first chance to hire a card for a mission
        views = [_view(base_url, gid, t) for t in tokens]
        me = 0 if views[0]["legal_actions"] else 1
        texts = [a["text"] for a in views[me]["legal_actions"]]
        if me == 0 and any(t.startswith("merc ") for t in texts):
            break
        _act(base_url, gid, tokens[me], views[me], pick.choice(texts))
    else:
        raise AssertionError("Ada never could hire a card")
    hire = next(t for t in texts if t.startswith("merc "))
    ctx_a, ctx_b = browser.new_context(viewport=VIEWPORT), browser.new_context(viewport=VIEWPORT)
    ada, bo = ctx_a.new_page(), ctx_b.new_page()
    ada.goto(f"{base_url}/game/{gid}#token={tokens[0]}")
    bo.goto(f"{base_url}/game/{gid}#token={tokens[1]}")
    undo = ada.locator(".undo button", has_text="Undo")
    expect(undo).to_be_visible(timeout=TIMEOUT)  # always shown

    ada.evaluate("(text) => window.__spacetable.act(text)", hire)
    expect(ada.locator(".undo[data-undo=allowed]")).to_be_visible(timeout=TIMEOUT)
    expect(undo).to_be_enabled()
    ada.screenshot(path=str(shots / "01-ada-hired-undo-enabled.png"))
    undo.click()
    expect(ada.locator("[aria-label='Game log']")).to_contain_text("Ada took back their last decision",
                                                                     timeout=TIMEOUT)
    back = _view(base_url, gid, tokens[0])
    assert hire in {a["text"] for a in back["legal_actions"]}  # the hire is offered again

    # Ada plays on until Bo decides after her: then her undo is disabled, with the reason beside it
    for _ in range(200):
        views = [_view(base_url, gid, t) for t in tokens]
        if views[1]["legal_actions"]:
            _act(base_url, gid, tokens[1], views[1], pick.choice(views[1]["legal_actions"])["text"])
            break
        _act(base_url, gid, tokens[0], views[0], pick.choice(views[0]["legal_actions"])["text"])
    views = [_view(base_url, gid, t) for t in tokens]
    assert not views[0]["undo"]["allowed"]
    reason = views[0]["undo"]["reason"]
    expect(ada.locator(".undo-why")).to_have_text(reason, timeout=TIMEOUT)
    expect(undo).to_be_disabled()
    if views[0]["legal_actions"] or not views[1]["legal_actions"]:
        assert "Bo has decided since" in reason or "a die or a draw" in reason
    ada.screenshot(path=str(shots / "02-ada-undo-disabled-with-reason.png"))
    bo.screenshot(path=str(shots / "03-bo-page.png"))
    ctx_a.close()
    ctx_b.close()
    print(f"\nscreenshots: {shots}")
