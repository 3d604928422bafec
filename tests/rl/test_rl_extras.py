"""The RL libraries are an optional extra: `import spacetable.rl` never imports them, and an entry
point without them raises `MissingExtra` (a ConfigError) naming ``pip install 'spacetable[rl]'``."""

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

HEAVY = ("numpy", "gymnasium", "pettingzoo", "pyspiel")


def test_importing_spacetable_rl_loads_none_of_the_extra() -> None:
    code = ("import sys, spacetable, spacetable.rl, spacetable.rl.table, spacetable.rl.observations; "
            f"print([m for m in {HEAVY!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("entry", "missing"), [(pettingzoo_env, "pettingzoo"), (gymnasium_env, "gymnasium"),
                                                (register_openspiel, "pyspiel")])
def test_missing_library_names_the_extra(entry: object, missing: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # makes `import missing` fail
    with pytest.raises(MissingExtra, match=r"pip install 'spacetable\[rl\]'") as err:
        entry("highcard") if entry is not register_openspiel else entry()  # type: ignore[operator]
    assert isinstance(err.value, ConfigError)


def test_step_before_reset_is_the_projects_error() -> None:
    """The documented SpacetableEnv raises EnvNotReady (a SpacetableError, still a RuntimeError)."""
    env = SpacetableEnv("highcard")
    with pytest.raises(EnvNotReady) as err:
        env.step(0)
    assert isinstance(err.value, SpacetableError) and isinstance(err.value, RuntimeError)
