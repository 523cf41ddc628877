"""Settings are read once, at start-up, so each case reads them afresh, under its own
environment, in a process other than the tests'. Where Django itself must start (a refusal
to start, the database's connection, the sign-in throttle, the deployment checks) the case
starts a fresh Python process; the other cases ask one reader process (`settings_with`),
which builds Django's Settings from the settings module run anew under each case's
environment, as a start does: a fresh process each cost 0.9 s of CPU. One case checks that
the reader reads what a start does.
"""

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

from mhing_site.env import env_bool, env_int, env_list
from mhing_site.settings import BASE_DIR
from tests.site.test_checks import collected_static

CONFIG_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL",
    "SQLITE_TIMEOUT",
    "REDIS_URL",
    "REDIS_CHANNEL_LAYER",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "TRUST_X_FORWARDED_PROTO",
    "TRUST_X_FORWARDED_FOR",
)
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-random-production-secret-" + "x7Kq9zR2mT5vW8yB1nC4dF6gH3jL0pS",
    "ALLOWED_HOSTS": "mhing.example.org",
}
PRINT_SETTINGS = (
    "import json, django; django.setup(); from django.conf import settings; "
    "print(json.dumps({'layers': settings.CHANNEL_LAYERS, 'db': settings.DATABASES['default'],"
    " 'hosts': settings.ALLOWED_HOSTS, 'origins': settings.CSRF_TRUSTED_ORIGINS}, default=str))"
)


