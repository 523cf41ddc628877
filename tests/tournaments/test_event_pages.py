"""A tournament through its pages (leagues/views/events.py, event_pages.py), in German: a
16-player, 4-session event from its creation and registration to the final ranking and its
downloads, each round entered on the match page as in any league; and who may do what."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import Event, EventSession, League, Match, Player
from tests.leagues.round_forms import entry, words

pytestmark = pytest.mark.django_db

SMALL_HAND = "123c 456b 789k 234c 55k"
BIG_HAND = "567b 567b 678b 789b 99b"


@pytest.fixture
def german(client: Client, organiser) -> Client:
    client.force_login(organiser)
    client.cookies["django_language"] = "de"
    return client


def create(client: Client, **fields) -> Event:
    data = {
        "name": "Frühjahrsturnier",
        "game": "mhing",
        "session_count": "4",
        "table_size": "4",
        "session_minutes": "90",
        "seating": "planned",
        "tiebreak_1": "points",
        "tiebreak_2": "placings",
        "tiebreak_3": "head_to_head",
        "tiebreak_4": "",
        **fields,
    }
    response = client.post(reverse("leagues:event_new"), data)
    assert response.status_code == 302, words(response)
    return Event.objects.get(league__name=data["name"])


def url(event, name, *args):
    return reverse(f"leagues:{name}", args=[event.league.slug, *args])


def test_sixteen_players_four_sessions_from_registration_to_the_final_ranking(
    german, organiser
) -> None:
    event = create(german)
    page = german.get(event.get_absolute_url())
    assert "Anmeldung schließen" in words(page)
    club = event.league.club
    regulars = [
        Player.objects.create(club=club, display_name=f"Spieler {n:02}") for n in range(1, 15)
    ]
    response = german.post(url(event, "event_register"), {"players": [p.pk for p in regulars]})
    assert response.status_code == 302
    german.post(url(event, "event_register"), {"guest_name": "Gast Eins", "guest_ema": "04290001"})
    german.post(url(event, "event_register"), {"guest_name": "Gast Zwei", "guest_ema": "04290002"})
    page = german.get(event.get_absolute_url())
    text = words(page)
    assert "Gast Eins" in text and "EMA 04290001" in text and "Spieler 14" in text
    assert event.entrants.count() == 16

    response = german.post(url(event, "event_close"), follow=True)
    text = words(response)
    assert "Wiederholte Begegnungen" in text  # the plan's quality, printed
    event.refresh_from_db()
    assert event.plan["quality"]["repeated_meetings"] == 0

    for number in range(1, 5):
        response = german.post(url(event, "event_seat"), follow=True)
        assert response.redirect_chain[-1][0] == url(event, "event_session", number)
        session = EventSession.objects.get(event=event, number=number)
        text = words(response)
        assert "Tisch 4" in text and "Ost" in text
        printed = words(german.get(url(event, "event_print", number)))
        assert "Gast Eins" in printed and "Tisch 4" in printed
        response = german.post(url(event, "event_session_start", number), follow=True)
        assert "Verbleibende Zeit" in words(response)
        projector = words(german.get(url(event, "event_projector")))
        assert "Tisch 1" in projector and "Rangliste" in projector
        for t, match in enumerate(session.matches.order_by("pk")):
            seated = match.seated_players()
            # A different winner at each table and session: the points spread out.
            hand = BIG_HAND if (t + number) % 2 else SMALL_HAND
            response = german.post(
                reverse("leagues:round_new", args=[event.league.slug, match.pk]),
                entry(match, seated[(t + number) % 4], hand),
            )
            assert response.status_code in (200, 302)
            assert match.rounds.count() == 1
        response = german.post(url(event, "event_session_end", number), follow=True)
        assert "Der Durchgang ist beendet." in words(response)
        assert all(m.status == Match.Status.FINISHED for m in session.matches.all())

    event.refresh_from_db()
    assert event.state == Event.State.FINISHED
    ranking = words(german.get(url(event, "event_ranking")))
    assert "Endstand" in ranking
    ema = german.get(url(event, "event_ema_csv"))
    rows = list(csv.reader(io.StringIO(ema.content.decode("utf-8-sig"))))
    assert rows[0] == ["place", "name", "ema_number", "points", "base_rank"]
    assert len(rows) == 17
    assert rows[1][0] == "1"
    assert {r[2] for r in rows[1:]} >= {"04290001", "04290002"}
    base = [float(r[4]) for r in rows[1:]]
    assert sum(base) == pytest.approx(8000, abs=0.1)
    assert base == sorted(base, reverse=True)
    plain = german.get(url(event, "event_ranking_csv"))
    assert len(list(csv.reader(io.StringIO(plain.content.decode("utf-8-sig"))))) == 17


def test_the_league_page_leads_to_the_tournament(german) -> None:
    event = create(german)
    page = german.get(event.league.get_absolute_url())
    assert event.get_absolute_url() in page.content.decode()


def test_visitors_see_the_ranking_but_change_nothing(german, client, outsider) -> None:
    event = create(german)
    other = Client()
    other.force_login(outsider)
    assert other.get(event.get_absolute_url()).status_code == 200
    assert other.get(url(event, "event_projector")).status_code == 200
    assert "register-form" not in other.get(event.get_absolute_url()).content.decode()
    assert other.post(url(event, "event_register"), {"guest_name": "Eve"}).status_code == 403
    assert other.post(url(event, "event_close")).status_code == 403
    assert event.entrants.count() == 0


def test_a_league_that_is_no_tournament_has_no_event_pages(german, organiser) -> None:
    league = League.objects.create(club=create(german).league.club, name="Liga", slug="liga")
    league.organisers.add(organiser)
    assert german.get(reverse("leagues:event", args=["liga"])).status_code == 404


def test_the_projector_refreshes_only_its_part(german) -> None:
    event = create(german)
    page = german.get(url(event, "event_projector"))
    assert 'hx-trigger="every 15s"' in page.content.decode()
    part = german.get(url(event, "event_projector"), headers={"HX-Request": "true"})
    body = part.content.decode()
    assert body.lstrip().startswith('<div id="projector"') and "<html" not in body


def test_a_forged_club_is_refused(german, organiser) -> None:
    from tests.clubs import other_club

    own = create(german).league.club  # she owns its league: the club is hers to choose
    foreign = other_club("Fremder Klub")
    response = german.post(
        reverse("leagues:event_new"),
        {
            "name": "X",
            "game": "mhing",
            "session_count": "4",
            "table_size": "4",
            "session_minutes": "90",
            "seating": "swiss",
            "tiebreak_1": "points",
            "club": str(foreign.pk),
        },
    )
    assert response.status_code == 200
    assert not Event.objects.filter(league__club=foreign).exists()
    assert re.search(r"field-error", response.content.decode())
    assert (
        german.post(
            reverse("leagues:event_new"),
            {
                "name": "Y",
                "game": "mhing",
                "session_count": "4",
                "table_size": "4",
                "session_minutes": "90",
                "seating": "swiss",
                "tiebreak_1": "points",
                "club": str(own.pk),
            },
        ).status_code
        == 302
    )
    assert Event.objects.get(league__name="Y").league.club == own


def test_a_name_that_would_be_a_formula_stays_text_in_the_downloads(german) -> None:
    event = create(german)
    german.post(url(event, "event_register"), {"guest_name": "=HYPERLINK(1)", "guest_ema": ""})
    for name in ("event_ema_csv", "event_ranking_csv"):
        body = german.get(url(event, name)).content.decode("utf-8-sig")
        assert "'=HYPERLINK(1)" in body
