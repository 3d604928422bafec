"""Which build runs: the pure-Python modules (the reference) or the mypyc-compiled ones (`make fast`).

`make fast` compiles the engine, the games and the bots into ``build/compiled/`` beside the package,
never next to the sources, with a manifest of the SHA-256 of every source file it was built from.
Wherever that build exists and its manifest matches the sources, every process uses it without being
asked; ``SPACETABLE_BUILD=pure`` forces the pure modules (``make test``'s first run), and
``SPACETABLE_BUILD=compiled`` insists on the compiled ones (a warning on stderr when they cannot run).
After any edit of a ``.py`` file under the compiled packages the pure modules run until `make fast` runs
again; long runs (`simulate`, `ladder`, `tune`) say so once (`pure_note`). `build()` names the build
that runs; `spacetable/__init__.py` calls `activate` before any other module of the package is imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ENV = "SPACETABLE_BUILD"
"""``pure`` forces the pure-Python modules; ``compiled`` insists on the compiled ones; unset or empty: the
compiled ones when they match the sources, else the pure ones."""
PACKAGE = Path(__file__).resolve().parent
BUILD_DIR = "build/compiled"
"""Where `make fast` puts the compiled modules, relative to the directory holding the package."""
MANIFEST = "manifest.json"
SOURCE_PACKAGES = ("engine", "games", "bots")
"""The packages whose sources the compiled build is checked against (all of their ``.py`` files)."""

_active = False
_why_pure = ""
"""Why the pure modules run although nobody asked for them ("" when compiled runs or pure was asked)."""


def build_dir() -> Path:
    return PACKAGE.parent / BUILD_DIR


def source_hashes() -> dict[str, str]:
    """SHA-256 of every source file of the compiled packages, by path relative to the package's parent."""
    out: dict[str, str] = {}
    for name in SOURCE_PACKAGES:
        for path in sorted((PACKAGE / name).rglob("*.py")):
            out[path.relative_to(PACKAGE.parent).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def _abi() -> str:
    return f"{sys.implementation.cache_tag}-{importlib.machinery.EXTENSION_SUFFIXES[0]}"


def write_manifest(out: Path, compiled: Sequence[str], hashes: dict[str, str]) -> None:
    """Record what `make fast` built: the extension file of each module and the sources it came from."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    # the modules just built, and mypyc's shared library that holds their code (a top-level module);
    # an extension left over from an earlier list of modules is not listed, so it is never loaded
    wanted = [p[: -len(".py")] + suffix for p in compiled] + [p.name for p in out.glob(f"*__mypyc{suffix}")]
    missing = [rel for rel in wanted if not (out / rel).is_file()]
    if missing:
        raise RuntimeError(f"the build produced no {', '.join(missing)}")
    modules = {rel[: -len(suffix)].replace("/", "."): rel for rel in wanted}
    data = {"abi": _abi(), "modules": dict(sorted(modules.items())), "sources": hashes}
    (out / MANIFEST).write_text(json.dumps(data, indent=1) + "\n")


def check() -> tuple[dict[str, Path], str]:
    """The compiled modules by name, usable now, or none and the reason why not."""
    out = build_dir()
    try:
        data = json.loads((out / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}, f"no compiled build in {out} (run `make fast`)"
    if data.get("abi") != _abi():
        return {}, f"the compiled build in {out} is for another Python ({data.get('abi')}); run `make fast`"
    now = source_hashes()
    old: dict[str, str] = data.get("sources", {})
    changed = sorted(p for p in now.keys() | old.keys() if now.get(p) != old.get(p))
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        return {}, (f"the compiled build in {out} is stale ({', '.join(changed[:3])}{more} changed since "
                    "`make fast`)")
    return {name: out / rel for name, rel in data["modules"].items()}, ""


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the listed modules as extensions in the build directory; everything else as usual."""

    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.modules.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def activate() -> None:
    """Put the compiled modules in front of the pure ones when they match the sources, unless
    ``SPACETABLE_BUILD=pure`` asks for the pure ones; when ``SPACETABLE_BUILD=compiled`` asked and they
    cannot run, say on stderr why the pure modules run."""
    global _active, _why_pure
    wanted = os.environ.get(ENV, "").strip().lower()
    if _active or wanted == "pure":
        return
    if wanted not in ("", "compiled"):
        print(f"spacetable: {ENV} must be 'compiled' or 'pure', not {wanted!r}; running pure Python",
              file=sys.stderr)
        return
    modules, reason = check()
    if not modules:
        if wanted == "compiled":
            print(f"spacetable: {reason}; running the pure-Python modules", file=sys.stderr)
        else:
            _why_pure = reason
        return
    sys.meta_path.insert(0, _CompiledFinder(modules))
    _active = True


def pure_note() -> str:
    """One line for a long run on the pure build that nobody asked for: why, and how to get the faster
    compiled build ("" when the compiled build runs or ``SPACETABLE_BUILD=pure`` was asked)."""
    if not _why_pure or build() == "compiled":
        return ""
    how = "" if "make fast" in _why_pure else "; `make fast` builds it"
    return (f"spacetable: running the pure-Python build: {_why_pure}{how} (several times faster; every "
            "command then uses it)")


def is_compiled(module: ModuleType) -> bool:
    """True when `module` was loaded from a compiled extension, not from its ``.py`` source."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def compiled_modules() -> list[str]:
    """Names of the package's modules imported so far from compiled extensions."""
    return sorted(name for name, m in list(sys.modules.items())
                  if name.startswith("spacetable.") and is_compiled(m))


def build() -> str:
    """``"compiled"`` when the engine runs compiled in this process, else ``"pure"`` (`bench --json`)."""
    from spacetable.engine import state

    return "compiled" if is_compiled(state) else "pure"
