"""Notices on the page (docs/server.md, "Notices"): Bo opens his invite (the seat joins his profile),
chooses a webhook in the lobby's notice settings and closes his browser; Ada plays on her page until
the table waits for Bo: his webhook receives exactly one notice within 2 s."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT
from tests.server.notice_receivers import http_receiver
from tests.server.server_helpers import free_port, serve_process

TIMEOUT = 15_000


def test_a_closed_page_gets_one_webhook_notice(browser: Browser, tmp_path: Path, shots: Path) -> None:
    hook = http_receiver()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    try:
        with serve_process(f"sqlite:///{tmp_path / 'notices.db'}", port, args=["--allow-private-webhooks"]):
            r = httpx.post(f"{base}/api/games", json={"game": "moonrakers", "players": 2, "seed": 4,
                                                      "seats": ["human", "human"], "names": ["Ada", "Bo"]},
                           timeout=10)
            assert r.status_code == 201, r.text
            g = r.json()
            ta, tb = (s["token"] for s in g["seats"])
            ctx_b = browser.new_context(viewport=VIEWPORT)
            bo = ctx_b.new_page()
            bo.goto(f"{base}/game/{g['id']}#token={tb}")
            expect(bo.locator(".player[data-seat=p2] .badge.you")).to_be_visible(timeout=TIMEOUT)
            bo.goto(base + "/")
            listed = bo.locator(f"section.profile [data-profile-game='{g['id']}']")
            expect(listed).to_be_visible(timeout=TIMEOUT)
            notices = bo.locator("[data-notices]")
            notices.locator("summary").click()
            notices.locator("input[name=webhook]").fill(hook.base + "/bo")
            notices.get_by_role("button", name="Save notices").click()
            expect(notices.get_by_role("status")).to_have_text("Saved.", timeout=TIMEOUT)
            bo.screenshot(path=str(shots / "01-bo-notice-settings.png"))
            ctx_b.close()  # Bo's page is gone

            ctx_a = browser.new_context(viewport=VIEWPORT)
            ada = ctx_a.new_page()
            ada.goto(f"{base}/game/{g['id']}#token={ta}")
            expect(ada.locator(".player[data-seat=p1] .badge.you")).to_be_visible(timeout=TIMEOUT)
            pick = random.Random(3)
            waited = None
            for _ in range(40):  # Ada decides on her page until the table waits for Bo
                v = httpx.get(f"{base}/api/games/{g['id']}/view", headers={"Authorization": f"Bearer {ta}"},
                              timeout=10).json()
                if not v["legal_actions"]:
                    waited = time.monotonic()
                    break
                before = v["version"]
                choice = pick.choice(v["legal_actions"])["text"]
                ada.evaluate("(text) => window.__spacetable.act(text)", choice)
                ada.wait_for_function(f"window.__spacetable.version() > {before}", timeout=TIMEOUT)
            assert waited is not None, "the table never waited for Bo"
            end = time.monotonic() + 2.0
            while time.monotonic() < end and not hook.on("/bo"):
                time.sleep(0.02)
            assert len(hook.on("/bo")) == 1, "no notice within 2 s"
            time.sleep(1.0)
            assert len(hook.on("/bo")) == 1  # exactly one
            body = json.loads(hook.on("/bo")[0].body)
            assert body["event"] == "your-turn" and body["game"] == g["id"] and body["seat"] == 1
            assert tb not in hook.on("/bo")[0].body.decode() and ta not in hook.on("/bo")[0].body.decode()
            ada.screenshot(path=str(shots / "02-ada-waits-for-bo.png"))
            ctx_a.close()
    finally:
        hook.server.shutdown()
    print(f"\nscreenshots: {shots}")
