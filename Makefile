# Forest Table — the two commands a newcomer needs: `make run` and `make test`.
# `make test` ends by saying how many PostgreSQL tests it skipped and how to run them
# (tests/conftest.py); `make run PORT=9000` serves on another port.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
RSTAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench fuzz desktop clean

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/pip install --quiet --quiet --disable-pip-version-check --upgrade pip

# quiet installs: `make run` shows the table link within a few lines
PIP_QUIET := --quiet --quiet --disable-pip-version-check --no-warn-script-location

$(RSTAMP): pyproject.toml | $(BIN)/python
	@echo "Installing Forest Table into $(VENV) (first run only, about a minute)..."
	@$(BIN)/pip install $(PIP_QUIET) -e . > $(VENV)/install.log 2>&1 \
	  || { cat $(VENV)/install.log; exit 1; }
	@touch $@

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(RSTAMP)

# `make run PORT=9000`: another port (forest-table checks it is 1-65535)
PORT ?=
run: $(RSTAMP)
	@$(BIN)/forest-table serve $(if $(PORT),--port $(PORT))

desktop: $(RSTAMP)
	$(BIN)/forest-table desktop

lint: $(STAMP)
	$(BIN)/ruff check .

# strict on the pure packages (scoring, setup, the engine app/game and each game's folder
# in app/games but its screens' pieces), plain on all of app/
typecheck: $(STAMP)
	$(BIN)/mypy --strict scoring setup app/game app/games --exclude 'app/games/[^/]+/ui/'
	$(BIN)/mypy app

pytest: $(STAMP)
	$(BIN)/pytest -q

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python -m benchmarks

fuzz: $(STAMP)
	FOREST_TABLE_FUZZ=long $(BIN)/pytest -q -k fuzz tests

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
