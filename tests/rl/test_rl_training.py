"""The training example (examples/train_highcard.py) reaches a 70 % win rate against random bots.
Slow (minutes of CPU): only with ``pytest -m slow``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_highcard.py"


@pytest.mark.slow
def test_training_example_beats_random() -> None:
    spec = importlib.util.spec_from_file_location("train_highcard", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--games", "1000", "--mcts-games", "20", "--json"])
    assert result["win_rate"]["random"] >= 0.70, result
