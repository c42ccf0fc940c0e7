# The two commands of the README: `make app` and `make test`. Each creates
# its own virtualenv (.venv) on first use and installs what it needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: app test bench screenshots clean accel

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The compiled build of the engine's hot modules (optional, same source: build_accel.py), brought up to
# date before test and bench (only modules edited since are compiled again). Without a C compiler
# or Cython it says so in one line and the pure Python modules are used; THUNEE_DSL_PURE=1 uses them anyway.
# `make app` never waits for it: the app starts at once and the build runs beside it, in the background
# at the lowest priority (its line goes to build/accel.log), first without the profile (usable in about a
# third of the time: --plain-first), then profile-guided; the app's workers take up each build as it is
# written, between two comparisons (thunee_dsl/editor/pool.py), and until then a new app's first comparison
# is sized to answer within 10 s on the pure engine (docs/performance.md, "A new user's first Compare").
# The build is profile-guided (compiled with counters, a few seconds of games, compiled again with them);
# ACCEL_FLAGS=--no-pgo compiles once, without the training (under half the time; typical games ~8% slower).
JOBS ?= 2
ACCEL_FLAGS ?=
accel: $(STAMP)
	@$(PY) build_accel.py -j $(JOBS) $(ACCEL_FLAGS)

# The variant editor in the browser (Streamlit): http://localhost:$(PORT). It asks nothing on a first
# run, with a terminal or without (its settings: editor/.streamlit/config.toml). ADDRESS=0.0.0.0 serves
# it to the phones at the table too.
PORT ?= 8501
ADDRESS ?= localhost
app: $(STAMP)
	@mkdir -p build && (nice -n 19 $(PY) build_accel.py -j $(JOBS) --plain-first $(ACCEL_FLAGS) > build/accel.log 2>&1 &) ; \
	  echo "compiled build: brought up to date in the background (build/accel.log); the app starts now"
	$(VENV)/bin/thunee-dsl editor --port $(PORT) --address $(ADDRESS)

# `make test` builds without the profile (compiled once: the tests need the compiled build's behaviour, not
# its last 8% of speed; tests/packaging/test_accel.py keeps a build as it was made) and runs the suite on
# $(JOBS) cores (pytest-xdist; each test module runs whole on one worker: tests/conftest.py).
# TEST_FLAGS= runs it in one process.
TEST_ACCEL_FLAGS ?= --no-pgo
TEST_FLAGS ?= -n $(JOBS) --dist loadscope
test: $(STAMP)
	@$(PY) build_accel.py -j $(JOBS) $(TEST_ACCEL_FLAGS)
	$(PY) -m pytest $(TEST_FLAGS) --durations=30

# Screenshots of every page of the editor into docs/screenshots/ (needs chromium).
screenshots: $(STAMP)
	$(PY) editor/screenshots.py

bench: $(STAMP) accel
	$(PY) benchmarks/bench_interpreter.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
