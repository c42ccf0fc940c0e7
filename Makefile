# The two commands of the README: `make app` and `make test`. Each creates
# its own virtualenv (.venv) on first use and installs what it needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: app test bench screenshots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The variant editor in the browser (Streamlit): http://localhost:$(PORT)
PORT ?= 8501
app: $(STAMP)
	$(VENV)/bin/thunee-dsl editor --port $(PORT)

test: $(STAMP)
	$(PY) -m pytest

# Screenshots of every page of the editor into docs/screenshots/ (needs chromium).
screenshots: $(STAMP)
	$(PY) editor/screenshots.py

bench: $(STAMP)
	$(PY) benchmarks/bench_interpreter.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
