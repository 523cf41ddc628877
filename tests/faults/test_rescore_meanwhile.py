"""`manage.py rescore_mahjongg` meeting what else happens to a league: a correction opened
before the rescore and saved after it is refused as stale (never saved over the rescored
figures), and stored games the engine cannot read at all are reported, not a crash
(leagues.models.mahjongg_rescore)."""

from __future__ import annotations

from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from leagues.models import League, MahjonggGame, Match, Player
from leagues.models.mahjongg_entry import record_game
from scoring.mahjongg.match import GameEntry
from tests.clubs import shared_club

pytestmark = pytest.mark.django_db

CALLER = "123b 456b 789b 234c 55k win=5k by=wall"
DRAGONS = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c Ew Sw Nw"
PLAIN = "2b 5b 8b 1c 4c 8c 3k 6k 9k Ew Sw Ww Gd"
OTHER = "[888c] 111b 45b 2k 3k 7k Nw Wd"
# Scored 48 by the book before 2026-11-28 (a pair of a wind neither seat nor round: 0).
WIND_PAIR = "123b 456b 789k 345c SwSw win=4c by=wall"


@pytest.fixture
def match(organiser) -> Match:
    league = League.objects.create(
        name="Dragons", slug="dragons", game="mahjongg", club=shared_club()
    )
    league.organisers.add(organiser)
    players = [
        Player.objects.create(display_name=n, club=shared_club())
        for n in ("Pia", "Quentin", "Rosa", "Sven")
    ]
    match = Match.begin(league, players, played_on=date(2026, 10, 1), by=organiser)
    record_game(match, GameEntry(0, (WIND_PAIR, DRAGONS, PLAIN, OTHER)), by=organiser)
    # As the old book stored it: Pia 48, her payments 2 x 4 less from each player.
    game = match.mj_games.get()
    game.scores = [48, 8, 0, 10]
    game.net = [n - 24 if i == 0 else n + 8 for i, n in enumerate(game.net)]
    game.balance = list(game.net)
    game.save()
    return match


def rescore() -> tuple[str, int]:
    out, err = StringIO(), StringIO()
    try:
        call_command("rescore_mahjongg", stdout=out, stderr=err)
    except CommandError as error:
        return out.getvalue() + err.getvalue() + str(error), error.returncode
    return out.getvalue(), 0


def test_a_correction_opened_before_the_rescore_is_refused_as_stale(client, organiser, match):
    client.force_login(organiser)
    url = reverse("leagues:mj_game_edit", args=["dragons", match.pk, 1])
    opened = client.get(url).context["form"].initial["version"]
    out, status = rescore()
    assert status == 0 and "game 1: Pia 48 → 52" in out
    hands = {f"hand{n}": hand for n, hand in enumerate((CALLER, DRAGONS, PLAIN, OTHER))}
    response = client.post(url, {"caller": "0", "version": opened, "action": "save", **hands})
    assert response.status_code == 200
    assert "Your correction was not saved" in response.content.decode()
    game = match.mj_games.get()
    assert game.hands[0] == WIND_PAIR and game.scores == [52, 8, 0, 10]


def test_stored_tiles_the_engine_cannot_read_are_reported_not_a_crash(match):
    MahjonggGame.objects.filter(match=match).update(hands=["5z" * 50, "[[", "}{", "☃ win= by="])
    out, status = rescore()
    assert status == 1
    assert f"dragons, match of 2026-10-01 (#{match.pk}), game 1 cannot be: " in out
    assert "Games that cannot be: 1." in out
    assert match.mj_games.get().hands[1] == "[["  # kept as it was
