"""Hostile and absurd input to the club-season pages: invitation links tampered
with, cut short or meant for another league; forged POSTs by a member, an outsider and an
anonymous visitor to every organiser endpoint; and absurd values an organiser (or a script
posing as one) may send: 10,000 names, a 1 MB name, expiry days out of range, a season
starting in year 9999, control characters in names. Each is answered with a clear error
(or the refusal the persona gets anywhere), never a server error, and changes nothing.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import signing
from django.urls import reverse

from leagues.models import (
    ClubNight,
    Invite,
    League,
    LeagueEvent,
    Match,
    Player,
    RoundEntry,
    Season,
)
from leagues.models.invites import SALT
from tests.clubs import shared_club

from . import club_forms
from .club_forms import form_post

pytestmark = pytest.mark.django_db
players, league = club_forms.players, club_forms.league
organiser_client = club_forms.organiser_client

SMALL_HAND = "123c 456b 789k 234c 55k"
NOT_VALID = "This invitation link is not valid."


@pytest.fixture
def match(league, players, organiser):
    match = Match.begin(league, players, first_dealer=0, by=organiser, rules={"target": 10**6})
    match.record_round(RoundEntry(winner=players[1], hand=SMALL_HAND))
    match.refresh_from_db()
    return match


@pytest.fixture
def invite(league, organiser):
    return Invite.issue(league, role="member", new_player_name="Wanda", by=organiser)


def snapshot() -> dict:
    """Everything an organiser endpoint could change."""
    return {
        "leagues": list(League.objects.order_by("pk").values()),
        "organisers": list(League.organisers.through.objects.order_by("pk").values()),
        "roster": list(League.players.through.objects.order_by("pk").values()),
        "retired": list(League.retired_players.through.objects.order_by("pk").values()),
        "players": list(Player.objects.order_by("pk").values("pk", "display_name", "user")),
        "users": list(get_user_model().objects.order_by("pk").values_list("username")),
        "invites": list(Invite.objects.order_by("pk").values()),
        "matches": list(Match.objects.order_by("pk").values("pk", "status", "version")),
        "seasons": list(Season.objects.order_by("pk").values()),
        "nights": ClubNight.objects.count(),
        "events": LeagueEvent.objects.count(),
    }


# -- invitation links --------------------------------------------------------------------------


def tokens(invite: Invite, other_league_invite: Invite) -> dict[str, str]:
    token = invite.token
    value, signature = token.rsplit(":", 1)
    flipped = signature[:-1] + ("A" if signature[-1] != "A" else "B")
    return {
        "tampered signature": f"{value}:{flipped}",
        "truncated": token[: len(token) // 2],
        "signature dropped": value,
        "another invitation's number, old signature": signing.dumps(
            other_league_invite.pk, salt=SALT
        ).rsplit(":", 1)[0]
        + f":{signature}",
        "signed without the salt": signing.dumps(invite.pk),
        "signed for a password reset": signing.dumps(invite.pk, salt="django.contrib.auth"),
        "a number that was never issued": signing.dumps(999_999, salt=SALT),
        "not a number": signing.dumps(str(invite.pk), salt=SALT),
        "a list": signing.dumps([invite.pk], salt=SALT),
        "4 KB of junk": "x" * 4_000,
        "unicode": "ünïcødé:✓",
    }


@pytest.fixture
def other_invite(organiser):
    other = League.objects.create(club=shared_club(), name="Wednesday Club", slug="wednesday")
    other.organisers.add(organiser)
    return Invite.issue(other, role="organiser", by=organiser)


@pytest.mark.parametrize(
    "kind",
    [
        "tampered signature",
        "truncated",
        "signature dropped",
        "another invitation's number, old signature",
        "signed without the salt",
        "signed for a password reset",
        "a number that was never issued",
        "not a number",
        "a list",
        "4 KB of junk",
        "unicode",
    ],
)
def test_a_forged_invitation_link_is_not_valid_and_creates_nothing(
    client, outsider, invite, other_invite, kind
):
    token = tokens(invite, other_invite)[kind]
    before = snapshot()

    shown = client.get(f"/invite/{token}/")
    signed_up = client.post(
        f"/invite/{token}/",
        {
            "username": "mallory",
            "email": "m@example.org",
            "password1": "a-long-pass-phrase-42",
            "password2": "a-long-pass-phrase-42",
        },
    )
    client.force_login(outsider)
    accepted = client.post(f"/invite/{token}/")

    for response in (shown, signed_up, accepted):
        assert response.status_code == 404, (kind, response.status_code)
        assert NOT_VALID in response.content.decode()
    assert snapshot() == before


def test_another_leagues_invitation_cannot_be_revoked_from_this_league(
    organiser_client, league, other_invite
):
    """Olga organises both leagues; the revoke address names Tuesday's league and
    Wednesday's invitation: not found, and Wednesday's invitation still works."""
    before = snapshot()

    response = organiser_client.post(f"/leagues/tuesday/invites/{other_invite.pk}/revoke/")

    assert response.status_code == 404
    assert snapshot() == before
    other_invite.refresh_from_db()
    assert other_invite.is_open


def test_an_invitation_of_another_league_joins_that_league_only(client, outsider, other_invite):
    client.force_login(outsider)

    response = client.post(f"/invite/{other_invite.token}/")

    assert response.status_code == 302
    assert League.objects.get(slug="wednesday").is_organiser(outsider)
    assert not League.objects.filter(organisers=outsider).exclude(slug="wednesday").exists()


# -- forged POSTs to every organiser endpoint ---------------------------------------------------


def forged_posts(league, match, invite, players, organiser) -> list[tuple[str, dict]]:
    """(address, data) for every organiser action, each filled in as the organiser's own
    page would send it."""
    slug = league.slug
    pia, quentin, rosa = players[0], players[1], players[2]
    settings = {
        "name": "Taken over",
        "slug": slug,
        "default_variant": league.rule_profile().variant.value,
        "default_target": str(league.rule_profile().target),
        "bot_matches": league.bot_matches,
        "is_public": "on",
        "version": str(league.version),
    }
    night = {
        "present": [str(p.pk) for p in players],
        "played_on": "2026-10-06",
        "variant": "points",
        "target_points": "500",
        "seed": "1",
        "since": "0",
        "step": "create",
        "order": ",".join(str(p.pk) for p in players),
    }
    return [
        (f"/leagues/{slug}/members/", {"role": "organiser", "days": "30"}),
        (f"/leagues/{slug}/invites/{invite.pk}/revoke/", {}),
        (f"/leagues/{slug}/settings/", settings),
        (f"/leagues/{slug}/settings/organisers/{organiser.pk}/remove/", {}),
        (f"/leagues/{slug}/players/", {"name": "Mallory"}),
        (f"/leagues/{slug}/players/{rosa.pk}/", {"action": "rename", "name": "X", "was": "Rosa"}),
        (f"/leagues/{slug}/players/{rosa.pk}/", {"action": "retire"}),
        (f"/leagues/{slug}/players/{rosa.pk}/", {"action": "link", "username": "otto"}),
        (f"/leagues/{slug}/players/{pia.pk}/", {"action": "unlink"}),
        (f"/leagues/{slug}/players/merge/", {"merged": str(quentin.pk), "kept": str(rosa.pk)}),
        (f"/leagues/{slug}/matches/{match.pk}/abandon/", {"version": str(match.version)}),
        (f"/leagues/{slug}/matches/{match.pk}/delete/", {"version": str(match.version)}),
        (f"/leagues/{slug}/nights/new/", night),
        (
            f"/leagues/{slug}/seasons/new/",
            {"name": "Mine now", "starts_on": "2027-01-01", "confirm": "on"},
        ),
    ]


def test_forged_posts_by_a_member_an_outsider_and_a_visitor_change_nothing(
    client, league, match, invite, players, organiser, member, outsider
):
    posts = forged_posts(league, match, invite, players, organiser)
    assert {reverse("leagues:" + name, args=[league.slug]) for name in ("members", "roster")} <= {
        url for url, _ in posts
    }
    before = snapshot()
    answers = []
    for who in (None, member, outsider):
        if who is None:
            client.logout()
        else:
            client.force_login(who)
        for url, data in posts:
            answers.append((who and who.username, url, data.get("action"), client.post(url, data)))
        answers.append(
            (who and who.username, "history", None, client.get(f"/leagues/{league.slug}/history/"))
        )

    for who, url, action, response in answers:
        if who is None:  # asked to sign in first
            assert response.status_code == 302, (who, url, action, response.status_code)
            assert response["Location"].startswith("/accounts/login/")
        else:
            assert response.status_code == 403, (who, url, action, response.status_code)
            assert "Only the league&#x27;s organisers can do this." in response.content.decode()
    assert snapshot() == before


# -- absurd input ------------------------------------------------------------------------------


def test_ten_thousand_names_at_once_are_refused(organiser_client, league):
    before = snapshot()

    many_fields = organiser_client.post(
        f"/leagues/{league.slug}/players/", {"name": [f"Player {i}" for i in range(10_000)]}
    )
    one_field = organiser_client.post(
        f"/leagues/{league.slug}/players/",
        {"name": "\n".join(f"Player {i}" for i in range(10_000))},
    )

    # Django's limit on a request's fields (DATA_UPLOAD_MAX_NUMBER_FIELDS): 400, not a 500.
    assert many_fields.status_code == 400
    assert one_field.status_code == 200
    assert "Ensure this value has at most 80 characters" in one_field.content.decode()
    assert snapshot() == before


MEGABYTE_NAME = "A" * 1_000_000


@pytest.mark.parametrize(
    "where",
    ["roster", "rename", "invite", "settings", "season"],
)
def test_a_one_megabyte_name_is_refused_everywhere(organiser_client, league, players, where):
    before = snapshot()
    url, data = form_post(league, players, where, MEGABYTE_NAME)

    response = organiser_client.post(url, data)

    assert response.status_code in (200, 400), response.status_code
    assert "Ensure this value has at most" in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("days", ["-1", "0", "2", "99999999999999999999", "1e9", "seven", ""])
def test_invitation_expiry_days_out_of_range_are_refused(organiser_client, league, days):
    before = snapshot()

    response = organiser_client.post(
        f"/leagues/{league.slug}/members/",
        {"role": "member", "new_player_name": "Wanda", "days": days},
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "Select a valid choice." in page or "This field is required." in page
    assert snapshot() == before


@pytest.mark.parametrize(
    "starts_on, error",
    [
        ("9999-12-31", "The new season must start at most a year from today."),
        ("10000-01-01", "Enter a valid date."),
        ("0001-01-01", "The new season cannot start before the current one began"),
        ("2027-02-30", "Enter a valid date."),
        ("-2027-01-01", "Enter a valid date."),
    ],
)
def test_a_season_start_out_of_reach_is_refused(organiser_client, league, starts_on, error):
    before = snapshot()

    response = organiser_client.post(
        f"/leagues/{league.slug}/seasons/new/",
        {"name": "Far away", "starts_on": starts_on, "confirm": "on"},
    )

    assert response.status_code == 200
    assert error in response.content.decode()
    assert snapshot() == before


CONTROL_NAMES = {
    "null": "Eve\x00",
    "bell": "Eve\x07",
    "escape": "\x1b[31mEve",
    "delete": "Eve\x7f",
    "right-to-left override": "Eve\u202egnp.exe",
    "left-to-right mark": "\u200eEve",
    "isolate": "Eve\u2066x\u2069",
    "C1 control": "Eve\x85x",
}


@pytest.mark.parametrize("kind", list(CONTROL_NAMES))
@pytest.mark.parametrize("where", ["roster", "rename", "invite", "new match"])
def test_control_characters_in_a_name_are_refused(organiser_client, league, players, kind, where):
    name = CONTROL_NAMES[kind]
    before = snapshot()
    url, data = form_post(league, players, where, name)

    response = organiser_client.post(url, data)

    assert response.status_code in (200, 400), response.status_code
    page = response.content.decode()
    assert (
        "A name cannot contain control characters" in page
        or "Null characters are not allowed." in page
    ), page[-2000:]
    assert snapshot() == before


def test_an_address_of_10_kb_is_answered_414_not_looked_up(client):
    response = client.get(f"/invite/{'x' * 10_000}/")

    assert response.status_code == 414


def test_names_in_other_scripts_and_with_joiners_are_still_welcome(organiser_client, league):
    """The refusal is for invisible controls only: names in any script, with accents, and
    the joiners some scripts and emoji need, are added as typed."""
    names = ["Zoë", "王小明", "محمد", "می‌خواهم", "👩‍👩‍👧 Fam"]  # noqa: RUF001
    for name in names:
        response = organiser_client.post(f"/leagues/{league.slug}/players/", {"name": name})
        assert response.status_code == 302, (name, response.content.decode()[-1000:])
    assert set(names) <= set(league.players.values_list("display_name", flat=True))
