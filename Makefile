# Quick start: `make play` (the lobby in the browser) and `make test` (lint, type-check, test).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: play test lint typecheck unit bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@ $(STAMP)

# The web server on the embedded SQLite database; prints the URL and opens the lobby in a browser
# where one is available. The terminal game is `spacetable play moonrakers`.
play: $(STAMP)
	$(BIN)/spacetable serve --open

test: $(DEVSTAMP)
	$(BIN)/ruff check spacetable tests benchmarks examples
	$(BIN)/mypy
	$(BIN)/pytest -n 2

lint: $(DEVSTAMP)
	$(BIN)/ruff check spacetable tests benchmarks examples

typecheck: $(DEVSTAMP)
	$(BIN)/mypy

unit: $(DEVSTAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/spacetable bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
