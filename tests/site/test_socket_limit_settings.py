"""The live tables' socket limits come from the environment (docs/configuration.md), and a
limit that would refuse everything stops the server at start-up."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from mhing_site.env import env_count

from .test_settings import run

PRINT_LIMITS = (
    "import django; django.setup(); from django.conf import settings; "
    "print(settings.MHING_WS_FRAMES_PER_SECOND, settings.MHING_WS_SOCKETS_PER_ACCOUNT,"
    " settings.MHING_WS_WATCHERS_PER_TABLE)"
)


def test_the_socket_limits_come_from_the_environment() -> None:
    assert run("-c", PRINT_LIMITS).stdout.split() == ["20", "8", "50"]
    result = run(
        "-c",
        PRINT_LIMITS,
        MHING_WS_FRAMES_PER_SECOND="5",
        MHING_WS_SOCKETS_PER_ACCOUNT="2",
        MHING_WS_WATCHERS_PER_TABLE="400",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["5", "2", "400"]


def test_a_limit_of_zero_stops_the_server_at_start_up() -> None:
    result = run("-c", "import django; django.setup()", MHING_WS_SYNC_BURST="0")

    assert result.returncode != 0
    assert "MHING_WS_SYNC_BURST=0: give a whole number of at least 1" in result.stderr


@pytest.mark.parametrize("value", ["-3", "0"])
def test_env_count_refuses_less_than_one(monkeypatch, value: str) -> None:
    monkeypatch.setenv("SOME_LIMIT", value)

    with pytest.raises(ImproperlyConfigured, match="at least 1"):
        env_count("SOME_LIMIT", default=1)
