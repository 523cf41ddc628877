"""The night's board as the polls fetch it (issue 36 §3): abandoned and deleted tables left
out (the others keep their numbers), the entries held for the organiser counted per table,
when each table was last heard from, a finished table's end, and what one poll costs."""

from __future__ import annotations

import re
import uuid
from datetime import date, timedelta

import pytest
from django.utils import timezone

from leagues.models import ClubNight, EntryReceipt, League, Player, Round
from leagues.models.mahjongg_entry import record_game
from leagues.models.match_end import abandon_match, delete_match, end_match
from tests.clubs import shared_club

from .conftest import win
from .mahjongg_fixtures import mj_league
from .mahjongg_fixtures import win as mj_win
from .test_mahjongg_nights import mj_night, mj_roster

__all__ = ["mj_league", "mj_night", "mj_roster"]

# On PostgreSQL too: "last heard from" reads times, and a poll counts its queries.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]
NAMES = ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jan", "Kim", "Lea"]
HTMX = {"HX-Request": "true"}


@pytest.fixture
def night(league, players, organiser) -> ClubNight:
    more = [Player.objects.create(club=shared_club(), display_name=name) for name in NAMES]
    league.players.add(*players, *more)
    everyone = [*players, *more]
    return ClubNight.seat(
        league,
        [everyone[i : i + 4] for i in range(0, 16, 4)],
        played_on=date.today(),
        since_match=0,
        by=organiser,
        rules={"variant": "points", "target": 500},
    )


def tables(night):
    return list(night.matches.order_by("pk"))


def words(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def poll(client, night):
    response = client.get(night.get_absolute_url(), headers=HTMX)
    assert response.status_code == 200
    return response


def held(match, number: int, minutes_ago: int = 0) -> EntryReceipt:
    receipt = EntryReceipt.objects.create(
        entry_id=uuid.uuid4(),
        match=match,
        kind=EntryReceipt.Kind.ROUND,
        state=EntryReceipt.State.HELD,
        number=number,
    )
    at = timezone.now() - timedelta(minutes=minutes_ago)
    EntryReceipt.objects.filter(pk=receipt.pk).update(created_at=at)
    return receipt


def table_text(response, number: int) -> str:
    """The words of table NUMBER's box, up to the next table's."""
    page = words(response)
    start = page.index(f"Table {number} ")
    following = page.find("Table ", start + 1)
    return page[start : following if following > 0 else None]


def test_abandoned_and_deleted_tables_are_left_out_and_the_others_keep_their_numbers(
    client, night, organiser
):
    _first, second, _third, fourth = tables(night)
    abandon_match(second, organiser, second.version)
    delete_match(fourth, organiser, fourth.version)

    response = poll(client, night)

    page = response.content.decode()
    assert page.count('class="night-board-table') == 2
    assert f'data-match="{second.pk}"' not in page and f'data-match="{fourth.pk}"' not in page
    assert "Table 1 " in words(response) and "Table 3 " in words(response)
    assert "Table 2 " not in words(response) and "Abandoned" not in words(response)


def test_held_entries_are_counted_per_table_and_link_to_them(client, night):
    first, second, *_ = tables(night)
    held(first, 1)
    held(first, 1)
    held(second, 3)
    EntryReceipt.objects.filter(match=second).update(state=EntryReceipt.State.DISCARDED)

    response = poll(client, night)

    assert "2 entries in conflict wait for the organiser" in table_text(response, 1)
    assert "in conflict" not in table_text(response, 2)
    assert f'{first.get_absolute_url()}#held-entries"' in response.content.decode()


def test_one_held_entry_is_said_in_the_singular_in_german(client, night):
    held(tables(night)[0], 1)

    response = client.get(night.get_absolute_url(), headers={**HTMX, "Accept-Language": "de"})

    assert "1 Eingabe im Konflikt wartet auf die Organisatoren" in words(response)


def test_last_heard_from_is_the_newest_round_or_held_entry(client, night, organiser):
    first, second, third, _fourth = tables(night)
    first.record_round(win(first.seated_players()[0]), by=organiser)
    Round.objects.filter(match=first).update(updated_at=timezone.now() - timedelta(minutes=4))
    second.record_round(win(second.seated_players()[0]), by=organiser)
    Round.objects.filter(match=second).update(updated_at=timezone.now() - timedelta(minutes=30))
    held(second, 1, minutes_ago=7)

    response = poll(client, night)

    assert "Last heard from 4 minutes ago" in table_text(response, 1)
    assert "Last heard from 7 minutes ago" in table_text(response, 2)
    assert "Nothing entered yet" in table_text(response, 3)
    # The next poll says it again as of then: the age is not frozen in the page.
    Round.objects.filter(match=first).update(updated_at=timezone.now() - timedelta(minutes=9))
    assert "Last heard from 9 minutes ago" in table_text(poll(client, night), 1)


def test_a_mahjongg_table_was_last_heard_from_at_its_newest_game(client, mj_night, organiser):
    first = mj_night.matches.order_by("pk").first()
    record_game(first, mj_win(0), by=organiser)
    first.mj_games.update(entered_at=timezone.now() - timedelta(minutes=6))

    response = poll(client, mj_night)

    assert "Table 1 1 game" in table_text(response, 1)
    assert "Last heard from 6 minutes ago" in table_text(response, 1)
    assert "Nothing entered yet" in table_text(response, 2)


def test_a_table_ended_here_says_so(client, night, organiser):
    first = tables(night)[0]
    first.record_round(win(first.seated_players()[0]), by=organiser)
    first.refresh_from_db()
    end_match(first, organiser, first.version)

    assert "Ended here by an organiser" in table_text(poll(client, night), 1)


def test_a_poll_of_a_members_only_league_is_refused_to_outsiders(client, night, league, outsider):
    League.objects.filter(pk=league.pk).update(is_public=False)
    client.force_login(outsider)

    assert client.get(night.get_absolute_url(), headers=HTMX).status_code == 403


def test_a_poll_costs_a_few_queries_whatever_the_tables_hold(
    client, night, organiser, django_assert_max_num_queries
):
    for number, match in enumerate(tables(night)):
        for _ in range(3):
            match.record_round(win(match.seated_players()[number % 4]), by=organiser)
        held(match, 1)
    client.force_login(organiser)
    client.get(night.get_absolute_url(), headers=HTMX)  # the session, warmed

    with django_assert_max_num_queries(8):
        response = poll(client, night)

    assert len(response.content) < 12_000, len(response.content)
