"""The fault suite meets the live tables as their own tests do: the same people, bots that
move at once, and every bot driver, timer and heartbeat stopped after each test."""

from tests.games.conftest import (  # noqa: F401  (fixtures, found by pytest by name)
    _fast_tables,
    _stop_live_tasks,
    alice,
    bob,
    carol,
)
