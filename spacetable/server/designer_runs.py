"""The designer page's runs: each one a folder of files and a sequence of ``spacetable`` commands.

A run (simulate, ladder, tune, or a comparison of two runs) is a folder under the designer's folder:
``run.json`` (what was asked, its status and the command lines), ``cards.json`` (the card overrides),
``tune.toml``, ``results.parquet``, ``progress.json`` (``--progress-file``), ``summary.json`` (the
command's ``--json`` output), ``report.html`` and ``log.txt`` (stderr). Its steps are the very CLI
commands a designer would type (``spacetable simulate … --out results.parquet``, then ``spacetable
report results.parquet --out report.html``), each started as a child process in its own session, so
the page and the terminal produce the same files and no run ever executes on the server's event loop.

A thread (`RunManager`) starts queued runs while fewer than `max_running` run, watches their
processes and records how each ended. Runs outlive the page (its state is on disk and in this process);
a run whose server stopped under it is marked ``interrupted`` at the next start, and rerunning its
commands resumes it (the results file keeps every finished game). Cancel sends SIGINT to the step's
process group (the simulator keeps the finished games), then SIGKILL after `KILL_AFTER` seconds.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shlex
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

KILL_AFTER = 10.0
"""Seconds between SIGINT and SIGKILL when a run is cancelled."""
TERMINAL = ("done", "failed", "cancelled", "interrupted")
POLL = 0.3


def _now() -> float:
    return round(time.time(), 3)


@dataclass
class Run:
    """One run's record (``run.json``)."""

    id: str
    kind: str
    title: str
    game: str
    commands: list[list[str]]
    """Each step's arguments after ``spacetable`` (file names relative to the run's folder)."""
    params: dict[str, Any] = field(default_factory=dict)
    status: str = "queued"
    created: float = field(default_factory=_now)
    started: float | None = None
    finished: float | None = None
    step: int = 0
    error: str | None = None
    cancel_requested: float | None = None
    pid: int | None = None

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class RunManager:
    """Starts, watches and cancels the runs in `folder` (see the module docstring)."""

    def __init__(self, folder: Path, max_running: int = 1) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.max_running = max(1, max_running)
        self.lock = threading.Lock()
        self.runs: dict[str, Run] = {}
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self._stop = threading.Event()
        self._load()
        self._thread = threading.Thread(target=self._loop, name="spacetable-designer-runs", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ records
    def dir(self, run_id: str) -> Path:
        return self.folder / run_id

    def _load(self) -> None:
        for path in sorted(self.folder.glob("*/run.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                run = Run(**data)
            except (OSError, ValueError, TypeError):
                continue
            if run.status == "running":  # its server stopped under it
                run.status, run.finished, run.pid = "interrupted", _now(), None
                run.error = "the server stopped during this run; run it again to resume it"
                self._save(run)
            self.runs[run.id] = run

    def _save(self, run: Run) -> None:
        path = self.dir(run.id) / "run.json"
        tmp = path.with_name(".run.json.tmp")
        tmp.write_text(json.dumps(run.to_json(), indent=1), encoding="utf-8")
        os.replace(tmp, path)

    def create(self, kind: str, title: str, game: str, commands: list[list[str]], params: dict[str, Any],
               files: dict[str, str]) -> Run:
        """A new queued run with its input `files` (name → text) written in its folder."""
        run_id = time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)
        folder = self.dir(run_id)
        folder.mkdir(parents=True)
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        run = Run(run_id, kind, title, game, commands, params)
        with self.lock:
            self.runs[run_id] = run
            self._save(run)
        return run

    def list(self) -> list[dict[str, Any]]:
        with self.lock:
            runs = sorted(self.runs.values(), key=lambda r: -r.created)
            return [self.describe(r) for r in runs]

    def get(self, run_id: str) -> Run | None:
        return self.runs.get(run_id)

    def describe(self, run: Run) -> dict[str, Any]:
        """The run's record with its progress and the command lines to type in a terminal."""
        out = run.to_json()
        out["progress"] = self.progress(run)
        out["command_lines"] = ["spacetable " + shlex.join(c) for c in run.commands]
        out["has_report"] = self.report(run) is not None
        summary = self.dir(run.id) / "summary.json"
        out["summary"] = None
        if summary.is_file():
            try:
                out["summary"] = json.loads(summary.read_text(encoding="utf-8"))
            except ValueError:
                out["summary"] = None
        return out

    def report(self, run: Run) -> Path | None:
        """The run's HTML report: ``report.html``, or a tune's own ``results.html``."""
        for name in ("report.html", "results.html"):
            path = self.dir(run.id) / name
            if path.is_file():
                return path
        return None

    def progress(self, run: Run) -> dict[str, Any]:
        """``{"done", "total", "unit", "fraction"}`` of the run's first step (1.0 once the run is done)."""
        data: dict[str, Any] = {"done": 0, "total": 0, "unit": "games"}
        path = self.dir(run.id) / "progress.json"
        if path.is_file():
            with contextlib.suppress(ValueError, OSError):
                data |= json.loads(path.read_text(encoding="utf-8"))
        total = int(data.get("total") or 0)
        fraction = min(1.0, int(data.get("done") or 0) / total) if total else 0.0
        if run.status == "done":
            fraction = 1.0
        return data | {"fraction": round(fraction, 4)}

    # ------------------------------------------------------------ control
    def cancel(self, run_id: str) -> Run | None:
        with self.lock:
            run = self.runs.get(run_id)
            if run is None:
                return None
            if run.status == "queued":
                run.status, run.finished = "cancelled", _now()
            elif run.status == "running" and run.cancel_requested is None:
                run.cancel_requested = _now()
                self._signal(run_id, signal.SIGINT)
            self._save(run)
            return run

    def _signal(self, run_id: str, sig: int) -> None:
        proc = self.procs.get(run_id)
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, sig)

    def close(self) -> None:
        """Stop watching; cancel what runs (tests, server shutdown)."""
        self._stop.set()
        for run_id in list(self.procs):
            self._signal(run_id, signal.SIGKILL)
        self._thread.join(5)

    # ------------------------------------------------------------ the watcher
    def _start_step(self, run: Run) -> None:
        folder = self.dir(run.id)
        args = [sys.executable, "-m", "spacetable", *run.commands[run.step]]
        with open(folder / "log.txt", "ab") as log:
            stdout = open(folder / ("summary.json" if run.step == 0 else f"step{run.step + 1}.json"), "wb")  # noqa: SIM115
            try:
                proc = subprocess.Popen(args, cwd=folder, stdout=stdout, stderr=log, stdin=subprocess.DEVNULL,
                                        start_new_session=True)
            finally:
                stdout.close()
        self.procs[run.id] = proc
        run.pid = proc.pid

    def _tick(self) -> None:
        with self.lock:
            for run_id, proc in list(self.procs.items()):
                run = self.runs[run_id]
                code = proc.poll()
                if code is None:
                    if run.cancel_requested is not None and time.time() - run.cancel_requested > KILL_AFTER:
                        self._signal(run_id, signal.SIGKILL)
                    continue
                del self.procs[run_id]
                run.pid = None
                if run.cancel_requested is not None:
                    run.status, run.finished = "cancelled", _now()
                elif code == 0 and run.step + 1 < len(run.commands):
                    run.step += 1
                    self._start_step(run)
                elif code == 0:
                    run.status, run.finished = "done", _now()
                else:
                    run.status, run.finished = "failed", _now()
                    run.error = self._last_error(run) or f"the command ended with status {code}"
                self._save(run)
            running = sum(1 for r in self.runs.values() if r.status == "running")
            for run in sorted(self.runs.values(), key=lambda r: r.created):
                if running >= self.max_running:
                    break
                if run.status == "queued":
                    run.status, run.started = "running", _now()
                    try:
                        self._start_step(run)
                    except OSError as e:
                        run.status, run.finished, run.error = "failed", _now(), f"cannot start: {e}"
                    running += run.status == "running"
                    self._save(run)

    def _last_error(self, run: Run) -> str | None:
        try:
            lines = (self.dir(run.id) / "log.txt").read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return None
        errors = [ln for ln in lines if ln.startswith("error:")]
        return errors[-1][len("error:"):].strip() if errors else (lines[-1] if lines else None)

    def _loop(self) -> None:
        while not self._stop.is_set():
            with contextlib.suppress(Exception):  # the watcher must outlive any one run's surprise
                self._tick()
            self._stop.wait(POLL)
