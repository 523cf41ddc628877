"""Fixtures shared by the whole suite.

Personas, shared by the league and live-play tests: an organiser, a member (the league
fixtures link a player to this account) and an outsider with an account but no role. Keep
fixtures here only when more than one test package needs them.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import hypothesis
import pytest
from django.conf import settings
from django.utils import translation

# Debian's Chromium: playwright cannot download its own browser here (no internet).
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A page request in German leaves German active in this thread; later tests that print
    (a management command, say) must not inherit it."""
    yield
    translation.activate("en")


@pytest.fixture(autouse=True)
def _fast_passwords(settings) -> None:
    """The personas' passwords are hashed at set-up, and Django's default hasher is slow on
    purpose (2-3 s a test on this machine); tests don't need that protection."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_login_throttle(settings) -> None:
    """django-axes counts wrong passwords per account and address: off by default, so that
    tests which sign the personas in (`client.login`, which passes axes no request) are not
    refused or locked out by each other. tests/site/test_login_throttle.py turns it on."""
    settings.AXES_ENABLED = False


@pytest.fixture(scope="session", autouse=True)
def _database_beside_playwright(request: pytest.FixtureRequest) -> None:
    """Playwright's sync API runs an event loop in the tests' thread, so Django would refuse
    to set up and flush the test database there as "async unsafe". Those steps run before
    and after the pages, never while a page is loading, so it is safe to allow them in a
    run that drives a browser."""
    if any(item.get_closest_marker("browser") for item in request.session.items):
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """In a run with browser tests, daphne serves pages from another process, so SQLite's
    test database must be a file both processes open, not the usual one in memory. Set once
    for the session here: the database is created by whichever test needs it first."""
    if not any(item.get_closest_marker("browser") for item in request.session.items):
        return
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        path = Path(tmp_path_factory.mktemp("live-db")) / "test.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(path)


# How long an `expect(...)` of the browser tests waits for what it expects: Playwright's 5 s
# is too short for a page's load (a form posted, redirected and drawn) when four browsers
# share two cores, which is CI. A tap that is lost still fails, ten seconds later.
EXPECT_TIMEOUT_MS = 10_000


@pytest.fixture(scope="session", autouse=True)
def _patient_expect(request: pytest.FixtureRequest) -> None:
    if any(item.get_closest_marker("browser") for item in request.session.items):
        from playwright.sync_api import expect

        expect.set_options(timeout=EXPECT_TIMEOUT_MS)


# Chromium's own features that cost every page load CPU and tests nothing of ours: a new
# frame host (and often a renderer) for each navigation within a tab (RenderDocument), and a
# spare renderer started beside each tab in case it navigates to another site (the tests
# stay on one). About a seventh less of Chromium's CPU for a load of a demo page within a tab
# (100 loads a run, with Playwright's own switches); over the whole browser run, little.
LEAN_FEATURES = ("RenderDocument", "SpareRendererForSitePerProcess")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def playwright_disabled_features(browser_type) -> list[str] | None:
    """The features Playwright's own `--disable-features` turns off. Chromium obeys only the
    last such switch, so ours must repeat Playwright's list, which changes between its
    releases: read it off the command line of a browser launched with Playwright's defaults
    (Linux's /proc), never from a copy that an upgrade would leave stale. None where no
    command line can be read: then Playwright's switch stays as it is, and ours is left out."""
    marker = f"--mhing-probe={uuid.uuid4().hex}"
    browser = browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, marker])
    try:
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                argv = cmdline.read_bytes().decode(errors="replace").split("\0")
            except OSError:  # the process ended meanwhile
                continue
            if marker in argv:
                switches = [arg for arg in argv if arg.startswith("--disable-features=")]
                return switches[-1].split("=", 1)[1].split(",") if switches else []
    finally:
        browser.close()
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, browser_type) -> dict:
    """pytest-playwright launches Debian's Chromium, as root, with no background networking
    (the machine's closed network refuses it) and LEAN_FEATURES off beside Playwright's."""
    if not shutil.which(CHROMIUM):
        pytest.fail(
            f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)"
        )
    args = list(CHROMIUM_ARGS)
    playwrights = playwright_disabled_features(browser_type)
    if playwrights is not None:
        args.append("--disable-features=" + ",".join([*playwrights, *LEAN_FEATURES]))
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("olga", password="pw-olga")


