"""The shipped trained policy (`policy:moonrakers-2p`) plays a whole Moonrakers game on the server
against a person, in a real browser.

The person creates the game in the lobby (2 captains, seat 2 "Bot: policy:moonrakers-2p", the base
game, shared for research) and keeps the table open in Chromium; to keep the test short, the person's
decisions are then scripted (a random legal action each, sent through the same API the page uses)
while the page follows the game to its end. The policy must win it (a random player never reaches 10
Prestige, 7.1) and the final page says so.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT

TIMEOUT = 15_000


def test_the_shipped_policy_plays_a_whole_game_against_a_person(browser: Browser, base_url: str,
                                                               shots: Path) -> None:
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    page.goto(base_url + "/")
    page.locator("select[name=game]").select_option("moonrakers")
    page.locator("select[name=players]").select_option("2")
    page.locator("select[name=seat-0]").select_option("human")
    page.locator("select[name=seat-1]").select_option("policy:moonrakers-2p")
    page.locator("input[name=name-0]").fill("Ada")
    page.locator("input[name=first-encounter]").uncheck()
    page.locator("input[name=seed]").fill("11")
    page.locator("input[name=share-for-research]").check()
    page.get_by_role("button", name="Create game").click()
    expect(page.locator(".table")).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=str(shots / "policy-table-start.png"))
    game_id = re.search(r"/game/([0-9a-f]+)", page.url)
    token = re.search(r"token=([^&]+)", page.url)
    assert game_id and token, page.url
    headers = {"Authorization": f"Bearer {token.group(1)}"}
    url = f"{base_url}/api/games/{game_id.group(1)}"
    rng = random.Random(3)
    moves = 0
    end = time.monotonic() + 150
    with httpx.Client(timeout=10) as c:
        while time.monotonic() < end:
            v = c.get(f"{url}/view", headers=headers).json()
            if v["terminal"]:
                break
            if not v["legal_actions"]:
                time.sleep(0.02)
                continue
            choice = rng.choice(v["legal_actions"])["text"]
            r = c.post(f"{url}/actions", headers=headers, json={"action": choice, "version": v["version"]})
            assert r.status_code in (200, 409), r.text
            moves += 1
        summary = c.get(f"{url}/summary", headers=headers).json()
    assert v["terminal"], f"the game did not end in time ({moves} moves by the person)"
    assert summary["winners"] == [1], summary
    status = page.locator(".topbar .status")
    expect(status).to_contain_text(re.compile("won|wins|over", re.I), timeout=TIMEOUT)
    page.screenshot(path=str(shots / "policy-table-end.png"))
    print(f"the person made {moves} moves; screenshots in {shots}")
    ctx.close()
