# yakubook: `make` builds everything, `make test` checks everything.
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# System packages the build and the tests need, each found by a probe (overridable, so a
# test can point a probe at a path that does not exist and see what `make` would do).
PYTHON ?= python3
CHROMIUM ?= /usr/bin/chromium-headless-shell
CJK_FONT ?= /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
APT_GET ?= apt-get
# The C accelerator (yakubook/engine/_speedups.c) compiles with gcc against the Python's headers.
C_COMPILER ?= gcc
PYTHON_H ?= $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)/Python.h
USER_ID ?= $(shell id -u)
# An environment with PYTHONDONTWRITEBYTECODE=1 (this machine's has it) makes every pytest
# worker compile every module and rewrite every test's asserts again on each run, a tenth of
# the fast suite's time: byte code is written, under .venv/pycache, out of the source tree.
export PYTHONDONTWRITEBYTECODE :=
export PYTHONPYCACHEPREFIX := $(CURDIR)/$(VENV)/pycache
# pytest workers (pytest-xdist): one per core of the machine this project is sized for.
TEST_JOBS ?= 2

.PHONY: all system build site test fast serve clean house-rules-engine pyodide axe-core dist

all: house-rules-engine axe-core

# Debian's chromium-headless-shell drives the browser tests; a CJK font lets it draw the pages' text; the
# venv needs python3-venv; gcc and the Python headers build the C accelerator. Missing ones are installed with apt-get when run as root;
# otherwise one line says the exact command, and make stops.
system:
	@missing=""; \
	$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || missing="$$missing python3-venv"; \
	test -x "$(CHROMIUM)" || missing="$$missing chromium-headless-shell"; \
	test -e "$(CJK_FONT)" || missing="$$missing fonts-wqy-microhei"; \
	command -v "$(C_COMPILER)" >/dev/null 2>&1 || missing="$$missing gcc"; \
	test -e "$(PYTHON_H)" || missing="$$missing python3-dev"; \
	if [ -n "$$missing" ]; then \
	  if [ "$(USER_ID)" = 0 ]; then \
	    echo "installing system packages:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive $(APT_GET) update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "error: missing system packages:$$missing; install them with: sudo apt-get update && sudo apt-get install -y$$missing" >&2; \
	    exit 1; \
	  fi; \
	fi

# The venv: the builder (the `build` extra) and the test tools (the `test` dependency group,
# kept out of the wheel's metadata; pip >= 25.1 reads it), at requirements.lock's versions.
$(STAMP): pyproject.toml setup.py requirements.lock yakubook/engine/_speedups.c | system
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c requirements.lock -e '.[build]' --group test
	touch $(STAMP)

build: system $(STAMP)
	$(BIN)/yakubook build

# two MkDocs builds at once, one per edition: the English one (its own language and search)
# into public/en (yakubook/serve.py's build_site)
site: build
	$(BIN)/python -m yakubook.serve

# The fast suite alone (no whole builds, no 100,000-hand runs, one browser only for the
# house-rules page's scripts with a stand-in for Pyodide), for developing.
fast: system $(STAMP)
	$(BIN)/pytest -q -n $(TEST_JOBS) --dist loadgroup -m "not slow"

test: system $(STAMP) pyodide axe-core
	$(BIN)/yakubook build --check
	$(BIN)/ruff check .
	$(BIN)/pytest -q -n $(TEST_JOBS) --dist loadgroup --durations=30
	# The engine suite again on the pure-Python engine (the reference, what the browser runs):
	# the run above used the C accelerator yakubook.engine._speedups (yakubook/engine/_accel.py). Its slow tests
	# (the 100,000-hand score differential …) ran above on the C engine, and the engines
	# differential (tests/yaku/test_engines_differential.py) holds both engines equal.
	YAKUBOOK_PURE=1 $(BIN)/pytest -q -n $(TEST_JOBS) -m "not slow" tests/engine

serve: house-rules-engine
	$(BIN)/yakubook serve

clean:
	rm -rf site/public .pytest_cache dist

# What goes to PyPI: the sdist and the platform wheel (with the C accelerator), repaired by
# auditwheel to the manylinux tag PyPI accepts (the accelerator links no library beyond
# the Python it runs in, so the oldest manylinux policy fits).
dist: build
	rm -rf dist
	$(PY) -m build --no-isolation --outdir dist .
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/auditwheel repair --wheel-dir dist dist/yakubook-*-linux_*.whl
	rm dist/yakubook-*-linux_*.whl

# The house-rules page's engine (#14): Pyodide (pinned, fetched once with npm into build/)
# and the project's wheel (python -m build), written into site/public after MkDocs has built it.
house-rules-engine: site
	$(PY) -m render.house_rules_engine

pyodide: $(STAMP)
	$(PY) -m render.house_rules_engine --fetch-only

# axe-core (#25): the accessibility checker the browser test injects into every kind of
# page; pinned and fetched once with npm into build/, like Pyodide.
axe-core: $(STAMP)
	$(PY) -m render.npm_package axe-core
