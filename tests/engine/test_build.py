"""The two builds (docs/performance.md, Builds): the pure-Python modules are the reference, the compiled
ones (`make fast`) run wherever they match the sources unless ``SPACETABLE_BUILD=pure`` says otherwise.

`make test` runs this file in both runs: in the compiled run it checks that every compiled module is
really the one imported, so that run cannot silently fall back to pure Python.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spacetable import buildinfo

ASKED = os.environ.get(buildinfo.ENV, "").strip().lower() == "compiled"


def _manifest_modules() -> list[str]:
    data = json.loads((buildinfo.build_dir() / buildinfo.MANIFEST).read_text())
    return [m for m in data["modules"] if m.startswith("spacetable.")]


@pytest.mark.skipif(not ASKED, reason="the compiled run of `make test` (SPACETABLE_BUILD=compiled)")
def test_the_compiled_run_imports_every_compiled_module_from_its_extension() -> None:
    modules = _manifest_modules()
    assert len(modules) >= 60  # the engine, every game and the bots (pyproject.toml)
    for name in modules:
        module = importlib.import_module(name)
        assert buildinfo.is_compiled(module), f"{name} came from {module.__file__}"
    assert buildinfo.build() == "compiled"
    assert set(modules) <= set(buildinfo.compiled_modules())


@pytest.mark.skipif(ASKED, reason="the pure run of `make test`")
def test_the_pure_run_imports_no_compiled_module() -> None:
    importlib.import_module("spacetable.games.moonrakers")
    importlib.import_module("spacetable.bots.catalog")
    assert buildinfo.compiled_modules() == []
    assert buildinfo.build() == "pure"


def _fake_build(root: Path, hashes: dict[str, str], abi: str) -> None:
    out = root / buildinfo.BUILD_DIR
    out.mkdir(parents=True)
    data = {"abi": abi, "modules": {"spacetable.engine.rng": "spacetable/engine/rng.so"}, "sources": hashes}
    (out / buildinfo.MANIFEST).write_text(json.dumps(data))


def test_a_build_matching_every_source_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_build(tmp_path, buildinfo.source_hashes(), buildinfo._abi())
    monkeypatch.setattr(buildinfo, "build_dir", lambda: tmp_path / buildinfo.BUILD_DIR)
    modules, reason = buildinfo.check()
    assert reason == ""
    assert modules == {"spacetable.engine.rng": tmp_path / buildinfo.BUILD_DIR / "spacetable/engine/rng.so"}


def test_an_edited_source_makes_the_build_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hashes = buildinfo.source_hashes()
    hashes["spacetable/engine/rng.py"] = "0" * 64  # as if rng.py had been edited since `make fast`
    _fake_build(tmp_path, hashes, buildinfo._abi())
    monkeypatch.setattr(buildinfo, "build_dir", lambda: tmp_path / buildinfo.BUILD_DIR)
    modules, reason = buildinfo.check()
    assert modules == {}
    assert "stale" in reason and "spacetable/engine/rng.py" in reason


def test_a_new_source_file_makes_the_build_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hashes = buildinfo.source_hashes()
    del hashes["spacetable/bots/mcts.py"]  # as if mcts.py had been added since `make fast`
    _fake_build(tmp_path, hashes, buildinfo._abi())
    monkeypatch.setattr(buildinfo, "build_dir", lambda: tmp_path / buildinfo.BUILD_DIR)
    modules, reason = buildinfo.check()
    assert modules == {}
    assert "stale" in reason and "spacetable/bots/mcts.py" in reason


def test_a_build_for_another_python_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_build(tmp_path, buildinfo.source_hashes(), "cpython-39-.cpython-39-x86_64-linux-gnu.so")
    monkeypatch.setattr(buildinfo, "build_dir", lambda: tmp_path / buildinfo.BUILD_DIR)
    modules, reason = buildinfo.check()
    assert modules == {} and "another Python" in reason


def test_no_build_at_all_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(buildinfo, "build_dir", lambda: tmp_path / "nothing")
    assert buildinfo.check() == ({}, f"no compiled build in {tmp_path / 'nothing'} (run `make fast`)")


def _run(env_value: str, build_dir: Path | None = None) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter asking for `env_value` (with the build directory moved to `build_dir`) before
    the package is imported; what it prints is the build that runs. buildinfo is loaded on its own first,
    so that the package's own `activate()` at import sees the moved directory."""
    code = ("import importlib.util, os, pathlib, sys\n"
            f"spec = importlib.util.spec_from_file_location('spacetable.buildinfo', {buildinfo.__file__!r})\n"
            "b = importlib.util.module_from_spec(spec)\n"
            "sys.modules['spacetable.buildinfo'] = b\n"
            "spec.loader.exec_module(b)\n"
            f"os.environ[b.ENV] = {env_value!r}\n"
            + (f"b.build_dir = lambda: pathlib.Path({str(build_dir)!r})\n" if build_dir else "")
            + "import spacetable.engine.state\nprint(b.build())\n")
    env = {k: v for k, v in os.environ.items() if k != buildinfo.ENV}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                          timeout=120)


