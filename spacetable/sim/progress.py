"""The simulator's progress: a bar (games done, rate and ETA) on a terminal (Rich), silent otherwise; and
a progress file (``--progress-file``) that a page or a script can watch: ``{"done", "total", "unit"}``
as JSON, replaced atomically at most a few times a second and once at the end."""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def wanted(quiet: bool) -> bool:
    """A bar only on a terminal (stderr) and when not asked to be quiet (``--json``)."""
    return not quiet and sys.stderr.isatty()


@dataclass
class ProgressFile:
    """Where to write progress: `path`, counting `offset` units done before this run of games and
    `total` in all (None: the games of this run)."""

    path: Path
    offset: int = 0
    total: int | None = None
    unit: str = "games"

    def write(self, done: int, total: int) -> None:
        body = {"done": self.offset + done, "total": self.total if self.total is not None else total,
                "unit": self.unit}
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(json.dumps(body), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:  # a progress file is a courtesy: never the end of a run
            tmp.unlink(missing_ok=True)


class GamesProgress:
    """``with GamesProgress(total, enabled) as bar: bar.advance(n)``; a no-op when not enabled and
    without a `sink` file."""

    def __init__(self, total: int, enabled: bool, title: str = "games",
                 sink: ProgressFile | None = None) -> None:
        self.total = total
        self.enabled = enabled and total > 0
        self.title = title
        self.sink = sink
        self.done = 0
        self._written = 0.0
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> GamesProgress:
        if self.sink is not None:
            self.sink.write(0, self.total)
        if self.enabled:
            self._progress = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn("[progress.data.speed]{task.fields[rate]}"),
                TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                console=Console(stderr=True), transient=False, refresh_per_second=4)
            self._progress.start()
            self._task = self._progress.add_task(self.title, total=self.total, rate="")
        return self

    def advance(self, games: int) -> None:
        self.done += games
        if self.sink is not None and time.monotonic() - self._written > 0.25:
            self._written = time.monotonic()
            self.sink.write(self.done, self.total)
        if self._progress is None or self._task is None:
            return
        self._progress.advance(self._task, games)
        task = self._progress.tasks[0]
        speed = task.speed
        self._progress.update(self._task, rate="" if speed is None else f"{speed:,.1f} games/s")

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.sink is not None:
            self.sink.write(self.done, self.total)
        if self._progress is not None:
            self._progress.stop()
