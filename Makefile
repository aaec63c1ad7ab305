# The learner's loop is `make test`; everything installs itself into .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DIR    ?= kata-workspace
LEVEL  ?= model
# Passed to the shell through the environment, so a folder may hold spaces, quotes or `;`.
kata: export KATA_DIR = $(value DIR)
kata: export KATA_LEVEL = $(value LEVEL)
kata: export KATA_CONSTRAINT = $(value CONSTRAINT)
kata: export KATA_MINUTES = $(or $(value MINUTES),2)

.PHONY: test quick features lint format bench play watch kata docs mutate clean

# uv, from the package index like the rest, installs the tools in a third of pip's time; pip
# stays in .venv for the targets below and for the tests that install as a user does.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[dev]'
	touch $(STAMP)

## test: the features, unit tests and doctests in one pytest run on every core and one worker
## more (pytest-xdist), with branch coverage of euchre/ (100% required); JOBS=0 runs them in
## one process, no workers.
## The browser tests' Chromium it gets first: the system's (/usr/bin/chromium), else Debian's
## package where apt can install it (as root or with sudo without a password), else Playwright's
## own (tests/browser.py)
# One worker more than the cores: the end-to-end tests wait on servers, browsers and timers,
# and the extra worker keeps the cores busy meanwhile (on 2 cores, 126 s against 139 s).
JOBS ?= $(shell $(PYTHON) -c "import os; print(os.cpu_count() + 1)")
# This machine's environment may turn bytecode caching off; pytest's rewritten test modules
# and every import are then compiled again on each run. The caches stay in __pycache__/.
test: export PYTHONDONTWRITEBYTECODE =
# worksteal: a worker that runs out of tests takes some of the other's, so one long test (a wheel
# install, a thorough property) does not leave a core idle at the end.
test: $(STAMP)
	$(BIN)/python -m tests.browser
	$(BIN)/pytest -n $(JOBS) --dist worksteal --cov --cov-report=term-missing:skip-covered -q $(ARGS)

## quick: the unit tests, features and doctests alone: no end-to-end test (`-m e2e`: a browser,
## the built wheel, a terminal, whole processes, the kata walked through) and no coverage
quick: export PYTHONDONTWRITEBYTECODE =
quick: $(STAMP)
	$(BIN)/pytest -n $(JOBS) -m "not e2e" -q $(ARGS)

## features: only the features, by name, without coverage: the quickest loop
features: $(STAMP)
	$(BIN)/pytest step_defs -v $(ARGS)

## lint: ruff (lint and format) and mypy --strict
lint: $(STAMP)
	$(BIN)/ruff check euchre step_defs tests bench
	$(BIN)/ruff format --check euchre step_defs tests bench
	$(BIN)/mypy euchre step_defs bench
	$(BIN)/mypy --platform win32 euchre/kata/coach
	cd euchre/kata/skeleton && ../../../$(BIN)/mypy --strict --no-incremental euchre

## format: let ruff fix what it can
format: $(STAMP)
	$(BIN)/ruff check --fix euchre step_defs tests bench
	$(BIN)/ruff format euchre step_defs tests bench

## play: play a game at South, a bot partner against two bots (ARGS='--level expert'; the levels
## are easy, basic, normal, expert); hint and help at any prompt; Ctrl-C (status 130) is an end
play: $(STAMP)
	@trap true INT; $(BIN)/euchre play $(ARGS) || { status=$$?; [ $$status -eq 130 ] || exit $$status; }

## watch: four bots play a game while you watch, paced (ARGS='--delay 0.3 --level expert')
watch: $(STAMP)
	@trap true INT; $(BIN)/euchre play --watch $(ARGS) || { status=$$?; [ $$status -eq 130 ] || exit $$status; }

## kata: make a practice workspace in DIR (default kata-workspace), at LEVEL model, steps,
## examples or stories;
## CONSTRAINT=baby-steps (MINUTES=2) or CONSTRAINT=predict, as at a coderetreat
kata: $(STAMP)
	@$(BIN)/euchre kata new "$$KATA_DIR" --level "$$KATA_LEVEL" --constraint "$$KATA_CONSTRAINT" --minutes "$$KATA_MINUTES"

## docs: run the scenarios and render them as one page, build/living-documentation.html
docs: $(STAMP)
	mkdir -p build
	-$(BIN)/pytest step_defs -q -p no:cacheprovider --cucumberjson=build/cucumber.json
	$(BIN)/euchre kata docs --results build/cucumber.json --out build/living-documentation.html

## bench: random self-play hands/s, the engine against OpenSpiel's C++ Euchre side by side, the
## median of 5 alternating runs each; OpenSpiel is the bench extra (.venv/bin/pip install -e
## '.[bench]'), or ARGS='--openspiel-python PATH'; without it, the engine alone, and it says so
bench: $(STAMP)
	$(BIN)/python bench/engine.py $(ARGS)

## bench-examples: what the wrong-model check costs a run at level examples (the kata's own
## examples of stages 1 to 5 written one at a time into a fresh workspace)
.PHONY: bench-examples
bench-examples: $(STAMP)
	$(BIN)/python bench/examples_check.py $(ARGS)

## bench-runs: what keeping each run's code costs a workspace's loop (the median of 200 runs)
.PHONY: bench-runs
bench-runs: $(STAMP)
	$(BIN)/python bench/run_recording.py $(ARGS)

## bench-bots: the levels in whole games, minutes not seconds: win rate with its Wilson 95%
## interval, decision times; ARGS='--games 1000 --ns normal --ew basic' chooses another match
.PHONY: bench-bots
bench-bots: $(STAMP)
	$(BIN)/python -m euchre.measure.match $(or $(ARGS),--games 400 --ns expert --ew basic --seed 1 --jobs 2)

## mutate: mutation testing with cosmic-ray, minutes, not in CI: the core against the features
## alone, the rules modules against the suite; sessions in build/mutation/, then mutation/report.py
MUTATE := $(VENV)/.mutate
$(MUTATE): $(STAMP) pyproject.toml
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev,mutate]'
	touch $(MUTATE)

mutate: $(MUTATE)
	$(BIN)/python mutation/run.py $(ARGS)

## dojo: the dojo dashboard, every pair's lights live on one page (ARGS='--lan --port 8000')
.PHONY: dojo
DOJO := $(VENV)/.dojo
$(DOJO): $(STAMP) pyproject.toml
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev,dojo]'
	touch $(DOJO)

dojo: $(DOJO)
	$(BIN)/euchre dojo serve $(ARGS)

clean:
	rm -rf $(VENV) .coverage .pytest_cache .mypy_cache .ruff_cache .hypothesis
