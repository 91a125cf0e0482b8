# Every target sets itself up: a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.stud-installed

.PHONY: run test lint typecheck unit bench bench-sim clean terminal-tools

$(STAMP): pyproject.toml setup.py src/stud/evaluation/_cfast.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@echo "compiling the kernels once, into numba's on-disk cache"
	$(BIN)/python -m stud.warmup
	touch $(STAMP)

# Sit at a table against bots; q between hands leaves (see README, "Play in the terminal").
run: $(STAMP)
	$(BIN)/stud play --variant stud8 --players 6 --stakes 1/1/5/10 --stack 200

lint: $(STAMP)
	$(BIN)/ruff format --check src tests benchmarks examples
	$(BIN)/ruff check src tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

unit: $(STAMP) terminal-tools
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

test: lint typecheck unit

# Hand evaluation speed next to eval7, phevaluator, treys and pokerkit (README,
# "Hand evaluation speed"). The peers are benchmark-only extras, installed here.
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench_eval.py

# Simulation speed next to pokerkit, and --jobs scaling (README, "Bots and simulation").
bench-sim: $(STAMP)
	$(BIN)/python benchmarks/bench_sim.py --jobs-scaling

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