@pytest.fixture
def member(django_user_model):
    return django_user_model.objects.create_user("pia", password="pw-pia")


@pytest.fixture
def outsider(django_user_model):
    return django_user_model.objects.create_user("otto", password="pw-otto")


# Hypothesis fails an example that takes over 200 ms by default: on a machine shared with
# other test runs (CI, xdist workers, browsers) that measures the machine, not the code.
hypothesis.settings.register_profile("mhing", deadline=None)
hypothesis.settings.load_profile("mhing")


# The PostgreSQL run (`make test-postgres`) passes --postgres-tests-only: it keeps the tests
# that open the test database AND touch what differs between SQLite and PostgreSQL, and
# leaves the rest to `make test` (CI has 15 minutes). Opt-in: a module (`pytestmark`) or
# test says so with the `postgres` mark; those marked `database` (their servers open a
# database of their own on DATABASE_URL's server) and every test under tests/faults/ that
# opens the database stay too. What differs, and how to decide for a new test:
# docs/testing.md, "The PostgreSQL run"; tests/test_postgres_marks.py fails when a module
# that looks risky carries neither mark and is not on its allow-list.
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
    }
)
FAULTS = Path(__file__).parent / "faults"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--postgres-tests-only",
        action="store_true",
        help="keep only the database tests marked `postgres` or `database` and those of "
        "tests/faults/ (the PostgreSQL run)",
    )
    parser.addoption(
        "--leave-postgres-tests",
        action="store_true",
        help="leave out the tests --postgres-tests-only keeps (CI's SQLite run: CI runs them "
        "on PostgreSQL, the database a club's site runs on)",
    )


def uses_database(item: pytest.Item) -> bool:
    if item.get_closest_marker("django_db") or item.get_closest_marker("database"):
        return True
    return not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def worth_running_on_postgres(item: pytest.Item) -> bool:
    if item.get_closest_marker("sqlite"):  # SQLite's own behaviour: CI's SQLite run keeps it
        return False
    if item.get_closest_marker("database"):
        return True
    if not uses_database(item):
        return False
    return bool(item.get_closest_marker("postgres")) or FAULTS in item.path.parents


# The runs that keep one mark (`make test-browser`: -m browser; `make test-redis`: -m redis)
# need only the modules that name it: a test gets these marks only from its own module
# (`pytestmark` or a decorator), never from a conftest. Each process of such a run imported
# every test module of the suite to keep a few dozen (about 2 s of CPU a worker).
MODULE_MARKS = frozenset({"browser", "redis"})


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    mark = config.option.markexpr
    if (
        mark in MODULE_MARKS
        and collection_path.suffix == ".py"
        and collection_path.name.startswith("test_")
        and mark not in collection_path.read_text(encoding="utf-8")
    ):
        return True
    return None


# Modules whose tests share one dear server set-up (a session fixture: nginx in front of
# gunicorn and daphne, a deployment run): collected first. `--dist worksteal` gives each
# worker a slice of the collection and an idle one steals from the END of another's, so a
# module at the end was split over both workers, each setting its servers up (test_nginx.py's
# did twice in a measured run); at the front, worker 0 runs the module alone, straight away.
FIRST = frozenset(
    Path(__file__).parent / "site" / name for name in ("test_nginx.py", "test_deploy_script.py")
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items[:] = sorted(items, key=lambda item: item.path not in FIRST)  # stable: order kept
    only, leave = (
        config.getoption("--postgres-tests-only"),
        config.getoption("--leave-postgres-tests"),
    )
    if not (only or leave):
        return
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:  # each test asked once
        (kept if worth_running_on_postgres(item) == only else left).append(item)
    config.hook.pytest_deselected(items=left)
    items[:] = kept
