# Conflict Table — the task runner.
#
#   make serve   set up, then serve the site on http://127.0.0.1:8000 (live reload)
#   make check   set up, then the static checks (ruff, tsc) and the JS unit tests (node --test), in seconds
#   make test    set up, check, then run every test (CPython, doctests, the Pyodide leg, Chromium, WebKit)
#   make test-fast  set up, check, then every test but the browser ones (pytest -m "not browser")
#   make test-held  the whole suite held to half a core (CORES=0.5), as a slow or busy machine runs it
#   make build   set up, then build the site into site/ (strict)
#   make build-zensical / serve-zensical   the same with Zensical, Material's successor, then the post-build command
#   make bench   set up, then run the seven speed benchmarks (figures, not pass/fail; benchmarks/README.md)
#   make audit   set up, then run Lighthouse on three pages (the four category scores)
#   make clean   remove what builds and tests leave behind
#
# Set-up is idempotent and quick to re-run: each step leaves a stamp (or is a
# cheap check) and runs again only when its inputs change.
#   .venv/                      python3 -m venv, if missing
#   .venv/.requirements.stamp   pip install -r requirements-dev.txt
#   <site-packages>/conflict-table-src.pth   puts the repo root on sys.path
#   node_modules/.npm-ci.stamp  npm ci (Pyodide, Workbox, Rollup…, pinned in package-lock.json)
#   benchmarks/audit/node_modules/.npm-ci.stamp  npm ci of Lighthouse, for `make audit` only

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

# The interpreter that creates the venv.
PYTHON   ?= python3
VENV     := .venv
PY       := $(VENV)/bin/python
# Where `make serve` listens.
HOST     ?= 127.0.0.1
PORT     ?= 8000
# The browser the browser tests drive; override with CHROMIUM=/path.
CHROMIUM ?= /usr/bin/chromium
# The WebKit leg: WebKitGTK's WebDriver (it drives MiniBrowser) on an Xvfb display.
WEBKIT_DRIVER ?= /usr/bin/WebKitWebDriver
# Extra pytest arguments, e.g. make test ARGS="-k pyodide -x".
ARGS     ?=
export CHROMIUM WEBKIT_DRIVER

REQ_STAMP := $(VENV)/.requirements.stamp
NPM_STAMP := node_modules/.npm-ci.stamp
AUDIT_STAMP := benchmarks/audit/node_modules/.npm-ci.stamp
PTH_NAME  := conflict-table-src.pth

.PHONY: help setup serve build build-zensical serve-zensical check test browsers engine-cache warm-build test-held test-fast bench audit clean distclean chromium webkit python-env node-env pth

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):.*## /\1\t/' | awk -F '\t' '{ printf "  make %-15s %s\n", $$1, $$2 }'

# --- set-up -----------------------------------------------------------------

setup: python-env node-env ## install everything the site and the tests need (idempotent)

python-env: $(REQ_STAMP) pth

# The virtual environment itself, created once.
$(PY):
	$(PYTHON) -m venv $(VENV)

# Dev requirements, reinstalled only when requirements-dev.txt changes.
$(REQ_STAMP): requirements-dev.txt | $(PY)
	$(PY) -m pip install --disable-pip-version-check --quiet -r requirements-dev.txt
	touch $@

# A .pth file in the venv's site-packages puts this checkout on sys.path, so
# `import rules_core` and `import calculators` (used by mkdocs.yml) work
# without installing the project. Rewritten only if it names another folder.
pth: | $(PY)
	@site=$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'); \
	if [ "$$(cat "$$site/$(PTH_NAME)" 2>/dev/null)" != "$(CURDIR)" ]; then \
		echo "$(CURDIR)" > "$$site/$(PTH_NAME)"; \
		echo "wrote $$site/$(PTH_NAME)"; \
	fi

# npm packages (pyodide, workbox-build, rollup…), exactly as package-lock.json pins them.
node-env: $(NPM_STAMP)

