"""Settings are read once, at start-up, so each case starts a fresh Python process."""

import json
import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from mhing_site.env import env_bool, env_int, env_list
from mhing_site.settings import BASE_DIR

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


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run this Python in the project directory with only the given configuration set."""
    # The MHING_ settings too: a session fixture of the same worker may have set one for its
    # own server (tests/games/test_loadtest.py raises the frame limit).
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in CONFIG_VARIABLES and not k.startswith("MHING_")
    }
    clean["DJANGO_SETTINGS_MODULE"] = "mhing_site.settings"
    return subprocess.run(
        [sys.executable, *args],
        cwd=BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_with(**env: str) -> dict:
    result = run("-c", PRINT_SETTINGS, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_it_refuses_to_start_in_production_without_a_secret_key() -> None:
    result = run("-c", "import django; django.setup()", DEBUG="0")

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_it_refuses_a_debug_value_that_is_not_yes_or_no() -> None:
    result = run("-c", "import django; django.setup()", DEBUG="maybe")

    assert result.returncode != 0
    assert "DEBUG='maybe' is not a yes/no value" in result.stderr


def test_it_defaults_to_sqlite_localhost_and_the_in_memory_layer() -> None:
    settings = settings_with()

    assert settings["db"]["ENGINE"] == "django.db.backends.sqlite3"
    assert settings["layers"]["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"
    assert settings["hosts"] == ["localhost", "127.0.0.1", "[::1]"]


def test_a_redis_url_selects_channels_redis_pubsub_layer() -> None:
    settings = settings_with(REDIS_URL="redis://cache.internal:6379/2")

    assert settings["layers"]["default"] == {
        "BACKEND": "mhing_site.channel_layer.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": ["redis://cache.internal:6379/2"]},
    }


def test_redis_channel_layer_core_selects_channels_redis_list_layer() -> None:
    settings = settings_with(REDIS_URL="redis://cache:6379/0", REDIS_CHANNEL_LAYER="core")

    assert settings["layers"]["default"] == {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": ["redis://cache:6379/0"], "capacity": 10_000},
    }


def test_an_unknown_redis_channel_layer_is_refused_at_start() -> None:
    result = run("-c", "import django; django.setup()", REDIS_CHANNEL_LAYER="classic")

    assert result.returncode != 0
    assert "REDIS_CHANNEL_LAYER must be pubsub (the default) or core" in result.stderr


def test_a_postgres_url_uses_the_connection_pool_without_persistent_connections() -> None:
    settings = settings_with(DATABASE_URL="postgres://league:pw@db.internal:5432/mhing")

    assert settings["db"]["ENGINE"] == "django.db.backends.postgresql"
    assert settings["db"]["NAME"] == "mhing"
    assert settings["db"]["OPTIONS"]["pool"]["max_size"] == 20
    assert settings["db"]["CONN_MAX_AGE"] == 0


def test_the_pool_size_comes_from_the_environment() -> None:
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


def test_sqlite_writers_wait_their_turn_in_wal_mode(tmp_path) -> None:
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


def test_it_refuses_a_sqlite_timeout_under_a_second() -> None:
    result = run("-c", "import django; django.setup()", SQLITE_TIMEOUT="0")

    assert result.returncode != 0
    assert "SQLITE_TIMEOUT=0 must be 1 second or more" in result.stderr


def test_postgres_gets_none_of_the_sqlite_options() -> None:
    settings = settings_with(DATABASE_URL="postgres://league:pw@db.internal:5432/mhing")

    assert set(settings["db"]["OPTIONS"]) == {"pool"}


def test_hosts_and_trusted_origins_are_comma_separated() -> None:
    settings = settings_with(
        ALLOWED_HOSTS="mhing.example.org, www.mhing.example.org",
        CSRF_TRUSTED_ORIGINS="https://mhing.example.org",
    )

    assert settings["hosts"] == ["mhing.example.org", "www.mhing.example.org"]
    assert settings["origins"] == ["https://mhing.example.org"]


def test_the_deployment_checklist_passes_in_production(tmp_path) -> None:
    # As deployed: static files collected first (mhing_site/checks.py insists).
    static = {"STATIC_ROOT": str(tmp_path), **PRODUCTION}
    assert run("manage.py", "collectstatic", "--noinput", "-v0", **static).returncode == 0

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
