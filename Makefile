# Rail Table. `make serve` and `make test` install whatever is missing, then serve or test.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
JOBS ?= 2
APP_SOURCES := $(shell find py/games py/ui -name '*.py' -o -name '*.json' 2>/dev/null)

.PHONY: serve test lint typecheck bench gallery soak dist sw setup browser clean FORCE

serve: setup
	@echo "Rail Table at http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	$(PY) -m http.server $(PORT) --bind $(HOST)

test: setup browser
	$(PY) -m ruff check py tests tools
	$(PY) -m mypy
	@# Engines, drawings and browsers share the cores; then, alone, the browser tests that measure the
	@# page's tasks (no task over 100 ms), which another process beside them would lengthen.
	$(PY) -m pytest -q -m "not slow and not timed" -n $(JOBS) --dist worksteal --durations 8
	$(PY) -m pytest -q -m "not slow and timed" tests/browser

soak: setup browser
	$(PY) -m pytest -q -m slow -n $(JOBS) --timeout 0

bench: setup browser
	$(PY) tools/bench.py

# The README's pictures of each game on a phone and on a projector (docs/gallery/).
gallery: setup browser
	$(PY) tools/gallery.py

lint: $(VENV)/.installed
	$(PY) -m ruff check py tests tools

typecheck: $(VENV)/.installed
	$(PY) -m mypy

dist: setup
	$(PY) tools/dist.py

setup: $(VENV)/.installed static/vendor/.installed static/vendor/app.zip static/vendor/app.css \
		static/vendor/start.snapshot sw.js

$(VENV)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

static/vendor/.installed: node_modules/.installed tools/vendor.py $(VENV)/.installed
	$(PY) tools/vendor.py
	touch $@

# One run writes both (a grouped target): the app's Python as one archive, its styles as one sheet.
static/vendor/app.zip static/vendor/app.css &: $(APP_SOURCES) $(wildcard styles/*.css) tools/vendor.py \
		static/vendor/.installed
	$(PY) tools/vendor.py --app-only

# Python's memory with the app's modules and svgwrite imported, for return visits (about 10 s, under Node).
static/vendor/start.snapshot: static/vendor/app.zip static/vendor/.installed tools/snapshot.mjs
	node tools/snapshot.mjs

# Rebuilt every time (about half a second): its version is a hash of every file it precaches.
sw.js: static/vendor/app.zip static/vendor/app.css static/vendor/start.snapshot FORCE
	$(PY) tools/build_sw.py

sw: setup

FORCE:

# Debian's chromium drives the browser tests (Playwright cannot download its own browser here).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	  else \
	    echo "The browser tests need Debian's chromium: run 'sudo apt-get install chromium' and retry."; exit 1; \
	  fi; \
	fi

clean:
	rm -rf $(VENV) node_modules static/vendor sw.js dist
