"""The simulator's progress bar: games done, rate and ETA on a terminal (Rich), silent otherwise."""

from __future__ import annotations

import sys
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


class GamesProgress:
    """``with GamesProgress(total, enabled) as bar: bar.advance(n)``; a no-op when not enabled."""

    def __init__(self, total: int, enabled: bool, title: str = "games") -> None:
        self.total = total
        self.enabled = enabled and total > 0
        self.title = title
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> GamesProgress:
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
        if self._progress is None or self._task is None:
            return
        self._progress.advance(self._task, games)
        task = self._progress.tasks[0]
        speed = task.speed
        self._progress.update(self._task, rate="" if speed is None else f"{speed:,.1f} games/s")

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._progress is not None:
            self._progress.stop()
