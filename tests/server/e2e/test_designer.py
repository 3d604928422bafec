"""The designer's workbench in a real browser (docs/workbench.md): edit a card in the form checked by the
override schema, start a 100-game run, watch its progress bar reach 100% across a page reload, open its
report; and over the API: the key is required, a run can be cancelled, the run's files are the CLI's."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.server.server_helpers import free_port, wait_up

KEY = "designer-test-key-0123456789"


@pytest.fixture(scope="module")
def designer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A `spacetable serve --designer` of its own: (base URL, the runs' folder)."""
    folder = tmp_path_factory.mktemp("designer")
    port = free_port()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "spacetable", "serve", "--port", str(port), "--db",
             f"sqlite:///{folder / 'db.sqlite'}", "--bot-pause", "0", "--log-level", "warning", "--designer",
             "--designer-dir", str(folder / "runs")],
            stdout=subprocess.DEVNULL, stderr=err,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "SPACETABLE_DESIGNER_KEY": KEY})
        try:
            wait_up(port, proc, err)
            yield f"http://127.0.0.1:{port}", folder / "runs"
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)


def test_edit_a_card_run_100_games_watch_the_progress_and_read_the_report(
        designer: tuple[str, Path], browser: Browser, shots: Path) -> None:
    base, runs = designer
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    page.goto(f"{base}/designer#key={KEY}")
    page.get_by_role("button", name="Ship parts").click()
    page.locator("[data-card=cloaking-device]").click()
    expect(page.locator(".dz-title")).to_have_text("Cloaking Device")  # its form is open
    cost = page.locator("input[name=cost]")
    # an invalid field is refused with the schema's own message, naming the card and the field
    cost.fill("-1")
    page.get_by_role("button", name="Save card").click()
    expect(page.locator("[data-error]")).to_contain_text("card 'Cloaking Device': field 'cost': must not be "
                                                         "negative (-1)")
    expect(page.locator(".dz-field.bad[data-field=cost]")).to_be_visible()
    page.screenshot(path=str(shots / "refused.png"))
    cost.fill("2")
    page.get_by_role("button", name="Save card").click()
    expect(page.locator(".dz-notice.good")).to_be_visible()
    page.fill("#l-players", "2")
    page.fill("#l-bots", "greedy")
    page.fill("#l-games", "100")
    page.locator("[data-launch]").click()
    run = page.locator(".dz-run").first
    expect(run).to_contain_text("edited cards")
    page.reload()  # the run goes on without the page
    run = page.locator(".dz-run").first
    expect(run).to_be_visible()
    bar = run.get_by_role("progressbar")
    expect(bar).to_have_attribute("aria-valuenow", "100", timeout=240_000)
    expect(run).to_have_attribute("data-status", "done", timeout=120_000)
    expect(run).to_contain_text("100 of 100 games")
    page.screenshot(path=str(shots / "done.png"))
    run.get_by_role("button", name="Report").click()
    frame = page.frame_locator("iframe[title=report]")
    expect(frame.get_by_role("heading", name="Simulation report")).to_be_visible()
    expect(frame.get_by_text("Card effects, adjusted for who buys them").first).to_be_visible()
    page.screenshot(path=str(shots / "report.png"))
    # the same files the CLI writes: the results, the report, the overrides the command line names
    (folder,) = [p for p in runs.iterdir() if (p / "cards.json").is_file()]
    record = json.loads((folder / "run.json").read_text())
    assert record["commands"][0][:2] == ["simulate", "moonrakers"] and "--cards" in record["commands"][0]
    assert json.loads((folder / "cards.json").read_text())["ship_parts"][0]["cost"] == 2
    assert (folder / "results.parquet").is_file() and (folder / "report.html").is_file()
    page.close()


def test_the_api_needs_the_key_and_a_run_can_be_cancelled(designer: tuple[str, Path]) -> None:
    base, _ = designer
    assert httpx.get(f"{base}/api/designer/runs").status_code == 401
    wrong = {"Authorization": "Bearer wrong"}
    assert httpx.get(f"{base}/api/designer/runs", headers=wrong).status_code == 401
    head = {"Authorization": f"Bearer {KEY}"}
    bad = httpx.post(f"{base}/api/designer/runs", headers=head, json={
        "kind": "simulate", "game": "moonrakers", "players": 2, "bots": "genius", "games": 10})
    assert bad.status_code == 400 and "no bot 'genius'" in bad.json()["error"]
    made = httpx.post(f"{base}/api/designer/runs", headers=head, json={
        "kind": "simulate", "game": "moonrakers", "players": 4, "bots": "heuristic", "games": 20000,
        "seed": 9}).json()
    end = time.monotonic() + 120
    while time.monotonic() < end:
        run = httpx.get(f"{base}/api/designer/runs/{made['id']}", headers=head).json()
        if run["status"] == "running" and run["progress"]["total"]:
            break
        time.sleep(0.3)
    cancel = httpx.post(f"{base}/api/designer/runs/{made['id']}/cancel", headers=head)
    assert cancel.status_code == 200
    while time.monotonic() < end:
        run = httpx.get(f"{base}/api/designer/runs/{made['id']}", headers=head).json()
        if run["status"] not in ("running", "queued"):
            break
        time.sleep(0.3)
    assert run["status"] == "cancelled"
    assert run["progress"]["done"] < 20000
