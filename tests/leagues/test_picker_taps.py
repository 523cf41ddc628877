"""What a picker tap costs on the round and game forms (docs/benchmarks.md): the
queries each asks; that a round form tap, which looks nothing up, tells a visitor only what
the hand in its query scores; and that the one query that finds the match still answers
every visitor of the form as before (organiser, seated member, outsider, anonymous; unknown
league, match or league mismatch)."""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest
from asgiref.sync import async_to_sync
from django.forms.utils import ErrorList
from django.test import AsyncClient, Client
from django.urls import reverse

from leagues.models import League, Match
from tests.clubs import shared_club

from .conftest import BIG_HAND
from .mahjongg_fixtures import OTHER, mj_league, mj_match  # noqa: F401 (fixtures)

# PostgreSQL run: counts queries.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

PREVIEW = {"HX-Request": "true", "HX-Target": "round-preview"}  # picker.js after a tap
MJ_TAP = {"HX-Request": "true", "HX-Target": "mj-live"}


def preview_url(match: Match, slug: str | None = None) -> str:
    url = reverse("leagues:round_new", args=[slug or match.league.slug, match.pk])
    return f"{url}?outcome=won&win_type=self_draw&version={match.version}&hand=567b+567b+678b"


def game_url(match: Match) -> str:
    return reverse("leagues:mj_game_new", args=[match.league.slug, match.pk])


def tap_url(match: Match) -> str:
    """The round form's address as picker.js asks it, with a whole winning hand."""
    url = reverse("leagues:round_new", args=[match.league.slug, match.pk])
    return f"{url}?{urlencode({'version': match.version, 'hand': BIG_HAND})}"


def test_a_round_form_tap_asks_no_query(
    organiser_client: Client, match: Match, django_assert_num_queries
) -> None:
    # What the hand scores needs neither the session, the user nor the match.
    with django_assert_num_queries(0):
        response = organiser_client.get(tap_url(match), headers=PREVIEW)

    assert response.status_code == 200
    assert 'id="preview-points">512 points<' in response.text


def test_a_round_form_tap_tells_anyone_only_what_the_hand_scores(
    client: Client, outsider, match: Match, league: League
) -> None:
    league.is_public = False
    league.save()
    client.force_login(outsider)

    tap = client.get(tap_url(match), headers=PREVIEW)
    form = client.get(tap_url(match))

    # What the calculator says of the hand, and nothing of the league or its players.
    assert tap.status_code == 200
    assert 'id="preview-points">512 points<' in tap.text
    names = [league.name, *(seat.player.display_name for seat in match.seats.all())]
    assert not [name for name in names if name in tap.text]
    # The form itself stays the league's members' own.
    assert form.status_code == 403


def test_a_game_form_tap_asks_five_queries(
    organiser_client: Client,
    mj_match: Match,  # noqa: F811 (the fixture)
    django_assert_max_num_queries,
) -> None:
    data = {"caller": "0", "version": mj_match.version, "picking": "0", "hand0": "", "add": "5k"}
    data |= {f"hand{p}": OTHER for p in (1, 2, 3)}

    # The session, the user, the match (with its league and whether the user organises it),
    # the stored games and the seats.
    with django_assert_max_num_queries(5):
        response = organiser_client.post(game_url(mj_match), data, headers=MJ_TAP)

    assert response.status_code == 200
    assert "mj-face-5k" in response.text


def test_an_outsider_is_refused_on_a_members_only_league_and_a_visitor_sent_to_sign_in(
    client: Client, outsider, match: Match, league: League
) -> None:
    league.is_public = False
    league.save()

    anonymous = client.get(preview_url(match))
    client.force_login(outsider)
    refused = client.get(preview_url(match))

    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("login"))
    assert refused.status_code == 403
    assert "for its members only" in refused.text


def test_an_outsider_may_see_a_public_league_but_not_enter_its_rounds(
    client: Client, outsider, match: Match
) -> None:
    client.force_login(outsider)

    response = client.get(preview_url(match))

    assert response.status_code == 403
    assert "organisers enter this match" in response.text


def test_a_seated_member_enters_rounds_where_the_league_lets_players_enter(
    client: Client, member, match: Match, league: League
) -> None:
    client.force_login(member)
    refused = client.get(preview_url(match))
    league.players_may_enter = True
    league.save()

    allowed = client.get(preview_url(match))

    assert refused.status_code == 403
    assert allowed.status_code == 200


def test_a_match_of_another_league_an_unknown_match_or_league_is_not_found(
    organiser_client: Client, organiser, match: Match
) -> None:
    start = match.league.season_start
    other = League.objects.create(
        club=shared_club(), name="Other", slug="other", season_start=start
    )
    other.organisers.add(organiser)
    hidden = League.objects.create(
        club=shared_club(), name="Hidden", slug="hidden", season_start=start, is_public=False
    )
    missing = Match(pk=match.pk + 1000, league=match.league)

    assert organiser_client.get(preview_url(match, slug="other")).status_code == 404
    assert organiser_client.get(preview_url(missing)).status_code == 404
    assert organiser_client.get(preview_url(match, slug="nowhere")).status_code == 404
    # A league the user may not see says so, whether or not the match is in it.
    assert organiser_client.get(preview_url(match, slug=hidden.slug)).status_code == 403


def test_a_players_field_shows_its_error_as_django_renders_an_error_list(
    organiser_client: Client,
    mj_match: Match,  # noqa: F811 (the fixture)
) -> None:
    data = {"caller": "0", "version": mj_match.version, "picking": "0", "action": "preview"}
    data |= {"hand0": "", "hand1": OTHER, "hand2": OTHER, "hand3": OTHER}  # Pia's are missing

    response = organiser_client.post(game_url(mj_match), data, headers=MJ_TAP)

    found = re.search(
        r'<div class="field" id="mj-typed-0".*?<div class="field-error" role="alert">(.*?)</div>',
        response.text,
        re.DOTALL,
    )
    assert found, "no error at the first player's field"
    messages = [html.unescape(text) for text in re.findall(r"<li>(.*?)</li>", found.group(1))]
    assert messages
    assert found.group(1) == str(ErrorList(messages, field_id="id_hand0"))


def test_a_round_form_tap_and_the_form_answer_through_asgi_as_through_wsgi(
    organiser_client: Client, outsider, match: Match
) -> None:
    # The view is async (a tap is answered on daphne's event loop); the form itself still
    # runs, with its checks, in a worker thread.
    async_organiser = AsyncClient()
    async_organiser.cookies = organiser_client.cookies
    async_outsider = AsyncClient()
    async_outsider.force_login(outsider)

    for headers in (PREVIEW, {}):
        wsgi = organiser_client.get(tap_url(match), headers=headers)
        asgi = async_to_sync(async_organiser.get)(tap_url(match), headers=headers)
        assert wsgi.status_code == asgi.status_code == 200
        if headers:
            assert asgi.content == wsgi.content
    assert 'id="round-form"' in asgi.text and "Save the round" in asgi.text
    refused = async_to_sync(async_outsider.get)(tap_url(match))
    assert refused.status_code == 403
