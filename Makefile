# Overcommitted: the two commands of the README's Quick start are `make book` and
# `make test`. Each sets up everything it needs on a new machine (virtual environment,
# pinned Python packages, the package itself, vendored JavaScript).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
PORT ?= 8000
SANITIZE := tests/nbval_sanitize.cfg
NOTEBOOKS := $(wildcard book/*.ipynb)
INSTRUCTOR := _build/instructor

# Test processes run at once (pytest-xdist); the fast tier, nbval and the slow tier use them.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PYTEST := $(PY) -m pytest -p no:cacheprovider
FAST := not slow and not site and not browser
NBVAL := --nbval --nbval-current-env --nbval-sanitize-with $(SANITIZE)

.PHONY: help setup vendor labext book book-instructor editions assignments notebooks lint check test test-unit test-notebooks test-slow test-site test-browser serve publish lab bench clean

help:
	@echo "make book       build the student edition into _build/html from the notebooks' stored outputs"
	@echo "make book-instructor  the instructor edition (with solutions) into $(INSTRUCTOR)/_build/html"
	@echo "make check      the fast tier: lint, unit, property and chapter-fact tests (the edit loop)"
	@echo "make test       everything: the fast tier, strict nbval, both editions, the slow tier, the browser"
	@echo "make lint       pyflakes over src, tests, the chapters' twins and tools"
	@echo "make assignments  otter-grader autograders for graded variants (ROSTER=class.csv, OVERCOMMIT_SECRET; CHAPTERS=\"shares paging\")"
	@echo "make notebooks  re-execute the chapter notebooks and store their outputs"
	@echo "make serve      serve _build/html on http://127.0.0.1:$(PORT)"
	@echo "make publish    push _build/html to the gh-pages branch for GitHub Pages (builds first if needed)"
	@echo "make lab        open the chapters in JupyterLab (live explorers work there)"
	@echo "make clean      remove _build, the virtual environment and vendored files"

# --- set-up ----------------------------------------------------------------------------

$(VENV)/.stamp-install: requirements.txt pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

setup: $(VENV)/.stamp-install

node_modules/.stamp-npm: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

book/_static/vendor/.stamp: node_modules/.stamp-npm $(VENV)/.stamp-install tools/vendor_assets.py
	$(PY) tools/vendor_assets.py
	touch $@

vendor: book/_static/vendor/.stamp

# The JupyterLab renderer for the book's Vega-Lite 6 charts (labext/index.js, see
# labext/README.md), a prebuilt extension that the package's wheel carries (setup.py) and
# so the classroom kit installs; make lab puts it into .venv too.
LABEXT := labext/labextension/package.json
labext/node_modules/.stamp-npm: labext/package.json labext/package-lock.json
	npm ci --prefix labext --no-audit --no-fund --loglevel=error
	touch $@

$(LABEXT): labext/node_modules/.stamp-npm labext/index.js $(VENV)/.stamp-install
	rm -rf labext/labextension
	node labext/node_modules/@jupyterlab/builder/lib/build-labextension.js \
		--core-path "$$($(PY) -c 'import jupyterlab, os; print(os.path.join(os.path.dirname(jupyterlab.__file__), "staging"))')" labext >/dev/null
	@test -f $@ || { echo "labext: $@ missing"; exit 1; }

labext: $(LABEXT)

# --- the book --------------------------------------------------------------------------

# The pages show the outputs stored in the notebooks (nothing is executed; make notebooks
# refreshes them). Sphinx's doctree cache goes too: it would keep pages read by an older
# version of the book's Sphinx extension.
book: setup vendor labext
	rm -rf _build/html _build/jupyter_execute _build/.doctrees
	$(BIN)/jupyter-book build . -W -n --keep-going
	@test -f _build/html/index.html || { echo "build failed: _build/html/index.html missing"; exit 1; }
	@echo "book built: _build/html/index.html"

# The same book with every folded solution and the self-check boxes' worked solutions, from
# the notebooks' stored outputs (strict nbval checks those against a fresh run).
# Both editions at once (they write to different folders): make -j2 editions.
book-instructor: setup vendor labext
	rm -rf $(INSTRUCTOR)
	OVERCOMMIT_EDITION=instructor $(BIN)/jupyter-book build . -W -n --keep-going --path-output $(INSTRUCTOR)
	@test -f $(INSTRUCTOR)/_build/html/index.html || { echo "build failed: $(INSTRUCTOR)/_build/html/index.html missing"; exit 1; }
	@echo "instructor edition built: $(INSTRUCTOR)/_build/html/index.html"

# The exercise bank and the any-host grid are computed once (overcommit.cache) before the
# two builds that write them run side by side.
editions: setup
	$(PY) -c "from overcommit.exercises import web; from overcommit.book import figures_results as f; \
	web.bank(); f.any_cid_grid()"
	$(MAKE) --no-print-directory -j2 book book-instructor

# Graded assignments from the seeded exercises (overcommit.exercises.assignment): per topic (a
# chapter's own, or a section's such as results_db_time) an autograder zip under
# _build/assignments/<topic>/dist.
# A relative ROSTER is read from the directory make was started in (make -C included: its
# $(PWD) is the caller's); the autograders go under this project's _build/assignments.
INVOKED_FROM := $(if $(wildcard $(PWD)),$(PWD),$(CURDIR))
assignments: setup
	@test -n "$(ROSTER)" || { echo "make assignments needs ROSTER=class.csv, and the course secret in OVERCOMMIT_SECRET"; exit 2; }
	cd "$(INVOKED_FROM)" && "$(CURDIR)/$(PY)" -m overcommit.exercises.assignment $(CHAPTERS) --roster "$(ROSTER)" \
		--out "$(CURDIR)/_build/assignments"

notebooks: setup
	$(PY) tools/execute_notebooks.py

# --- tests -----------------------------------------------------------------------------

# pyflakes over the package, the tests, the chapters' jupytext twins and the tools: unused
# imports and names, undefined names
lint: setup
	$(BIN)/pyflakes src tests book/_scripts tools

# The fast tier, the edit loop: no browser, no notebook execution, no full fit.
check: lint labext
	$(PYTEST) tests -m "$(FAST)" -n $(JOBS) -q

# Everything, fast tier first (make stops at its first failure): strict nbval executes every
# chapter notebook once and compares every stored output; then both editions are built from
# those outputs; then the slow tier and the tests of the built site, in a browser too.
test: check
	$(MAKE) --no-print-directory test-notebooks
	$(MAKE) --no-print-directory editions
	$(MAKE) --no-print-directory test-slow
	$(MAKE) --no-print-directory test-site

test-unit: check

test-notebooks: setup
	$(PYTEST) $(NOTEBOOKS) $(NBVAL) -n $(JOBS) --dist loadscope -q

test-slow: setup labext
	$(PYTEST) tests -m "slow" -n $(JOBS) -q

# the built editions, and the student one in headless Chromium (test-browser builds first);
# pages are spread over the workers one by one (--dist load), each with its own browser
test-site:
	$(PYTEST) tests -m "site or browser" -n $(JOBS) -q

test-browser: book
	$(PYTEST) tests/test_browser.py tests/test_controls.py tests/test_kit_lab.py tests/test_subpath.py -n $(JOBS) -q

# --- running it ------------------------------------------------------------------------

serve:
	@test -f _build/html/index.html || $(MAKE) book
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory _build/html

# GitHub Pages from a branch (.github/workflows/pages.yml is the other way): the built site
# becomes the gh-pages branch of PUBLISH_REMOTE, a remote's name or any git URL or path
# (tests/test_publish.py publishes to a scratch repository). -n adds .nojekyll: without it
# Pages runs Jekyll, which drops every folder starting with "_", Sphinx's _static among
# them. -f: the branch holds nothing but builds, so when someone else published meanwhile,
# this build replaces theirs.
PUBLISH_REMOTE ?= origin
PUBLISH_SITE ?= _build/html

publish: setup
	@test -f $(PUBLISH_SITE)/index.html || $(MAKE) --no-print-directory book
	$(BIN)/ghp-import -n -p -f -r $(PUBLISH_REMOTE) $(PUBLISH_SITE)

# The "any host" charts load the dense grid the book build writes; a notebook opened in
# JupyterLab finds it under book/_static/data/ (not committed: it is regenerated).
lab: setup labext
	$(PY) -c "from overcommit.book.figures_results import write_any_cid; write_any_cid('book/_static/data')"
	rm -rf $(VENV)/share/jupyter/labextensions/overcommit-vegalite6
	cp -r labext/labextension $(VENV)/share/jupyter/labextensions/overcommit-vegalite6
	$(BIN)/jupyter lab book/

# The model's speed, then each chapter's time to its first chart on a phone (headless
# Chromium, CPU throttled 4x) for the site in BENCH_SITE; that part says why it is skipped
# when Chromium or the built site is missing.
BENCH_SITE ?= _build/html
bench: setup
	$(PY) tools/benchmark.py --site $(BENCH_SITE)

clean:
	rm -rf _build $(VENV) node_modules labext/node_modules labext/labextension book/_static/vendor src/*.egg-info
