# yakubook: `make` builds everything, `make test` checks everything.
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all build site test serve clean house-rules-engine pyodide

all: house-rules-engine

$(STAMP): pyproject.toml requirements.lock
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c requirements.lock --config-settings editable_mode=compat -e '.[test]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/yakubook build

site: build
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet -f site/mkdocs.yml

test: $(STAMP) pyodide
	$(BIN)/yakubook build --check
	$(BIN)/ruff check .
	$(BIN)/pytest -q

serve: house-rules-engine
	$(BIN)/yakubook serve

clean:
	rm -rf site/public .pytest_cache

# The house-rules page's engine (#14): Pyodide (pinned, fetched once with npm into build/)
# and a zip of yaku/ + generated/, written into site/public after MkDocs has built it.
house-rules-engine: site
	$(PY) -m render.house_rules_engine

pyodide: $(STAMP)
	$(PY) -m render.house_rules_engine --fetch-only
