"""Rematch and open seats on the page (docs/server.md, "Rematch and open seats"): at the end Ada presses
Rematch and lands at the new table; Bo's finished table offers "Join the rematch" at once and takes him
to his seat there. A seat left open is listed in the lobby and a newcomer takes it in one click."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT

TIMEOUT = 15_000


def _post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(f"{base}{path}", json=body, headers=headers, timeout=10)


def _finish(base: str, gid: str, tokens: list[str]) -> None:
    pick = random.Random(2)
    for _ in range(300):
        views = [httpx.get(f"{base}/api/games/{gid}/view", headers={"Authorization": f"Bearer {t}"},
                           timeout=10).json() for t in tokens]
        if views[0]["terminal"]:
            return
        for t, v in zip(tokens, views, strict=True):
            if v["legal_actions"]:
                r = _post(base, f"/api/games/{gid}/actions",
                          {"action": pick.choice(v["legal_actions"])["text"], "version": v["version"]}, t)
                assert r.status_code in (200, 409), r.text
    raise AssertionError("the game did not end")


def test_rematch_from_the_end_of_a_game(browser: Browser, base_url: str, shots: Path) -> None:
    r = _post(base_url, "/api/games", {"game": "highcard", "players": 2, "seats": ["human", "human"],
                                       "names": ["Ada", "Bo"]})
    assert r.status_code == 201, r.text
    g = r.json()
    tokens = [s["token"] for s in g["seats"]]
    _finish(base_url, g["id"], tokens)
    ada = browser.new_context(viewport=VIEWPORT).new_page()
    bo = browser.new_context(viewport=VIEWPORT).new_page()
    ada.goto(f"{base_url}/game/{g['id']}#token={tokens[0]}")
    bo.goto(f"{base_url}/game/{g['id']}#token={tokens[1]}")
    expect(bo.locator("[data-rematch=ask]")).to_be_visible(timeout=TIMEOUT)
    ada.locator("[data-rematch=ask]").click()
    ada.wait_for_url(lambda url: g["id"] not in url, timeout=TIMEOUT)
    new_id = ada.url.split("/game/")[1].split("#")[0]
    join = bo.locator("[data-rematch=join]")
    expect(join).to_be_visible(timeout=TIMEOUT)  # pushed to the old table at once
    bo.screenshot(path=str(shots / "rematch-offered.png"))
    join.click()
    bo.wait_for_url(f"**/game/{new_id}**", timeout=TIMEOUT)
    expect(bo.get_by_text("You are")).to_contain_text("Bo", timeout=TIMEOUT)  # his own seat there
    expect(ada.get_by_text("You are")).to_contain_text("Ada")
    bo.screenshot(path=str(shots / "rematch-joined.png"))


def test_an_open_seat_is_taken_from_the_lobby(browser: Browser, base_url: str, shots: Path) -> None:
    r = _post(base_url, "/api/games", {"game": "moonrakers", "players": 2, "seats": ["human", "human"],
                                       "names": ["Ada", "Wanderer"], "open_seats": [1]})
    assert r.status_code == 201, r.text
    g = r.json()
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(base_url + "/")
    row = page.locator(f"[data-open-game='{g['id']}']")
    expect(row).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=str(shots / "open-seats.png"))
    row.locator("[data-take='1']").click()
    page.wait_for_url(f"**/game/{g['id']}**", timeout=TIMEOUT)
    expect(page.get_by_text("You are")).to_contain_text("Wanderer", timeout=TIMEOUT)
    listed = httpx.get(f"{base_url}/api/open", timeout=10).json()["games"]
    assert g["id"] not in [x["id"] for x in listed]
