"""The replay viewer and a live spectator in a real browser (Debian's chromium), Moonrakers.

Replay: a finished game opened at /replay/ID is drawn by the Moonrakers table, read-only, at any
position; stepping forward and back, jumping to a turn (3.1: a game is a series of turns) and
playing at a chosen speed show exactly the server's spectator view of that position; "reveal
everything" (the game is over) shows every seat's hidden hand and objectives. Spectator: a page
opened with the spectator link follows a live game as a person plays it, showing only public
information (no hand, no choices). Screenshots are saved at 1366×768.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.server.e2e.conftest import VIEWPORT

TIMEOUT = 15_000


def _post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = httpx.post(base + path, json=body, headers=headers, timeout=10)
    assert r.status_code in (200, 201), r.text
    out: dict[str, Any] = r.json()
    return out


def _get(base: str, path: str, token: str) -> dict[str, Any]:
    r = httpx.get(base + path, headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _position(page: Page) -> int:
    return int(page.locator("[data-position]").get_attribute("data-position") or -1)


def _shows(page: Page, base: str, game: str, token: str, n: int) -> None:
    """The page is at position n and draws the spectator's view of it (turn and phase in the top bar)."""
    expect(page.locator("[data-position]")).to_have_attribute("data-position", str(n), timeout=TIMEOUT)
    page.wait_for_function(f"() => window.__spacetable && window.__spacetable.version() === {n}",
                           timeout=TIMEOUT)
    body = _get(base, f"/api/games/{game}/replay/{n}", token)
    expect(page.locator(".topbar")).to_contain_text(f"Turn {body['view']['turn']} · {body['view']['phase']}")


def test_replay_viewer_steps_back_and_forward(browser: Browser, base_url: str, shots: Path) -> None:
    g = _post(base_url, "/api/games", {"game": "moonrakers", "players": 3,
                                       "seats": ["greedy", "greedy", "random"], "seed": 7,
                                       "names": ["Ada", "Bo", "Cy"]})
    tok = g["spectator"]
    end = time.monotonic() + 30
    while not _get(base_url, f"/api/games/{g['id']}/view", tok)["terminal"]:
        assert time.monotonic() < end, "the bots did not finish"
        time.sleep(0.1)
    idx = _get(base_url, f"/api/games/{g['id']}/replay", tok)
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    page.goto(f"{base_url}/replay/{g['id']}#token={tok}")
    bar = page.locator("nav[aria-label='Replay controls']")
    expect(bar).to_be_visible(timeout=TIMEOUT)
    expect(bar).to_contain_text(f"step 0 / {idx['last']}")
    _shows(page, base_url, g["id"], tok, 0)
    for n in (1, 2, 3):
        bar.get_by_role("button", name="step forward").click()
        _shows(page, base_url, g["id"], tok, n)
    page.keyboard.press("ArrowLeft")  # the keyboard steps too
    _shows(page, base_url, g["id"], tok, 2)
    bar.get_by_role("button", name="step back").click()
    _shows(page, base_url, g["id"], tok, 1)
    assert page.locator("button[data-action]:enabled").count() == 0  # read-only: nothing to choose
    turn = idx["turns"][len(idx["turns"]) // 2]
    bar.get_by_label("jump to turn").select_option(str(turn["turn"]))
    _shows(page, base_url, g["id"], tok, turn["n"])
    page.screenshot(path=str(shots / "01-replay-turn.png"))
    bar.get_by_label("speed").select_option("8")
    bar.get_by_role("button", name="play").click()
    page.wait_for_function(f"() => window.__spacetable.version() >= {turn['n'] + 4}", timeout=TIMEOUT)
    bar.get_by_role("button", name="pause").click()
    at = _position(page)
    time.sleep(0.5)
    assert _position(page) == at > turn["n"]  # paused: it stays
    bar.get_by_label("reveal everything").check()
    secrets = page.locator("section[aria-label='Hidden information']")
    expect(secrets.locator("li[data-path='players.0.hand']")).to_be_visible(timeout=TIMEOUT)
    expect(secrets.locator("li[data-path='players.1.objectives']")).to_contain_text("objectives:")
    bar.get_by_label("seen by").select_option("1")
    hand = page.locator("section[aria-label='My hand and objectives']")
    expect(hand).to_contain_text("My hand", timeout=TIMEOUT)
    page.screenshot(path=str(shots / "02-replay-revealed-seen-by-bo.png"))
    bar.get_by_role("button", name="last").click()
    _shows(page, base_url, g["id"], tok, idx["last"])
    expect(page.locator(".topbar")).to_contain_text("Game over")
    page.screenshot(path=str(shots / "03-replay-end.png"))
    ctx.close()


def test_spectator_follows_a_live_game(browser: Browser, base_url: str, shots: Path) -> None:
    g = _post(base_url, "/api/games", {"game": "moonrakers", "players": 2, "seats": ["human", "greedy"],
                                       "seed": 8, "names": ["Ada", "greedy bot"]})
    me, spect = g["seats"][0]["token"], g["spectator"]
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    page.goto(f"{base_url}/game/{g['id']}#token={spect}")
    expect(page.locator(".corner")).to_contain_text("Spectating live", timeout=TIMEOUT)
    expect(page.locator(".topbar")).to_contain_text("Spectator")
    for step in range(6):  # Ada plays through the API; the spectator's page follows every move
        v = _get(base_url, f"/api/games/{g['id']}/view", me)
        end = time.monotonic() + 10
        while not v["legal_actions"] and not v["terminal"]:
            assert time.monotonic() < end
            time.sleep(0.05)
            v = _get(base_url, f"/api/games/{g['id']}/view", me)
        if v["terminal"]:
            break
        choice = v["legal_actions"][step % len(v["legal_actions"])]["text"]
        after = _post(base_url, f"/api/games/{g['id']}/actions",
                      {"action": choice, "version": v["version"]}, me)
        page.wait_for_function(f"() => window.__spacetable.version() >= {after['version']}", timeout=TIMEOUT)
        # every log line reached the spectator (pushes carry only the new ones; the page joins them)
        full = _get(base_url, f"/api/games/{g['id']}/view", spect)
        if full["version"] == after["version"]:
            expect(page.locator("section[aria-label='Game log'] li")).to_have_count(len(full["log"]))
    expect(page.locator("section[aria-label='My hand and objectives']")).to_contain_text("hands are hidden")
    assert page.locator("button[data-action]:enabled").count() == 0
    html = page.content()
    mine = _get(base_url, f"/api/games/{g['id']}/view", me)["view"]["players"][0]
    public = _get(base_url, f"/api/games/{g['id']}/view", spect)["view"]["players"][0]
    assert "hand" in mine and "hand" not in public
    page.screenshot(path=str(shots / "04-spectator-live.png"))
    assert "Spectating" in html
    ctx.close()
