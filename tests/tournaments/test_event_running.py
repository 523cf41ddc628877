"""Running a tournament (leagues.models.event_running): registration, the plan made when it
closes, sessions seated from it (or swiss when its players are not all there), their tables'
matches begun and ended, and the ranking from the matches' results."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from leagues.models import Entrant, Event, EventSession, Match, Player, RoundEntry
from leagues.models.event_ranking import ranking_rows
from leagues.models.event_running import (
    change_entrant,
    close_registration,
    create_event,
    end_session,
    register_guest,
    register_players,
    seat_next_session,
    start_session,
    substitute,
)
from tests.clubs import shared_club

pytestmark = pytest.mark.django_db

SMALL_HAND = "123c 456b 789k 234c 55k"


def values(**changes):
    base = {
        "name": "Spring Open",
        "game": "mhing",
        "session_count": 4,
        "table_size": 4,
        "session_minutes": 90,
        "tiebreaks": ["points", "placings", "head_to_head"],
        "seating": "planned",
    }
    return {**base, **changes}


@pytest.fixture
def event(organiser):
    return create_event(values(), by=organiser)


def club_players(event, count):
    return [
        Player.objects.create(club=event.league.club, display_name=f"Player {n:02}")
        for n in range(1, count + 1)
    ]


def play_table(match: Match, winner_seat: int = 0) -> None:
    seats = match.seated_players()
    match.record_round(RoundEntry(winner=seats[winner_seat], win_type="self_draw", hand=SMALL_HAND))


def test_an_event_makes_its_own_league_organised_by_its_creator(event, organiser) -> None:
    league = event.league
    assert league.name == "Spring Open" and league.slug == "spring-open"
    assert league.is_organiser(organiser)
    assert league.match_minutes is None  # the session's clock ends the tables
    assert create_event(values(), by=organiser).league.slug == "spring-open-2"


def test_a_tournament_of_the_same_name_made_a_moment_before_leaves_it_the_next_name(
    event, organiser, monkeypatch
) -> None:
    """Two organisers create "Spring Open" at once: the name both found free is taken by
    the other's a moment before this one saves, and this one takes the next free one."""
    from leagues.models import event_running

    names = iter(["spring-open", None])  # the first: what the other organiser just took
    real = event_running.free_slug
    monkeypatch.setattr(event_running, "free_slug", lambda name: next(names) or real(name))
    assert create_event(values(), by=organiser).league.slug == "spring-open-2"


def test_a_club_player_and_a_guest_are_registered_once_each(event) -> None:
    players = club_players(event, 3)
    assert register_players(event, players) == 3
    assert register_players(event, players) == 0
    guest = register_guest(event, "Hana Guest", "04290046")
    assert guest.guest and guest.number == 4 and guest.ema_number == "04290046"
    assert guest.player.club == event.league.club
    with pytest.raises(ValidationError):
        register_guest(event, "hana guest")


def test_another_clubs_player_is_not_registered(event) -> None:
    stranger = Player.objects.create(club=shared_club(), display_name="Stranger")
    assert register_players(event, [stranger]) == 0


def test_sixteen_players_over_four_sessions_planned_then_ranked(event, organiser) -> None:
    register_players(event, club_players(event, 16))
    close_registration(event)
    assert event.plan["quality"]["repeated_meetings"] == 0
    assert len(event.plan["rounds"]) == 4
    for number in range(1, 5):
        session = seat_next_session(event)
        assert session.how == "planned" and session.number == number
        assert session.seating == event.plan["rounds"][number - 1]
        with pytest.raises(ValidationError):
            seat_next_session(event)  # one session at a time
        session = start_session(session, by=organiser)
        tables = list(session.matches.order_by("pk"))
        assert len(tables) == 4
        for match, table in zip(tables, session.seating, strict=True):
            numbers = dict(event.entrants.values_list("player_id", "number"))
            assert [numbers[p.pk] for p in match.seated_players()] == table
            play_table(match, winner_seat=number % 4)
        assert session.seconds_left() > 0
        assert end_session(session, by=organiser) == [1, 2, 3, 4]
        assert all(m.status == Match.Status.FINISHED for m in session.matches.all())
    event.refresh_from_db()
    assert event.state == Event.State.FINISHED
    assert event.sessions.last().quality["repeated_meetings"] == 0
    rows = ranking_rows(event)
    assert len(rows) == 16
    assert rows[0].place == 1
    # Shared places share their base ranks: the sum is that of 16 places untied.
    assert sum(r.base_rank for r in rows) == pytest.approx(8000)
    assert [r.base_rank for r in rows] == sorted((r.base_rank for r in rows), reverse=True)
    assert all(row.tables == 4 for row in rows)
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    with pytest.raises(ValidationError):
        seat_next_session(event)


