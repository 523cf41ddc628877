"""Two rounds saved at the same moment in two matches of one league, with a player seated in
both: that player's kept standings (leagues.models.standing) count both rounds.

On PostgreSQL each save reads the figures it recomputes under READ COMMITTED: without the
league's row lock, the second save would read them from before the first committed and then
overwrite the first's row with figures missing its round. SQLite lets one writer in at a time,
so there is nothing to race there.
"""

from __future__ import annotations

import os
import threading
import time

import pytest
from django.db import connection, transaction

from leagues.models import League, Match, Player, RoundEntry
from tests.clubs import shared_club
from tests.leagues.test_standings_in_step import counted, kept

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
BIG_HAND = "567b 567b 678b 789b 99b"  # 512 points
SMALL_HAND = "123c 456b 789k 234c 55k"  # 4 points

pytestmark = pytest.mark.skipif(
    not ON_POSTGRES, reason="SQLite lets one writer in at a time: nothing races"
)


@pytest.mark.django_db(transaction=True)
def test_two_matches_saved_at_once_count_both_rounds_for_the_shared_player():
    league = League.objects.create(club=shared_club(), name="Busy Night", slug="busy-night")
    shared, left, right = (
        Player.objects.create(club=shared_club(), display_name=n) for n in ("Ann", "Bo", "Cy")
    )
    first = Match.begin(league, [shared, left], first_dealer=0, rules={"target": 5000})
    second = Match.begin(league, [shared, right], first_dealer=0, rules={"target": 5000})
    saved = threading.Event()
    errors: list[BaseException] = []

    def save_first_and_hold_it_open():
        try:
            with transaction.atomic():
                first.record_round(RoundEntry(winner=shared, hand=BIG_HAND))
                saved.set()
                time.sleep(0.5)  # not committed while the second save runs
        except BaseException as error:  # reported below, not lost in the thread
            errors.append(error)
            saved.set()
        finally:
            connection.close()

    def save_second():
        try:
            saved.wait(timeout=10)
            second.record_round(RoundEntry(winner=shared, hand=SMALL_HAND))
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=save_first_and_hold_it_open),
        threading.Thread(target=save_second),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert not errors, errors
    assert kept(league) == counted(league)
    # matches, wins, rounds won, points
    assert kept(league)[shared.pk][:4] == (2, 0, 2, 516)
