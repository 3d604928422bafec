"""Where batches of games run: this process, a pool of child processes, or Ray tasks.

Every backend runs `worker.play_batch` and yields each batch's rows as it finishes (in any order;
the rows say which games they are). ``processes`` starts child processes with ``forkserver``
(``spawn`` where that is missing, and for card overrides), never ``fork``: Ray and progress threads may
be running. Card tables are built once per process, so batches with card overrides run only in
processes started for those overrides: one pool per override digest, a Ray runtime environment per
digest, and ``serial`` hands such batches to one child process.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pyarrow as pa

from spacetable.engine.errors import ConfigError, SpacetableError
from spacetable.sim.worker import Batch, play_batch, watch_parent

BACKENDS = ("serial", "processes", "ray")


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _groups(batches: Sequence[Batch]) -> list[list[Batch]]:
    """Batches grouped by card overrides (the shipped cards first), order kept within a group."""
    order: dict[str, list[Batch]] = {}
    for b in batches:
        order.setdefault(b.run.cards_digest, []).append(b)
    return [order[k] for k in sorted(order)]


class Backend:
    """Runs batches; `close()` frees its processes."""

    name = "serial"
    workers = 1

    def run(self, batches: Sequence[Batch]) -> Iterator[pa.Table]:
        raise NotImplementedError

    def close(self) -> None:
        """Nothing to free by default."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SerialBackend(Backend):
    """One batch after another in this process (batches with card overrides: in one child process)."""

    def __init__(self) -> None:
        self._child: ProcessBackend | None = None

    def run(self, batches: Sequence[Batch]) -> Iterator[pa.Table]:
        for group in _groups(batches):
            if group[0].run.cards is None:
                for b in group:
                    yield play_batch(b)
            else:
                if self._child is None:
                    self._child = ProcessBackend(1)
                yield from self._child.run(group)

    def close(self) -> None:
        if self._child is not None:
            self._child.close()


def _preload(game: str) -> list[str]:
    """Modules a forkserver imports once for `game` (children fork with them loaded): the game and its
    bots, and every other game package too, whose study columns the results schema reads."""
    from spacetable.bots.catalog import COMMON_MODULES, bot_modules
    from spacetable.engine.game import KNOWN_GAMES, available_games

    available_games()  # fills the registry
    others = [package for name, package in KNOWN_GAMES.items() if name != game]
    return ["__main__", "spacetable.sim.worker", KNOWN_GAMES[game], *COMMON_MODULES, *bot_modules(game),
            *others]


def _context(game: str, shipped: bool) -> multiprocessing.context.BaseContext:
    """``forkserver`` for the shipped cards: the server imports the worker, the game and its bots once
    and forks children from it. Card overrides must be installed before the game is imported, so their
    workers are spawned: fresh interpreters."""
    if not shipped or "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(_preload(game))  # only the first start of the server reads it
    return ctx


class ProcessBackend(Backend):
    """A pool of `workers` child processes (default: every core) per card-override digest."""

    name = "processes"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or cpu_count()
        self._pools: dict[str, ProcessPoolExecutor] = {}

    def _pool(self, digest: str, game: str) -> ProcessPoolExecutor:
        pool = self._pools.get(digest)
        if pool is None:
            for other in list(self._pools):  # one set of workers at a time: never more than `workers`
                self._pools.pop(other).shutdown(wait=True)
            pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=_context(game, not digest),
                                       initializer=watch_parent)
            self._pools[digest] = pool
        return pool

    def run(self, batches: Sequence[Batch]) -> Iterator[pa.Table]:
        for group in _groups(batches):
            pool = self._pool(group[0].run.cards_digest, group[0].run.game)
            pending: set[Future[pa.Table]] = {pool.submit(play_batch, b) for b in group}
            try:
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for f in done:
                        yield _result(f)
            finally:
                for f in pending:
                    f.cancel()

    def close(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()


def _result(f: Future[pa.Table]) -> pa.Table:
    try:
        return f.result()
    except SpacetableError:
        raise
    except BrokenProcessPool as e:
        raise ConfigError(f"a worker process died ({e})") from e


class RayBackend(Backend):
    """Batches as Ray tasks on a local cluster (started here) or the cluster at `address`."""

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        try:
            import ray
        except ImportError as e:
            raise ConfigError("the ray backend needs Ray: pip install 'spacetable[ray]'") from e
        self.ray: Any = ray
        if not ray.is_initialized():
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            try:
                if address:
                    ray.init(address=address, include_dashboard=False, log_to_driver=False)
                else:
                    ray.init(num_cpus=workers or cpu_count(), include_dashboard=False, log_to_driver=False)
            except Exception as e:  # noqa: BLE001  (Ray raises many kinds; the user needs one line)
                where = f" at {address}" if address else ""
                raise ConfigError(f"cannot start or reach Ray{where}: {e}") from e
            self._started = True
        else:
            self._started = False
        cluster = int(self.ray.cluster_resources().get("CPU", 1))
        self.workers = workers or cluster
        self._task = ray.remote(num_cpus=1)(play_batch)

    def run(self, batches: Sequence[Batch]) -> Iterator[pa.Table]:
        ray = self.ray
        for group in _groups(batches):
            digest = group[0].run.cards_digest
            task = self._task
            if digest:  # a worker process per override digest: card tables are built once per process
                task = task.options(runtime_env={"env_vars": {"SPACETABLE_CARDS_DIGEST": digest}})
            todo = list(group)
            pending: list[Any] = []
            limit = max(1, self.workers) * 2
            try:
                while todo or pending:
                    while todo and len(pending) < limit:
                        pending.append(task.remote(todo.pop(0)))
                    done, pending = ray.wait(pending, num_returns=1)
                    for ref in done:
                        yield self._get(ref)
            finally:
                for ref in pending:
                    ray.cancel(ref, force=True)

    def _get(self, ref: Any) -> pa.Table:
        try:
            table: pa.Table = self.ray.get(ref)
            return table
        except Exception as e:  # noqa: BLE001  (RayTaskError wraps the worker's exception)
            cause = getattr(e, "cause", None) or e
            if isinstance(cause, SpacetableError):
                raise ConfigError(str(cause).splitlines()[0]) from None
            first = str(cause).splitlines()[0] if str(cause) else repr(cause)
            raise ConfigError(f"a Ray task failed: {first}") from e

    def close(self) -> None:
        if self._started:
            self.ray.shutdown()


def make_backend(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    """The backend called `name`; `ConfigError` for an unknown name or a bad worker count."""
    if workers is not None and not 1 <= workers <= 1024:
        raise ConfigError(f"--workers must be from 1 to 1024, not {workers}")
    if address and name != "ray":
        raise ConfigError("--ray-address needs --backend ray")
    if name == "serial":
        if workers not in (None, 1):
            raise ConfigError("--backend serial runs one worker; use --backend processes for more")
        return SerialBackend()
    if name == "processes":
        return ProcessBackend(workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise ConfigError(f"unknown backend {name!r}; choose from {', '.join(BACKENDS)}")
