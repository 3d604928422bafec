"""The results file: Parquet rows appended batch by batch, safe against interruption, resumable.

Parquet files cannot grow in place, so while a run goes on every finished batch is written as its own
small file in ``<out>.parts/`` (written to a temporary name, then renamed: a part is whole or absent).
When the run ends (normally, by an error or Ctrl-C) the parts are merged into ``<out>`` itself; a run
killed outright leaves its parts, which the next run, `read_results` and ``spacetable report`` read
too. So an interruption loses at most the games in flight. Rows are unique by (``game_id``, ``seat``):
a game found twice (a merge cut short) counts once.

One run at a time writes a file: ``<out>.lock`` holds the writer's pid (a stale lock is taken over).
"""

from __future__ import annotations

import os
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from spacetable.engine.errors import ConfigError
from spacetable.sim.schema import ADDED_COLUMNS, COMMON, LAST, SCHEMA_VERSION, schema


def parts_dir(path: Path) -> Path:
    return path.with_name(path.name + ".parts")


def _check_file(path: Path, appending: bool = False) -> pa.Table:
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowInvalid) as e:
        raise ConfigError(f"{path} is not a readable Parquet file ({e})") from e
    meta = table.schema.metadata or {}
    if b"spacetable.results" not in meta:
        raise ConfigError(f"{path} is not a spacetable results file (no spacetable.results metadata)")
    version = meta[b"spacetable.results"].decode(errors="replace")
    if appending and version != SCHEMA_VERSION:
        raise ConfigError(f"{path} holds results of format {version!r}, made before the keyed generator "
                          "dealt the games: the same seeds are other games now, so a run does not add to it "
                          "(write to a new --out file; `report` still reads it)")
    want = schema()
    missing = [name for name, _, _ in COMMON + LAST if name not in table.schema.names
               and name not in ADDED_COLUMNS]
    if missing:
        raise ConfigError(f"{path} lacks the results columns {', '.join(missing[:5])}")
    for f in want:  # a column added since the file was written (or a game's, installed since): null
        if f.name not in table.schema.names:
            table = table.append_column(f.name, pa.nulls(table.num_rows, f.type))
    return table.select(want.names).cast(want)


def _unique(table: pa.Table) -> pa.Table:
    seen: set[tuple[str, int]] = set()
    keep: list[bool] = []
    for gid, seat in zip(table.column("game_id").to_pylist(), table.column("seat").to_pylist(), strict=True):
        key = (str(gid), int(seat or 0))
        keep.append(key not in seen)
        seen.add(key)
    return table if all(keep) else table.filter(pa.array(keep))


def read_results(path: str | Path, *, appending: bool = False) -> pa.Table:
    """Every row of the results at `path` (the file and any parts a killed run left); `ConfigError`
    when there are none or the file is not a results file (`appending`: or not of the current format,
    `schema.SCHEMA_VERSION`; files of older formats are read, their columns cast to the current ones)."""
    path = Path(path)
    tables = [_check_file(path, appending)] if path.is_file() else []
    parts = parts_dir(path)
    if parts.is_dir():
        tables += [_check_file(p, appending) for p in sorted(parts.glob("*.parquet"))]
    if not tables:
        if path.is_dir():
            raise ConfigError(f"{path} is a folder, not a results file")
        raise ConfigError(f"no results at {path}")
    return _unique(pa.concat_tables(tables))


class ResultsStore:
    """Appends batches of rows to a results file (see the module docstring)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise ConfigError(f"--out {self.path} is a folder; name a .parquet file")
        if not self.path.parent.is_dir():
            raise ConfigError(f"--out {self.path}: the folder {self.path.parent} does not exist")
        self.parts = parts_dir(self.path)
        self.lock = self.path.with_name(self.path.name + ".lock")
        self._take_lock()
        self._count = 0
        try:
            has_rows = self.path.is_file() or (self.parts.is_dir() and any(self.parts.glob("*.parquet")))
            self.existing = read_results(self.path, appending=True) if has_rows else schema().empty_table()
        except BaseException:
            self._release()
            raise

    def _take_lock(self) -> None:
        for _ in range(2):
            try:
                fd = os.open(self.lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                if _alive(self.lock):
                    raise ConfigError(f"another run is writing {self.path} (lock {self.lock})") from None
                self.lock.unlink(missing_ok=True)
                continue
            except OSError as e:
                raise ConfigError(f"cannot write next to {self.path} ({e.strerror or e})") from e
            with os.fdopen(fd, "w") as f:
                f.write(str(os.getpid()))
            return
        raise ConfigError(f"cannot take the lock {self.lock}")

    def _release(self) -> None:
        self.lock.unlink(missing_ok=True)

    def game_ids(self) -> set[str]:
        """Games already in the file (and its parts)."""
        return {str(g) for g in self.existing.column("game_id").to_pylist()}

    def append(self, table: pa.Table) -> None:
        """Write one finished batch durably (a new part file, renamed into place)."""
        if table.num_rows == 0:
            return
        self.parts.mkdir(exist_ok=True)
        self._count += 1
        name = f"{os.getpid()}-{self._count:06d}"
        tmp = self.parts / f".{name}.tmp"
        pq.write_table(table, tmp)
        os.replace(tmp, self.parts / f"{name}.parquet")

    def close(self) -> pa.Table:
        """Merge the parts into the file (atomically), remove them and the lock; every row."""
        try:
            if not self.parts.is_dir():
                return self.existing
            table = read_results(self.path)
            tmp = self.path.with_name(f".{self.path.name}.tmp")
            pq.write_table(table, tmp)
            os.replace(tmp, self.path)
            for p in self.parts.iterdir():
                p.unlink()
            self.parts.rmdir()
            return table
        finally:
            self._release()


def _alive(lock: Path) -> bool:
    """Whether the pid written in `lock` is a running process."""
    try:
        pid = int(lock.read_text().strip() or "0")
    except (OSError, ValueError):
        return False
    if pid <= 0 or pid == os.getpid():
        return pid == os.getpid()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