def test_asking_for_a_missing_build_runs_pure_python_and_says_why(tmp_path: Path) -> None:
    r = _run("compiled", tmp_path / "nothing")
    assert r.stdout.strip() == "pure"
    assert "no compiled build" in r.stderr and "running the pure-Python modules" in r.stderr


def test_a_misspelt_build_name_runs_pure_python_and_says_so() -> None:
    r = _run("fast")
    assert r.stdout.strip() == "pure"
    assert "must be 'compiled' or 'pure'" in r.stderr


def test_without_a_build_the_default_is_pure_python_silently(tmp_path: Path) -> None:
    r = _run("", tmp_path / "nothing")
    assert r.stdout.strip() == "pure" and r.stderr == ""


MATCHING_BUILD = buildinfo.check()[1] == ""


@pytest.mark.skipif(not MATCHING_BUILD, reason="needs `make fast` (a compiled build matching the sources)")
def test_a_matching_build_is_used_without_asking_and_pure_still_forces_python() -> None:
    # "Where the compiled build exists and matches the sources, every command uses it (no environment
    # variable; SPACETABLE_BUILD=pure still forces the pure one)"
    assert _run("").stdout.strip() == "compiled"
    assert _run("pure").stdout.strip() == "pure"


FACES_SCRIPT = r"""
import json, sys, tempfile, time
from fastapi.testclient import TestClient
from spacetable import buildinfo
from spacetable.server.app import create_app
from spacetable.server.config import ServerConfig
from spacetable.sim.simulate import simulate

out = {"build": buildinfo.build()}
out["simulate"] = {g: simulate(g, 2, 2, ["greedy", "heuristic"], seed=5).completed
                   for g in ("moonrakers", "spacelanes", "highcard")}
with tempfile.TemporaryDirectory() as d, TestClient(create_app(ServerConfig(
        db_url=f"sqlite:///{d}/t.db", bot_pause=0.0))) as c:
    g = c.post("/api/games", json={"game": "moonrakers", "players": 2, "seats": ["human", "greedy"],
                                   "seed": 3}).json()
    tok = g["seats"][0]["token"]
    head = {"Authorization": f"Bearer {tok}"}
    moves = 0
    end = time.monotonic() + 60
    while moves < 12 and time.monotonic() < end:
        v = c.get(f"/api/games/{g['id']}/view", headers=head).json()
        if not v["legal_actions"]:
            time.sleep(0.02)
            continue
        r = c.post(f"/api/games/{g['id']}/actions", headers=head,
                   json={"action": v["legal_actions"][0]["text"], "version": v["version"]})
        assert r.status_code == 200, r.text
        moves += 1
    out["server_moves"] = moves
print(json.dumps(out))
"""


@pytest.mark.skipif(not ASKED, reason="the compiled run of `make test` (SPACETABLE_BUILD=compiled)")
def test_the_faces_run_on_the_compiled_build() -> None:
    """`make test-compiled` runs the engine, game and bot tests; this checks that the other clients of
    the core (the simulator, the server with its bots) also work in a process on the compiled build."""
    r = subprocess.run([sys.executable, "-c", FACES_SCRIPT], capture_output=True, text=True, timeout=300,
                       env={**os.environ, buildinfo.ENV: "compiled"})
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out == {"build": "compiled", "simulate": {"moonrakers": 2, "spacelanes": 2, "highcard": 2},
                   "server_moves": 12}, out
