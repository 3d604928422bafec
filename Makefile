# Quick start: `make play` (the lobby in the browser) and `make test` (lint, type-check, test).
# `make fast` builds the compiled modules (mypyc) that every command then uses (SPACETABLE_BUILD=pure: not).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
FASTSTAMP := $(VENV)/.installed-fast
# The second test run, on the compiled build: the engine, game and bot tests (docs/performance.md, Builds).
COMPILED_TESTS := tests/engine tests/games tests/bots

.PHONY: play test lint typecheck unit test-compiled fast bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@ $(STAMP) $(FASTSTAMP)

$(FASTSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[fast]'
	touch $@ $(STAMP)

# The web server on the embedded SQLite database; prints the URL and opens the lobby in a browser
# where one is available. The terminal game is `spacetable play moonrakers`.
play: $(STAMP)
	$(BIN)/spacetable serve --open

# The whole suite on the pure build, then the engine, game and bot tests again on the compiled one.
test: $(DEVSTAMP)
	$(BIN)/ruff check spacetable tests benchmarks examples tools/build_compiled.py
	$(BIN)/mypy
	$(BIN)/mypy examples
	SPACETABLE_BUILD=pure $(BIN)/pytest -n 2
	$(MAKE) --no-print-directory test-compiled

lint: $(DEVSTAMP)
	$(BIN)/ruff check spacetable tests benchmarks examples tools/build_compiled.py

typecheck: $(DEVSTAMP)
	$(BIN)/mypy
	$(BIN)/mypy examples

unit: $(DEVSTAMP)
	SPACETABLE_BUILD=pure $(BIN)/pytest -n 2

test-compiled: $(DEVSTAMP) fast
	SPACETABLE_BUILD=compiled $(BIN)/pytest -n 2 $(COMPILED_TESTS)

# mypyc-compile the engine, the games and the bots into build/compiled/ (nothing to do when it matches
# the sources; after an edit only the changed modules' C is recompiled). Every command uses it while it
# matches the sources; SPACETABLE_BUILD=pure spacetable ... runs the pure modules.
fast: $(FASTSTAMP)
	$(BIN)/python tools/build_compiled.py

bench: fast
	SPACETABLE_BUILD=compiled $(BIN)/spacetable bench

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