$(NPM_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "make: npm not found: install Node.js 20+ with npm (e.g. apt-get install nodejs npm)" >&2; exit 1; }
	npm ci --no-audit --no-fund
	touch $@

# Lighthouse, pinned in a folder of its own (benchmarks/audit/): only `make audit` runs it, and its
# hundred-odd packages would double the time npm ci takes for everything else.
$(AUDIT_STAMP): benchmarks/audit/package.json benchmarks/audit/package-lock.json
	npm ci --prefix benchmarks/audit --no-audit --no-fund
	touch $@

# Chromium for the browser tests. As root it is installed with apt-get; any
# other user is told how to get it (or where to point CHROMIUM).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then \
		exit 0; \
	elif [ "$(CHROMIUM)" = /usr/bin/chromium ] && [ "$$(id -u)" = 0 ]; then \
		echo "Chromium is missing: installing Debian's chromium with apt-get"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get -o DPkg::Lock::Timeout=600 update -qq; \
		apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium; \
		[ -x /usr/bin/chromium ] || { echo "make: apt-get ran, yet /usr/bin/chromium is missing" >&2; exit 1; }; \
	else \
		echo "make: Chromium not found at $(CHROMIUM)." >&2; \
		echo "      Install it with:  sudo apt-get install chromium" >&2; \
		echo "      or point to one:  make test CHROMIUM=/path/to/chromium" >&2; \
		exit 1; \
	fi

# The WebKit leg's browser: Debian's webkit2gtk-driver (WebKitWebDriver and
# MiniBrowser) and Xvfb for a display. Installed with apt-get as root, as above.
webkit:
	@if [ -x "$(WEBKIT_DRIVER)" ] && command -v Xvfb >/dev/null; then \
		exit 0; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "WebKitGTK's WebDriver or Xvfb is missing: installing webkit2gtk-driver, xvfb and xauth with apt-get"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get -o DPkg::Lock::Timeout=600 update -qq; \
		apt-get -o DPkg::Lock::Timeout=600 install -y -qq webkit2gtk-driver xvfb xauth; \
		[ -x "$(WEBKIT_DRIVER)" ] || { echo "make: apt-get ran, yet $(WEBKIT_DRIVER) is missing" >&2; exit 1; }; \
	else \
		echo "make: the WebKit leg needs WebKitGTK's WebDriver ($(WEBKIT_DRIVER)) and Xvfb." >&2; \
		echo "      Install them with:  sudo apt-get install webkit2gtk-driver xvfb xauth" >&2; \
		exit 1; \
	fi

# --- the jobs -----------------------------------------------------------------

serve: setup ## serve the site on http://127.0.0.1:8000 (HOST=, PORT= to change) with live reload
	SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)/} $(PY) -m mkdocs serve --dev-addr $(HOST):$(PORT)

build: setup ## build the site into site/ (strict: any warning fails)
	$(PY) -m mkdocs build --strict --site-dir site

# Zensical (pinned in requirements-dev.txt) renders the same pages from mkdocs.yml but runs no hooks: the
# post-build command follows it. --clean: its cache of rendered pages knows nothing of the Python that
# renders the calculators. Serving, devtools/zensical.py runs that command after each of its builds.
build-zensical: setup ## build the site into site/ with Zensical (Material's successor), then the post-build command
	$(VENV)/bin/zensical build --strict --clean -f mkdocs.yml
	$(PY) -m calculators.build site

serve-zensical: setup ## serve the site with Zensical on http://127.0.0.1:8000 (HOST=, PORT=), rebuilt as you edit
	SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)/} $(PY) -m devtools.zensical serve --dev-addr $(HOST):$(PORT)

check: setup ## static checks: ruff (Python), tsc type check of the browser code (tsconfig*.json), node --test (tests/js/)
	$(PY) -m ruff check .
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/tsc -p tsconfig.sw.json
	node_modules/.bin/tsc -p tsconfig.strict.json
	node --test --test-reporter=spec tests/js/

