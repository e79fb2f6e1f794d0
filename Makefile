# yakubook: `make` builds everything, `make test` checks everything.
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all build site test serve clean

all: site

$(STAMP): pyproject.toml requirements.lock
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c requirements.lock --config-settings editable_mode=compat -e '.[test]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/yakubook build

site: build
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet -f site/mkdocs.yml

test: $(STAMP)
	$(BIN)/yakubook build --check
	$(BIN)/ruff check .
	$(BIN)/pytest -q

serve: site
	$(BIN)/yakubook serve

clean:
	rm -rf site/public .pytest_cache
