# The two commands of the README: `make app` and `make test`. Each creates
# its own virtualenv (.venv) on first use and installs what it needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: app test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Until the browser editor lands, the app is a game in the terminal against bots.
app: $(STAMP)
	$(VENV)/bin/thunee-dsl play standard

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/bench_interpreter.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
