"""The PostgreSQL run keeps only the tests marked `postgres` or `database` (and tests/faults/;
tests/conftest.py): a test module whose source looks like it touches what differs between
SQLite and PostgreSQL must carry one of the marks, or be on ALLOWED with the reason someone
read it and found it safe (docs/testing.md, "The PostgreSQL run"). Read from the files: no
database, no collection."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).parent

# What differs between the two databases, as it shows in a test's source.
RISKY = {
    "locking": r"select_for_update",
    "constraints": r"IntegrityError",
    "transactions": r"\btransaction\.|from django\.db import[^\n]*\btransaction\b",
    "migrations": r"migrat",
    "raw SQL": r"\bcursor\b|\.raw\(|RawSQL|\.extra\(",
    "case-insensitive lookups": (
        r"__i(?:exact|contains|startswith|endswith)\b|\b(?:Lower|Upper|Collate)\("
    ),
    "ordering": r"\.order_by\(",
    "dates and time zones": r"\btimezone\b|tzinfo|[Zz]one[Ii]nfo|__date\b|\bTrunc",
    "JSON lookups": r"JSONField|__has_key|__contains\b",
    "query counts": r"django_assert_(?:max_)?num_queries|CaptureQueriesContext",
    "races": r"\bThread\b|threading|ThreadPoolExecutor|concurrent\.futures",
    "NUL": r"\\x00|\\u0000|chr\(0\)",
    "the connection pool": r"CONN_MAX_AGE|\bpool\b|close_old_connections",
}
# A query count may differ between the databases whatever else the module does.
ALWAYS_MARKED = {"query counts"}

MARKED = re.compile(r"pytest\.mark\.(?:postgres|database)\b")
# Browser tests never run in the PostgreSQL run (pyproject.toml: -m 'not browser').
BROWSER = re.compile(r"^pytestmark = .*pytest\.mark\.browser", re.MULTILINE)

# Modules read and found safe, each with why. Paths from tests/.
ALLOWED = {
    # They open no test database: the run would not keep them whatever their marks.
    "games/mahjongg/test_redis_processes.py": "no test database: daphne on SQLite files",
    "games/test_redis_processes.py": "no test database: daphne on SQLite files, Redis's pool",
    "games/test_loadtest.py": "no test database: the load generator's servers on SQLite",
    "mhing/test_quick_credits.py": "the scoring engine: 'pool' is a pool of cards",
    "scoring/test_score_hand_command.py": "a command without the database; 'pool' of cards",
    "scoring/test_score_hand_stream.py": "no database: a thread feeds the command's stdin",
    "site/test_checks.py": "system checks; 'migrate' is in a command's text",
    "games/test_live_interface.py": "reads source files; it skips the migrations folders",
    "tournaments/test_event_pages.py": "pages through the ORM; orders tables by pk only",
    "tournaments/test_event_running.py": "ORM saves and reads in one thread; orders by pk only",
    "site/test_dates.py": "date formatting in Python, no database",
    "site/test_deploy_script.py": "runs scripts/deploy.sh on a SQLite file of its own",
    "site/test_error_log.py": "no database: a threaded HTTP server receives the log",
    "site/test_nginx.py": "nginx in front of daphne on a SQLite file of its own",
    "site/test_settings.py": "parses settings (CONN_MAX_AGE, pool); opens no database",
    "test_wall_queries.py": "reads the source tree, not a database",
    # They open the test database, and what matched is the same on both.
    "leagues/test_blank_sheet.py": "orders seats by position (a number)",
    "leagues/test_blank_sheet_mahjongg.py": "orders seats by position (a number)",
    "leagues/test_round_entry.py": "orders rounds by number; entry ids: test_entry_once.py",
    "leagues/test_round_corrections.py": "orders by number and position; versions compared",
    "leagues/test_club_nights.py": "orders matches by pk",
    "leagues/test_mahjongg_nights.py": "orders matches by pk, seats by position",
    "leagues/test_mahjongg_games.py": "orders seats by position",
    "leagues/test_match_rules.py": "orders by number and position",
    "leagues/test_rescore_mahjongg.py": "orders by number, position and date (a date field)",
    "leagues/test_bench.py": "orders by pk, match and number",
    "leagues/test_game_kinds.py": "'leagues/migrations/' is a path it reads",
    "games/mahjongg/test_recording.py": "orders games by number, seats by position",
    "site/test_page_weight.py": "page sizes; migrates daphne's SQLite file",
}


def risks(source: str) -> set[str]:
    return {name for name, pattern in RISKY.items() if re.search(pattern, source)}


def modules() -> dict[str, str]:
    found = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        name = path.relative_to(TESTS).as_posix()
        source = path.read_text()
        if name.startswith("faults/") or BROWSER.search(source):
            continue  # tests/faults/ always runs; browser tests never do
        found[name] = source
    return found


def unmarked_risky(found: dict[str, str], allowed: dict[str, str]) -> dict[str, set[str]]:
    missing = {}
    for name, source in found.items():
        if MARKED.search(source):
            continue
        hits = risks(source)
        if hits and (name not in allowed or hits & ALWAYS_MARKED):
            missing[name] = hits
    return missing


def test_every_risky_module_is_marked_or_allowed():
    assert unmarked_risky(modules(), ALLOWED) == {}, (
        "mark these modules `pytest.mark.postgres` (or add them to ALLOWED with a reason): "
        "docs/testing.md, 'The PostgreSQL run'"
    )


def test_a_new_unmarked_module_with_a_unique_constraint_is_caught():
    source = "from django.db import IntegrityError\n\ndef test_x(db):\n    pass\n"
    assert unmarked_risky({"leagues/test_new.py": source}, ALLOWED) == {
        "leagues/test_new.py": {"constraints"}
    }


def test_a_query_count_needs_the_mark_even_on_the_allow_list():
    source = "def test_x(django_assert_num_queries):\n    pass\n"
    assert unmarked_risky({"leagues/test_round_entry.py": source}, ALLOWED) == {
        "leagues/test_round_entry.py": {"query counts"}
    }


def test_a_marked_module_passes():
    source = "import pytest\npytestmark = pytest.mark.postgres\nfrom django.db import transaction\n"
    assert unmarked_risky({"leagues/test_new.py": source}, {}) == {}


def test_the_allow_list_names_modules_that_exist_and_still_match():
    found = modules()
    stale = {
        name
        for name in ALLOWED
        if name not in found or not risks(found[name]) or MARKED.search(found[name])
    }
    assert stale == set(), "remove these from ALLOWED: gone, marked, or no longer risky"
