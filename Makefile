# Mhing League: `make run` to try it, `make test` before you push.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTHON := $(BIN)/python
STAMP := $(VENV)/.installed
# Development and the default test run use SQLite and the in-memory channel layer, whatever
# the shell has exported.
LOCAL := env -u DATABASE_URL -u REDIS_URL
MANAGE := $(LOCAL) $(PYTHON) manage.py
# pytest keeps each test module with its assertions rewritten in __pycache__ (ignored by git),
# as Python keeps every module's compiled code, unless PYTHONDONTWRITEBYTECODE is set, as it
# is in the CI container: then every pytest process of every run rewrote and compiled all the
# test modules again (collecting the suite: 13.4 s of CPU, 4.9 s with them kept; CI starts ten
# such processes, and the eight after `make test`'s find them kept).
unexport PYTHONDONTWRITEBYTECODE
# Extra pytest arguments, e.g. `make test PYTEST_ARGS='-k home -x'`.
PYTEST_ARGS ?=
# The suite runs on every core (pytest-xdist; each worker has its own test database and, for
# the browser tests, its own server): about twice as fast on two cores, which keeps CI under
# 15 minutes (docs/testing.md). `make test PYTEST_WORKERS=0` runs it in one process (for -x,
# --pdb, or reading output in order).
PYTEST_WORKERS ?= auto
# worksteal: a worker that runs out takes tests from the other (the longest come last).
XDIST := -n $(PYTEST_WORKERS) --dist worksteal
# The PostgreSQL run keeps only the database tests marked `postgres` or `database` and
# those of tests/faults/ (tests/conftest.py, docs/testing.md).
PG_SKIP := --postgres-tests-only

PO_FILES := $(wildcard locale/*/LC_MESSAGES/django.po)
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: .venv run test test-postgres test-browser test-redis bench bench-league loadtest lint format messages makemessages clean

# Re-installs whenever pyproject.toml changes.
.venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PYTHON) || $(PY) -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e '.[dev]'
	touch $@

# Compiled translations are build output (not committed): rebuilt when a .po file changes.
messages: $(MO_FILES)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po
	msgfmt --check-format -o $@ $<

makemessages: $(STAMP)
	$(MANAGE) makemessages --all --no-obsolete \
		--ignore='.venv/*' --ignore='staticfiles/*' --ignore='node_modules/*' \
		--ignore='tests/*' --ignore='scoring/mhing/*' --ignore='scoring/mahjongg/*' --ignore='games/play/*'

run: $(STAMP) messages
	$(MANAGE) migrate --noinput
	if $(MANAGE) help load_demo >/dev/null 2>&1; then $(MANAGE) load_demo --if-empty; fi
	$(MANAGE) runserver 127.0.0.1:8000

# pytest exits 5 when it collects no tests; that is not a failure here.
test: $(STAMP) messages
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(LOCAL) $(BIN)/pytest $(XDIST) $(PYTEST_ARGS) || [ $$? -eq 5 ]

test-postgres: $(STAMP) messages
	env -u REDIS_URL scripts/with_postgres.sh $(BIN)/pytest $(XDIST) $(PG_SKIP) $(PYTEST_ARGS) || [ $$? -eq 5 ]

# The browser tests: Debian's chromium (apt-get install chromium) driven by pytest-playwright.
# The slowest 25 are listed at the end, to see where CI's minutes go (docs/testing.md).
# Four workers on two cores: a browser test mostly waits (on its page, its server, a throttled
# network), so twice the workers took the run from 475 to 401 s on the 2-core machine.
BROWSER_WORKERS ?= 4
test-browser: $(STAMP) messages
	$(LOCAL) $(BIN)/pytest -m browser -n $(BROWSER_WORKERS) --dist worksteal --durations=25 $(PYTEST_ARGS) || [ $$? -eq 5 ]

# The quick benchmarks (benchmarks/, a few minutes on SQLite): scoring speed against the peer,
# a tap on either picker, the demo's page weights. A report, not a test: each prints its
# figures and PASS or MISS; this fails only when one of them breaks (exits non-zero).
# First, the tests marked `bench` (left out of `make test`, where they took about a tenth of
# its time): each benchmark run end to end on a little data, its report read line by line.
BENCHES := scoring "scoring --game mahjongg" clicks "clicks --game mahjongg" page_weight
bench: $(STAMP) messages
	$(LOCAL) $(BIN)/pytest -m bench $(XDIST) $(PYTEST_ARGS)
	@for bench in $(BENCHES); do \
		echo "==> python -m benchmarks.$$bench"; \
		$(LOCAL) $(PYTHON) -m benchmarks.$$bench || exit 1; \
	done

# How fast a league of 200 players and 10,000 rounds renders, on SQLite and on a throwaway
# PostgreSQL (benchmarks/league.py). A report, not a test: it always exits 0.
bench-league: $(STAMP)
	env -u REDIS_URL scripts/with_postgres.sh $(PYTHON) -m benchmarks.league

# The live-play load test: one daphne process on a throwaway PostgreSQL, 50 tables of four
# played over real websockets for 60 s (benchmarks/loadtest.sh). A report: exits 1 only when
# something was lost. LOADTEST_ARGS replaces the arguments, e.g. '--tables 100 --think 0.5'.
LOADTEST_ARGS ?= --tables 50 --think 1 --duration 60
loadtest: $(STAMP) messages
	env -u REDIS_URL scripts/with_postgres.sh benchmarks/loadtest.sh $(LOADTEST_ARGS)

# Two daphne processes serving one table through a throwaway Redis (apt-get install
# redis-server); the tests marked `redis`, skipped by the other runs. In one process: its 15
# tests mostly wait (outages, idle sockets, restarts), and CI runs them beside the PostgreSQL
# run, whose CPU a second worker's start-up only took (the same minutes either way).
REDIS_WORKERS ?= 0
test-redis: $(STAMP) messages
	env -u DATABASE_URL scripts/with_redis.sh $(BIN)/pytest -m redis -n $(REDIS_WORKERS) $(PYTEST_ARGS) || [ $$? -eq 5 ]

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Leaves db.sqlite3 alone: it holds your development data.
clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis *.egg-info $(MO_FILES)
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
