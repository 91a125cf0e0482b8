# Every target sets itself up: a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.stud-installed

.PHONY: run test lint typecheck unit docs cli-docs bench bench-sim bench-server clean terminal-tools web-tools messages

$(STAMP): pyproject.toml setup.py src/stud/evaluation/_cfast.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@echo "compiling the kernels once, into numba's on-disk cache"
	$(BIN)/python -m stud.compiled.warmup
	touch $(STAMP)

# The cardroom on 127.0.0.1:8000: tables of stud8, stud and razz with bots
# (docs/cardroom.md). `stud play` still plays in the terminal.
run: $(STAMP)
	$(BIN)/stud serve --host 127.0.0.1 --port 8000

# The page's words: extract them (babel.cfg: the Python, the page's scripts and HTML)
# into the template, and update each language's catalogue from it; translators then
# fill the new empty msgstr (docs/translations.md). The page reads the .po files as
# they are, so there is nothing to compile.
KEYWORDS := -k N_ -k NC_:1c,2 -k n_:1,2 -k p_:1c,2
messages: $(STAMP)
	PYTHONPATH=src $(BIN)/pybabel extract -F babel.cfg $(KEYWORDS) --no-location --sort-output \
	  --project stud --copyright-holder stud -o src/stud/locale/messages.pot src
	$(BIN)/pybabel update -D messages -i src/stud/locale/messages.pot -d src/stud/locale \
	  --ignore-obsolete --no-fuzzy-matching --width 100

lint: $(STAMP)
	$(BIN)/ruff format --check src tests benchmarks examples
	$(BIN)/ruff check src tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

unit: $(STAMP) terminal-tools web-tools
	$(BIN)/pytest -q

# The terminal test plays `stud play` under tmux. Install tmux where it is missing and
# we can (root with apt-get, as on CI); elsewhere say so, and that one test skips.
terminal-tools:
	@command -v tmux >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing tmux for the terminal test"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null; \
	  else \
	    echo "note: tmux is missing; install it to run the terminal test" >&2; \
	  fi; }

# The cardroom's tests drive Debian's chromium through Playwright (its own browser
# download is not used) and start a throw-away PostgreSQL. Install both where they
# are missing and we can (root with apt-get); elsewhere say so, and those tests skip.
# npm's axe-core (package.json) goes into node_modules the same way.
web-tools:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing$$missing for the cardroom tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "note:$$missing missing; install to run the browser and PostgreSQL tests" >&2; \
	  fi; \
	fi
	@# axe-core (package.json) checks the pages' accessibility in the browser tests.
	@if [ ! -f node_modules/axe-core/axe.min.js ]; then \
	  if command -v npm >/dev/null 2>&1; then \
	    npm install --no-audit --no-fund --silent; \
	  else \
	    echo "note: npm missing; install it (Debian's npm) to run the accessibility tests" >&2; \
	  fi; \
	fi

# The documentation site (mkdocs.yml: the guides in docs/ and the API reference
# mkdocstrings makes from the code), built strictly into a throw-away folder, so a
# broken link or reference fails. `mkdocs serve` shows it while writing.
docs: $(STAMP)
	@site=$$(mktemp -d) && \
	$(BIN)/mkdocs build --strict --quiet --site-dir "$$site"; status=$$?; \
	rm -rf "$$site"; exit $$status

# docs/cli.md again from `stud <command> --help` (a test fails while they differ).
cli-docs: $(STAMP)
	$(BIN)/python tests/docs/cli_reference.py

test: lint typecheck docs unit

# Hand evaluation speed next to eval7, phevaluator, treys and pokerkit
# (docs/performance.md). The peers are benchmark-only extras, installed here.
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench_eval.py

# Simulation speed next to pokerkit, and --jobs scaling (docs/performance.md).
bench-sim: $(STAMP)
	$(BIN)/python benchmarks/bench_sim.py --jobs-scaling

# The cardroom under load: p50/p99 action round trips, hands per minute, memory
# (docs/performance.md).
bench-server: $(STAMP)
	$(BIN)/python benchmarks/bench_server.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