def clean_environment() -> dict[str, str]:
    """This process's environment without the configuration."""
    # The MHING_ settings too: a session fixture of the same worker may have set one for its
    # own server (tests/games/test_loadtest.py raises the frame limit).
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in CONFIG_VARIABLES and not k.startswith("MHING_")
    }
    clean["DJANGO_SETTINGS_MODULE"] = "mhing_site.settings"
    return clean


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run this Python in the project directory with only the given configuration set."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=BASE_DIR,
        env={**clean_environment(), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


# The reader: for each line, an environment's configuration (JSON), one line back, what
# PRINT_SETTINGS prints after a start with that configuration, or the error that would stop
# the start. Each line restores the environment the process started with, sets the
# configuration, and builds Django's Settings as a start does (LazySettings._setup) from the
# settings module run anew; the project's settings read the environment only then, through
# mhing_site.env's functions (Settings sets TZ itself: restored too). The database's entry
# gets the defaults Django's connections fill in when a start first asks for them.
READ_SETTINGS = r"""
import json, os, sys
from django.conf import Settings
from django.db.utils import ConnectionHandler

started = dict(os.environ)
for line in sys.stdin:
    os.environ.clear()
    os.environ.update({**started, **json.loads(line)})
    sys.modules.pop("mhing_site.settings", None)
    try:
        settings = Settings(os.environ["DJANGO_SETTINGS_MODULE"])
        ConnectionHandler().configure_settings(settings.DATABASES)
        answer = {"settings": {"layers": settings.CHANNEL_LAYERS,
                               "db": settings.DATABASES["default"],
                               "hosts": settings.ALLOWED_HOSTS,
                               "origins": settings.CSRF_TRUSTED_ORIGINS}}
    except Exception as error:
        answer = {"refused": f"{type(error).__name__}: {error}"}
    print(json.dumps(answer, default=str), flush=True)
"""


@pytest.fixture(scope="session")
def read_settings() -> Iterator[Callable[..., dict]]:
    """What the reader answers for a configuration: {"settings": ...} or {"refused": ...}."""
    reader = subprocess.Popen(
        [sys.executable, "-c", READ_SETTINGS],
        cwd=BASE_DIR,
        env=clean_environment(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )

    def read(**env: str) -> dict:
        reader.stdin.write(json.dumps(env) + "\n")
        reader.stdin.flush()
        answer = reader.stdout.readline()
        assert answer, f"the settings reader ended ({reader.poll()})"
        return json.loads(answer)

    yield read
    reader.stdin.close()
    reader.wait(timeout=30)


def answered(read_settings: Callable[..., dict], kind: str) -> Callable[..., Any]:
    """The reader's answer of `kind` ("settings" or "refused") for a configuration; the
    other kind fails the test."""

    def read(**env: str) -> Any:
        answer = read_settings(**env)
        assert kind in answer, answer
        return answer[kind]

    return read


@pytest.fixture
def settings_with(read_settings) -> Callable[..., dict]:
    """The settings a start with the given configuration reads."""
    return answered(read_settings, "settings")


@pytest.fixture
def refusal_with(read_settings) -> Callable[..., str]:
    """Why a start with the given configuration stops: the error's class and message."""
    return answered(read_settings, "refused")


def test_it_refuses_to_start_in_production_without_a_secret_key() -> None:
    result = run("-c", "import django; django.setup()", DEBUG="0")

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_it_refuses_a_debug_value_that_is_not_yes_or_no(refusal_with) -> None:
    refused = refusal_with(DEBUG="maybe")

    assert refused.startswith("ImproperlyConfigured: ")
    assert "DEBUG='maybe' is not a yes/no value" in refused


def test_it_defaults_to_sqlite_localhost_and_the_in_memory_layer(settings_with) -> None:
    started = run("-c", PRINT_SETTINGS)
    assert started.returncode == 0, started.stderr
    settings = json.loads(started.stdout)

    assert settings["db"]["ENGINE"] == "django.db.backends.sqlite3"
    assert settings["layers"]["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"
    assert settings["hosts"] == ["localhost", "127.0.0.1", "[::1]"]
    # The reader the other cases ask reads what a start reads.
    assert settings_with() == settings


def test_a_redis_url_selects_channels_redis_pubsub_layer(settings_with) -> None:
    settings = settings_with(REDIS_URL="redis://cache.internal:6379/2")

    assert settings["layers"]["default"] == {
        "BACKEND": "mhing_site.channel_layer.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": ["redis://cache.internal:6379/2"]},
    }


def test_redis_channel_layer_core_selects_channels_redis_list_layer(settings_with) -> None:
    settings = settings_with(REDIS_URL="redis://cache:6379/0", REDIS_CHANNEL_LAYER="core")

    assert settings["layers"]["default"] == {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": ["redis://cache:6379/0"], "capacity": 10_000},
    }


def test_an_unknown_redis_channel_layer_is_refused_at_start(refusal_with) -> None:
    refused = refusal_with(REDIS_CHANNEL_LAYER="classic")

    assert refused.startswith("ImproperlyConfigured: ")
    assert "REDIS_CHANNEL_LAYER must be pubsub (the default) or core" in refused


def test_a_postgres_url_uses_the_connection_pool_without_persistent_connections(
    settings_with,
) -> None:
    settings = settings_with(DATABASE_URL="postgres://league:pw@db.internal:5432/mhing")

    assert settings["db"]["ENGINE"] == "django.db.backends.postgresql"
    assert settings["db"]["NAME"] == "mhing"
    assert settings["db"]["OPTIONS"]["pool"]["max_size"] == 20
    assert settings["db"]["CONN_MAX_AGE"] == 0


def test_the_pool_size_comes_from_the_environment(settings_with) -> None:
    settings = settings_with(
        DATABASE_URL="postgres://league:pw@db.internal:5432/mhing", DATABASE_POOL_SIZE="50"
    )

    assert settings["db"]["OPTIONS"]["pool"]["max_size"] == 50


SQLITE_PRAGMAS = (
    "import json, django; django.setup(); from django.db import connection; "
    "cursor = connection.cursor(); "
    "print(json.dumps([cursor.execute(f'PRAGMA {name}').fetchone()[0] "
    "for name in ('journal_mode', 'synchronous', 'busy_timeout')]))"
)


def test_sqlite_writers_wait_their_turn_in_wal_mode(settings_with, tmp_path) -> None:
    """Two saves at once: the second waits for the write lock (IMMEDIATE, up to 20 s)
    instead of failing with "database is locked"; pages read while one writes (WAL)."""
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    options = settings_with(DATABASE_URL=url)["db"]["OPTIONS"]
    result = run("-c", SQLITE_PRAGMAS, DATABASE_URL=url)

    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 20
    assert result.returncode == 0, result.stderr
    # journal mode, synchronous (1 = NORMAL), busy timeout in milliseconds
    assert json.loads(result.stdout) == ["wal", 1, 20000]


def test_sqlite_timeout_comes_from_the_environment(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    result = run("-c", SQLITE_PRAGMAS, DATABASE_URL=url, SQLITE_TIMEOUT="3")

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)[2] == 3000


def test_it_refuses_a_sqlite_timeout_under_a_second(refusal_with) -> None:
    refused = refusal_with(SQLITE_TIMEOUT="0")

    assert refused.startswith("ImproperlyConfigured: ")
    assert "SQLITE_TIMEOUT=0 must be 1 second or more" in refused


def test_postgres_gets_none_of_the_sqlite_options(settings_with) -> None:
    settings = settings_with(DATABASE_URL="postgres://league:pw@db.internal:5432/mhing")

    assert set(settings["db"]["OPTIONS"]) == {"pool"}


def test_hosts_and_trusted_origins_are_comma_separated(settings_with) -> None:
    settings = settings_with(
        ALLOWED_HOSTS="mhing.example.org, www.mhing.example.org",
        CSRF_TRUSTED_ORIGINS="https://mhing.example.org",
    )

    assert settings["hosts"] == ["mhing.example.org", "www.mhing.example.org"]
    assert settings["origins"] == ["https://mhing.example.org"]


def test_the_deployment_checklist_passes_in_production() -> None:
    # As deployed: static files collected first (mhing_site/checks.py insists); collected
    # once per test process (tests/site/test_checks.py).
    static = {
        "STATIC_ROOT": str(collected_static({**clean_environment(), **PRODUCTION})),
        **PRODUCTION,
    }

    result = run("manage.py", "check", "--deploy", "--fail-level", "WARNING", **static)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize(
    ("value", "expected"),
    [("1", True), ("TRUE", True), ("yes", True), ("on", True), ("0", False), ("off", False)],
)
def test_env_bool_reads_yes_and_no(monkeypatch, value: str, expected: bool) -> None:
    monkeypatch.setenv("SOME_FLAG", value)

    assert env_bool("SOME_FLAG", default=not expected) is expected


def test_env_bool_uses_the_default_when_unset(monkeypatch) -> None:
    monkeypatch.delenv("SOME_FLAG", raising=False)

    assert env_bool("SOME_FLAG", default=True) is True


def test_env_int_refuses_a_non_number(monkeypatch) -> None:
    monkeypatch.setenv("SOME_NUMBER", "a year")

    with pytest.raises(ImproperlyConfigured, match="SOME_NUMBER='a year' is not a whole number"):
        env_int("SOME_NUMBER", default=1)


def test_env_list_drops_blanks(monkeypatch) -> None:
    monkeypatch.setenv("SOME_LIST", " a, ,b ,")

    assert env_list("SOME_LIST", default=[]) == ["a", "b"]


VISITOR = (
    "import django; django.setup(); from django.test import RequestFactory; "
    "from axes.helpers import get_client_ip_address; "
    "print(get_client_ip_address(RequestFactory().get('/', REMOTE_ADDR='127.0.0.1', "
    "HTTP_X_FORWARDED_FOR='203.0.113.9')))"
)


def test_behind_a_trusted_proxy_a_sign_in_is_counted_by_the_visitors_address() -> None:
    """gunicorn passes the proxy's address as REMOTE_ADDR: without this every visitor would
    be 127.0.0.1, and ten mistakes would pause everyone (docs/accounts.md)."""
    trusted = run("-c", VISITOR, TRUST_X_FORWARDED_FOR="1")
    untrusted = run("-c", VISITOR)

    assert trusted.stdout.strip() == "203.0.113.9", trusted.stderr
    assert untrusted.stdout.strip() == "127.0.0.1", untrusted.stderr
