# Forest Table — the two commands a newcomer needs: `make run` and `make test`.
# `make test` ends by saying how many PostgreSQL tests it skipped and how to run them
# (tests/conftest.py); `make run PORT=9000` serves on another port.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
RSTAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench desktop clean fuzz

# a .venv made by a Python older than 3.11 (or whose Python is gone) would fail every
# install after it: say so in one line, with the fix
define CHECK_VENV
	@v=$$($(BIN)/python -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null); \
	case "$$v" in 3.1[1-9]|3.[2-9][0-9]|[4-9].*) ;; *) \
	  echo "Forest Table needs Python 3.11 or newer, and $(VENV) was made by Python $${v:-(one that no longer runs)}: rm -rf $(VENV), then make $(or $(MAKECMDGOALS),run) PYTHON=python3.11 (or a newer python3)" >&2; \
	  exit 1;; esac
endef

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV)
	$(CHECK_VENV)
	@$(BIN)/pip install --quiet --quiet --disable-pip-version-check --upgrade pip

# quiet installs: `make run` shows the table link within a few lines
PIP_QUIET := --quiet --quiet --disable-pip-version-check --no-warn-script-location

$(RSTAMP): pyproject.toml | $(BIN)/python
	$(CHECK_VENV)
	@echo "Installing Forest Table into $(VENV) (first run only, about a minute)..."
	@$(BIN)/pip install $(PIP_QUIET) -e . > $(VENV)/install.log 2>&1 \
	  || { cat $(VENV)/install.log; exit 1; }
	@touch $@

$(STAMP): pyproject.toml | $(BIN)/python
	$(CHECK_VENV)
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(RSTAMP)

# `make run PORT=9000`: another port (forest-table checks it is 1-65535)
PORT ?=
run: $(RSTAMP)
	$(CHECK_VENV)
	@$(BIN)/forest-table serve $(if $(PORT),--port $(PORT))

# the desktop extra (Flet's desktop client) is installed here, never by the app as it runs;
# --download-client: the window itself comes from github.com on the first run
$(VENV)/.installed-desktop: pyproject.toml $(RSTAMP)
	@$(BIN)/pip install $(PIP_QUIET) -e '.[desktop]'
	@touch $@

desktop: $(VENV)/.installed-desktop
	$(CHECK_VENV)
	$(BIN)/forest-table desktop --download-client

lint: $(STAMP)
	$(BIN)/ruff check .

# strict on the pure packages (scoring, setup, the engine app/game and each game's folder
# in app/games but its screens' pieces), on the table (app/table, app/session.py) and the UI
# (app/ui), plain on all of app/
typecheck: $(STAMP)
	$(BIN)/mypy --strict scoring setup app/game app/games --exclude 'app/games/[^/]+/ui/'
	$(BIN)/mypy --strict app/table app/session.py app/ui
	$(BIN)/mypy app

pytest: $(STAMP)
	$(BIN)/pytest -q

test: lint typecheck pytest

fuzz: $(STAMP)
	FOREST_TABLE_FUZZ=long $(BIN)/pytest -q -k fuzz tests

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
