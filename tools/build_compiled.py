"""Build the compiled modules (`make fast`): mypyc-compile the modules listed in pyproject.toml
([tool.spacetable.compiled]) into build/compiled/, away from the sources, with a manifest of the
source hashes they were built from (spacetable/buildinfo.py checks it at import; docs/performance.md).

`--out DIR` builds a private copy instead: the package, pyproject.toml and this script are copied into
DIR (a later copy replaces only the files that changed, and DIR/build keeps the objects, so rebuilds
are incremental) and built there, into DIR/build/compiled. ``PYTHONPATH=DIR SPACETABLE_BUILD=compiled``
then runs that build, which later edits of the working tree neither replace nor make stale (its
manifest checks DIR's sources). `--force` rebuilds even when the build matches the sources.
"""

from __future__ import annotations

import glob
import importlib
import os
import resource
import sys
import time
import tomllib
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spacetable import buildinfo  # noqa: E402


def compiled_paths() -> list[str]:
    """The source files to compile, from the patterns in pyproject.toml (package __init__ files stay pure)."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["spacetable"]["compiled"]
    paths: set[str] = set()
    for pattern in conf["modules"]:
        paths.update(p.relative_to(ROOT).as_posix() for p in ROOT.glob(pattern))
    for pattern in conf.get("exclude", []):
        paths.difference_update(p.relative_to(ROOT).as_posix() for p in ROOT.glob(pattern))
    return sorted(p for p in paths if not p.endswith("/__init__.py"))


def _compile_in_parallel(jobs: int) -> None:
    """Let setuptools compile the C files of one extension `jobs` at a time (mypyc writes one C file
    per module into one shared library, which setuptools would otherwise compile one after another)."""
    from multiprocessing.pool import ThreadPool

    import setuptools  # noqa: F401  (first: it puts its own distutils in place)

    ccompiler = importlib.import_module("distutils.ccompiler")

    def compile(self: Any, sources: list[str], output_dir: str | None = None, macros: Any = None,
                include_dirs: Any = None, debug: bool = False, extra_preargs: Any = None,
                extra_postargs: Any = None, depends: Any = None) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            src, ext = build[obj]
            self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

        # mypyc rewrites only the C files whose content changed: an object newer than its C file and
        # than every header is kept (incremental `make fast`)
        headers = max((os.path.getmtime(h) for d in {os.path.dirname(src) for src, _ in build.values()}
                       for h in glob.glob(os.path.join(d, "*.h"))), default=0.0)
        stale = [o for o in objects if not os.path.exists(o)
                 or os.path.getmtime(o) < max(os.path.getmtime(build[o][0]), headers)]
        # the largest files first, so that no long compile starts last
        order = sorted(stale, key=lambda o: -os.path.getsize(build[o][0]))
        with ThreadPool(jobs) as pool:
            list(pool.imap_unordered(one, order))
        return list(objects)

    ccompiler.CCompiler.compile = compile


def build_private(out: Path, force: bool) -> None:
    """Copy the sources into `out` and build them there (`--out`)."""
    import filecmp
    import shutil
    import subprocess

    out.mkdir(parents=True, exist_ok=True)
    for rel in ("pyproject.toml", "tools/build_compiled.py"):
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, out / rel)
    src, dst = ROOT / "spacetable", out / "spacetable"
    for path in sorted(src.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        target = dst / path.relative_to(src)
        if not target.exists() or not filecmp.cmp(path, target, shallow=False):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    for path in sorted(dst.rglob("*.py")):  # a source removed from the tree leaves the copy too
        if not (src / path.relative_to(dst)).exists():
            path.unlink()
    cmd = [sys.executable, str(out / "tools" / "build_compiled.py")] + (["--force"] if force else [])
    raise SystemExit(subprocess.run(cmd, cwd=out, check=False).returncode)


def main() -> None:
    args = sys.argv[1:]
    if "--out" in args:
        i = args.index("--out")
        if i + 1 >= len(args):
            raise SystemExit("usage: build_compiled.py [--force] [--out DIR]")
        out = Path(args[i + 1]).resolve()
        if out == ROOT:
            raise SystemExit("--out: give a directory other than the repository")
        build_private(out, "--force" in args)
    from mypyc.build import mypycify
    from setuptools import setup

    os.chdir(ROOT)
    paths = compiled_paths()
    built, reason = buildinfo.check()
    if "--force" not in sys.argv and not reason and set(built) >= {p[:-3].replace("/", ".") for p in paths}:
        print(f"the compiled build in {buildinfo.BUILD_DIR} matches the sources")
        return
    out = ROOT / buildinfo.BUILD_DIR
    (out / buildinfo.MANIFEST).unlink(missing_ok=True)  # no process may pair new extensions with old hashes
    tmp = Path("build", "mypyc")  # relative: the objects do not depend on where the clone is
    start = time.perf_counter()
    manifest = buildinfo.source_hashes()  # hashed before compiling: an edit during the build makes it stale
    ext = mypycify(paths, opt_level=os.environ.get("SPACETABLE_MYPYC_OPT", "3"), target_dir=str(tmp / "c"),
                   multi_file=True)
    _compile_in_parallel(int(os.environ.get("SPACETABLE_BUILD_JOBS", os.cpu_count() or 1)))
    warnings.filterwarnings("ignore", message=".*tool.setuptools.*beta")  # our pyproject's package data
    setup(name="spacetable-compiled", ext_modules=ext, py_modules=[], packages=[],
          script_args=["-q", "build_ext", "--build-lib", str(out), "--build-temp", str(tmp / "obj")])
    buildinfo.write_manifest(out, paths, manifest)
    took = time.perf_counter() - start
    cpu = sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
              for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    print(f"compiled {len(paths)} modules into {buildinfo.BUILD_DIR} in {took:.0f} s ({cpu:.0f} s of CPU)")


if __name__ == "__main__":
    main()