# pytest-xdist workers for `make test`: the suite's machine is idle a third of the time with one
# (a browser test waits on timers, a build runs on one core), so two fill both cores. Files stay
# whole on one worker, dealt slowest first (--dist loadfile --no-loadscope-reorder, the order of
# tests/conftest.py). WORKERS=0 runs in one process.
WORKERS ?= 2
test: ## check, then the whole test suite (pytest: tests/, doctests, the Pyodide leg, Chromium and WebKit) on WORKERS processes
	$(MAKE) -j4 --output-sync=recurse check browsers engine-cache warm-build
	$(PY) -m pytest -n $(WORKERS) --dist loadfile --no-loadscope-reorder --durations=30 $(ARGS)

# What `make test` needs before pytest is one graph, up to four jobs at a time: on a fresh clone pip
# install (about 30 s), npm ci (about 13 s) and apt-get (as root) run at once, the engine's
# brotli starts as soon as npm ci is done, and the throwaway build as soon as pip is.
#
# The browsers, one apt-get after the other (two at once would fight over apt's lock).
browsers:
	$(MAKE) -j1 chromium webkit

# The engine's brotli and gzip copies, into the build's cache (.build/) with Python's standard library
# alone (calculators.build.engine needs no package): brotli at its best level on the 9.6 MB wasm takes
# about 40 s of one core, which then overlaps pip install instead of following it.
engine-cache: node-env
	$(PYTHON) -m calculators.build.engine

# The rest of the build's cache (.build/: the precompiled standard library; node_modules/.cache: the
# service worker's runtime) filled by one throwaway build, beside check: pytest's first build would
# otherwise spend it while the second worker waits (benchmarks/README.md, "The test suite's time").
# It needs no wait for engine-cache: its pages render meanwhile, and it takes the engine's copies
# from the cache when engine-cache lets go of them (each kind of entry in .build/ has its own lock).
warm-build: setup
	@out=$$(mktemp -d); trap 'rm -rf "$$out"' EXIT; \
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict --quiet --site-dir "$$out"

# Flaky under load? The same run with pytest and every browser it starts sharing CORES CPUs
# (a cgroup quota, devtools/held.py; root). Issue 34 asks for three such runs in a row, all green.
CORES ?= 0.5
test-held: check chromium webkit ## the whole suite held to CORES CPUs (default half a core): a test that needs an idle machine fails
	$(PY) -m devtools.held --cores $(CORES) -- $(PY) -m pytest $(ARGS)

test-fast: check ## check, then every test but the browser ones (pytest -m "not browser": no Chromium, no WebKit)
	$(PY) -m pytest -m "not browser" $(ARGS)

bench: setup chromium webkit ## measure the largest border map, a morale tap at 20 and 2,000 events and a board tap at 5 and 500 (CPython), a board tap in Chromium, the taps of a conflict in the table view (360 px, touch), the engine against a bare loadPyodide() (RUNS=5), and the same on a phone's CPU (a third of this one's, as root); writes benchmarks/results/
	$(PY) benchmarks/maps.py
	$(PY) benchmarks/morale.py
	$(PY) benchmarks/board.py
	$(PY) benchmarks/board_page.py
	$(PY) benchmarks/table_taps.py
	$(PY) benchmarks/engine.py --runs $${RUNS:-5}
	$(PY) benchmarks/phone_cpu.py --runs 3

audit: setup chromium $(AUDIT_STAMP) ## Lighthouse (pinned npm package) on the home page, a rules page and "At the table", served with gzip
	CHROME_PATH=$(CHROMIUM) $(PY) benchmarks/audit.py

# --- cleaning -----------------------------------------------------------------

clean: ## remove build output and caches (keeps .venv and node_modules)
	rm -rf site dist .build .cache test-results .pytest_cache .hypothesis .ruff_cache
	find . -path ./.venv -prune -o -path ./node_modules -prune -o -name __pycache__ -type d -print0 | xargs -0 rm -rf

distclean: clean ## also remove .venv and node_modules (the next make sets up from scratch)
	rm -rf $(VENV) node_modules benchmarks/audit/node_modules
