"""Terminal tests never write into the person's own save folder: saves without --save go to tmp."""

from __future__ import annotations

from pathlib import Path

import pytest

from spacetable.cli.saves import SAVE_DIR_ENV


@pytest.fixture(autouse=True)
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv(SAVE_DIR_ENV, str(folder))
    return folder
