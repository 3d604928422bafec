# Quick start: `make play` (play a game) and `make test` (lint, type-check, test).
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

play: $(STAMP)
	$(BIN)/spacetable play moonrakers --players 4 --humans 1

test: $(DEVSTAMP)
	$(BIN)/ruff check spacetable tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2

lint: $(DEVSTAMP)
	$(BIN)/ruff check spacetable tests benchmarks

typecheck: $(DEVSTAMP)
	$(BIN)/mypy

unit: $(DEVSTAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/spacetable bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