def test_a_drop_out_without_a_substitute_makes_the_next_session_swiss(event, organiser) -> None:
    register_players(event, club_players(event, 17))
    close_registration(event)
    first = seat_next_session(event)
    assert sorted(len(t) for t in first.seating) == [3, 3, 3, 4, 4]
    start_session(first, by=organiser)
    for match in first.matches.all():
        play_table(match)
    end_session(first, by=organiser)
    dropped = event.entrants.get(number=5)
    change_entrant(event, dropped, Entrant.Status.DROPPED)
    second = seat_next_session(event)
    assert second.how == "swiss"
    assert 5 not in {p for t in second.seating for p in t}
    assert [len(t) for t in second.seating] == [4, 4, 4, 4]
    # The winners of the first session's tables sit together at the top table.
    rows = ranking_rows(event)
    assert set(second.seating[0]) <= {r.entrant.number for r in rows[:5]}


def test_a_substitute_takes_the_planned_seats_of_who_dropped_out(event, organiser) -> None:
    register_players(event, club_players(event, 16))
    close_registration(event)
    first = seat_next_session(event)
    start_session(first, by=organiser)
    for match in first.matches.all():
        play_table(match)
    end_session(first, by=organiser)
    dropped = event.entrants.get(number=3)
    change_entrant(event, dropped, Entrant.Status.DROPPED)
    sub = substitute(event, dropped, "Sam Sub", "")
    second = seat_next_session(event)
    assert second.how == "planned"
    planned = event.plan["rounds"][1]
    expected = [[sub.number if p == 3 else p for p in table] for table in planned]
    assert second.seating == expected


def test_a_session_with_an_empty_table_is_not_ended(event, organiser) -> None:
    register_players(event, club_players(event, 8))
    close_registration(event)
    session = seat_next_session(event)
    start_session(session, by=organiser)
    first, _second = session.matches.order_by("pk")
    play_table(first)
    with pytest.raises(ValidationError, match="table 2"):
        end_session(session, by=organiser)
    assert EventSession.objects.get(pk=session.pk).state == EventSession.State.RUNNING


def test_a_session_starts_once(event, organiser) -> None:
    register_players(event, club_players(event, 8))
    close_registration(event)
    session = seat_next_session(event)
    start_session(session, by=organiser)
    with pytest.raises(ValidationError):
        start_session(session, by=organiser)  # a second click, from the page as it was
    assert session.matches.count() == 2


def test_a_mahjongg_tournament_seats_its_tables_as_its_rules_say(organiser) -> None:
    event = create_event(values(name="Jade Cup", game="mahjongg", seating="swiss"), by=organiser)
    register_players(event, club_players(event, 8))
    close_registration(event)
    session = start_session(seat_next_session(event), by=organiser)
    assert [m.game for m in session.matches.all()] == ["mahjongg", "mahjongg"]
    assert all(m.seats.count() == 4 for m in session.matches.all())


def test_a_mahjongg_tournament_refuses_a_table_its_rules_cannot_seat(organiser) -> None:
    event = create_event(values(name="Jade Cup", game="mahjongg", seating="swiss"), by=organiser)
    register_players(event, club_players(event, 9))
    close_registration(event)
    with pytest.raises(ValidationError, match="4"):
        seat_next_session(event)  # 9 players: tables of three, which its rules do not play
    assert not event.sessions.exists()


def test_a_late_arrival_playing_makes_the_next_session_swiss(event, organiser) -> None:
    register_players(event, club_players(event, 16))
    close_registration(event)
    first = start_session(seat_next_session(event), by=organiser)
    for match in first.matches.all():
        play_table(match)
    end_session(first, by=organiser)
    late = register_guest(event, "Lena Late")
    assert late.status == Entrant.Status.LATE  # registered while the event runs
    second = seat_next_session(event)
    assert second.how == "planned"  # not there yet: the plan goes on without her
    assert late.number not in {p for t in second.seating for p in t}
    start_session(second, by=organiser)
    for match in second.matches.all():
        play_table(match)
    end_session(second, by=organiser)
    change_entrant(event, late, Entrant.Status.ACTIVE)
    third = seat_next_session(event)
    assert third.how == "swiss"
    assert late.number in {p for t in third.seating for p in t}
    assert sorted(len(t) for t in third.seating) == [3, 3, 3, 4, 4]
