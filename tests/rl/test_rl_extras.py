"""The RL libraries are optional extras: `import spacetable.rl` never imports them, and an entry point
without them raises `MissingExtra` (a ConfigError) naming the extra to install: ``rl`` for PettingZoo
and Gymnasium, ``openspiel`` for OpenSpiel (its own extra: ~66 MB). `simulate --backend ray` without
Ray, and `serve --db postgresql…` without psycopg, name theirs in one line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from spacetable.engine.errors import ConfigError, SpacetableError
from spacetable.rl import (
    EnvNotReady,
    MissingExtra,
    SpacetableEnv,
    gymnasium_env,
    pettingzoo_env,
    register_openspiel,
)

HEAVY = ("gymnasium", "pettingzoo", "pyspiel", "ray", "psycopg")


def test_importing_spacetable_rl_loads_none_of_the_extra() -> None:
    code = ("import sys, spacetable, spacetable.rl, spacetable.rl.table, spacetable.rl.observations; "
            f"print([m for m in {HEAVY!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("entry", "missing", "extra"), [(pettingzoo_env, "pettingzoo", "rl"),
                                                         (gymnasium_env, "gymnasium", "rl"),
                                                         (register_openspiel, "pyspiel", "openspiel")])
def test_missing_library_names_the_extra(entry: object, missing: str, extra: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # makes `import missing` fail
    with pytest.raises(MissingExtra, match=rf"pip install 'spacetable\[{extra}\]'") as err:
        entry("highcard") if entry is not register_openspiel else entry()  # type: ignore[operator]
    assert isinstance(err.value, ConfigError)


def test_step_before_reset_is_the_projects_error() -> None:
    """The documented SpacetableEnv raises EnvNotReady (a SpacetableError, still a RuntimeError)."""
    env = SpacetableEnv("highcard")
    with pytest.raises(EnvNotReady) as err:
        env.step(0)
    assert isinstance(err.value, SpacetableError) and isinstance(err.value, RuntimeError)


def test_the_core_commands_import_no_extra() -> None:
    """The terminal, the server, the simulator, datasets and the policy bot load without any extra."""
    code = ("import sys; import spacetable.cli.main, spacetable.server.app, spacetable.rl.dataset, "
            "spacetable.rl.policy_bot, spacetable.sim.simulate; "
            f"print([m for m in {HEAVY!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_ray_and_postgres_without_their_extras_say_what_to_install() -> None:
    code = ("import sys; sys.modules['ray'] = None; sys.modules['psycopg'] = None; "
            "import importlib.util; importlib.util.find_spec = lambda name, *a: None; "
            "from spacetable.cli.main import app; app()")
    pg = "postgresql+psycopg://u@127.0.0.1:1/x"
    for args, extra in ((["simulate", "highcard", "--games", "1", "--backend", "ray"], "ray"),
                        (["serve", "--port", "0", "--db", pg], "postgres")):
        out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
        assert out.returncode == 2, out.stderr
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and f"pip install 'spacetable[{extra}]'" in lines[0], out.stderr
