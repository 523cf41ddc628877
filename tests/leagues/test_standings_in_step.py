"""The standings' kept rows (leagues.models.standing) stay in step with the rounds: after any
sequence of rounds recorded, corrected, deleted and undone, matches begun, files imported,
refusals and deletions in the admin, each row says what a rebuild from scratch says, and what
counting the seats and hands one by one in Python says."""

from __future__ import annotations

import random
from datetime import date, timedelta
from importlib import import_module

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse

from leagues.exchange.importer import ImportRefused, import_league
from leagues.models import (
    League,
    MahjonggGame,
    Match,
    Player,
    PlayerRating,
    PlayerStanding,
    RoundEntry,
    Seat,
    WinningHand,
)
from leagues.models.rating import rerate
from leagues.models.season_change import open_next_season, start_season
from leagues.models.standing import compute_standings, rebuild_standings
from tests.clubs import shared_club
from tests.migrating import historical_apps, rolled_back_to

from .conftest import BIG_HAND, SMALL_HAND, win

# PostgreSQL run: kept rows against a rebuild, through transactions and constraints.
pytestmark = pytest.mark.postgres

HAND_128 = "123b 456b 789b 22b 111b"
# 512, 128 and 4 points; the same hand twice in a league ties on points and credits, and the
# earliest wins (by match date, then the order rounds were entered).
HANDS = (BIG_HAND, HAND_128, HAND_128, SMALL_HAND, SMALL_HAND)
NAMES = ("Ada", "Bea", "Cem", "Dan", "Eli", "Fay", "Gus")
SEASON = date(2026, 9, 1)
# The last migration before the game's figures moved into PlayerStanding.game_figures.
BEFORE_GAME_FIGURES = [("leagues", "0027_remove_match_target_variant_round_limit")]


def kept(league: League, season=None) -> dict[int, tuple]:
    """The kept rows of all time (season None) or of one season, by player."""
    rows = PlayerStanding.objects.filter(league=league, season=season)
    return {row.player_id: row.figures()[3:] for row in rows}


def rebuilt(league: League, season=None) -> dict[int, tuple]:
    season_id = season.pk if season else None
    rows = compute_standings(league.pk, season_id=season_id)
    return {row.player_id: row.figures()[3:] for row in rows}


def counted(league: League, season=None) -> dict[int, tuple]:
    """The figures as docs/leagues.md defines them, counted in Python from every seat and hand
    (of one season, or all time); the last, the game's own (PlayerStanding.game_figures)."""
    figures: dict[int, list] = {}
    seats = Seat.objects.filter(match__league=league).select_related("match")
    hands = WinningHand.objects.filter(round__match__league=league).select_related("round__match")
    if season is not None:
        seats = seats.filter(match__season=season)
        hands = hands.filter(round__match__season=season)
    for seat in seats:
        row = figures.setdefault(seat.player_id, [0, 0, 0, 0, {}])
        row[0] += 1
        row[1] += seat.match.is_finished and seat.place == 1
    best: dict[int, tuple] = {}
    if league.game == "mahjongg":  # games won by calling Mah-Jongg (docs/mahjongg_leagues.md)
        return _counted_mahjongg(league, seats, figures)
    for hand in hands:
        winner = hand.round.winner_id
        row = figures.setdefault(winner, [0, 0, 0, 0, {}])
        row[2] += 1
        row[3] += hand.points
        order = (-hand.points, -hand.credits, hand.round.match.played_on, hand.round_id)
        if winner not in best or order < best[winner]:
            best[winner] = order
            row[4] = {
                "best_hand": {
                    "hand": hand.hand,
                    "points": hand.points,
                    "credits": hand.credits,
                    "match_id": hand.round.match_id,
                    "round_number": hand.round.number,
                }
            }
    return {player_id: tuple(row) for player_id, row in figures.items()}


def _counted_mahjongg(league: League, seats, figures: dict) -> dict[int, tuple]:
    owner = {(seat.match_id, seat.position): seat.player_id for seat in seats}
    for seat in seats:
        own = figures[seat.player_id][4]
        own["balance"] = own.get("balance", 0) + seat.total
    best: dict[int, tuple] = {}
    games = MahjonggGame.objects.filter(match__in={s.match_id for s in seats})
    for game in games.select_related("match"):
        if game.caller is None:
            continue
        winner = owner[(game.match_id, game.caller)]
        row = figures[winner]
        row[2] += 1
        row[3] += game.best
        order = (-game.best, game.match.played_on, game.match_id, game.number)
        if winner not in best or order < best[winner]:
            best[winner] = order
            row[4]["best_game"] = {
                "points": game.best,
                "match_id": game.match_id,
                "number": game.number,
            }
    return {player_id: tuple(row) for player_id, row in figures.items()}


def ratings(league: League) -> dict[tuple, tuple]:
    return {
        (r.season_id, r.player_id): (r.mu, r.sigma, r.ordinal, r.matches)
        for r in PlayerRating.objects.filter(league=league)
    }


def assert_in_step(league: League, after: str) -> None:
    for season in [None, *league.seasons.all()]:
        scope = f"season {season.number}" if season else "all time"
        counted_now = counted(league, season)
        assert rebuilt(league, season) == counted_now, (
            f"a rebuild differs from counting ({scope}), after {after}"
        )
        assert kept(league, season) == counted_now, (
            f"the kept rows are out of step ({scope}) after {after}"
        )
    # The ratings kept equal the ratings rated again from scratch, per season and all time.
    before = ratings(league)
    rerate(league)
    assert ratings(league) == before, f"the ratings are out of step after {after}"


class Season:
    """A league played at random: each `step` is one organiser's action, refused or not."""

    def __init__(self, league: League, rng: random.Random) -> None:
        self.league = league
        self.rng = rng
        self.seasons_started = 0
        self.pool = [
            Player.objects.get_or_create(club=shared_club(), display_name=name)[0] for name in NAMES
        ]

    def entry(self, match: Match) -> RoundEntry:
        if self.rng.random() < 0.15:
            return RoundEntry.draw()
        seated = match.seated_players()
        winner = self.rng.choice(seated)
        discarder = None
        if self.rng.random() < 0.5:
            discarder = self.rng.choice([p for p in seated if p != winner])
        return win(winner, self.rng.choice(HANDS), discarder)

    def matches(self) -> list[Match]:
        return list(Match.objects.filter(league=self.league).order_by("pk"))

    def any_round(self):
        matches = [m for m in self.matches() if m.rounds.exists()]
        if not matches:
            return None, None
        match = self.rng.choice(matches)
        round_ = self.rng.choice(list(match.rounds.select_related("winner", "discarder", "hand")))
        return match, round_

    def begin(self) -> str:
        players = self.rng.sample(self.pool, self.rng.randint(2, 4))
        chips = self.rng.random() < 0.2
        Match.begin(
            self.league,
            players,
            first_dealer=0,
            played_on=SEASON + timedelta(days=self.rng.randrange(5)),
            rules={
                "target": self.rng.choice((300, 600, 1000)),
                "variant": "chips" if chips else "points",
                "round_limit": self.rng.choice((3, 5)) if chips else None,
            },
        )
        return "a match begun"

    def record(self) -> str:
        matches = self.matches()
        if not matches:
            return self.begin()
        match = self.rng.choice(matches)
        match.record_round(self.entry(match))
        return f"a round recorded in match {match.pk}"

    def correct(self) -> str:
        match, round_ = self.any_round()
        if round_ is None:
            return self.record()
        match.correct_round(round_, self.entry(match), by=None, expected_version=round_.version)
        return f"round {round_.number} of match {match.pk} corrected"

    def delete(self) -> str:
        match, round_ = self.any_round()
        if round_ is None:
            return self.record()
        match.delete_round(round_, by=None, expected_version=round_.version)
        return f"round {round_.number} of match {match.pk} deleted"

    def undo(self) -> str:
        match = self.rng.choice(self.matches() or [None])
        if match is None:
            return self.begin()
        match.undo_last_round(by=None)
        return f"the last round of match {match.pk} undone"

    def import_file(self) -> str:
        matches = []
        for _ in range(self.rng.randint(1, 2)):
            names = self.rng.sample(NAMES, self.rng.randint(2, 4))
            rounds = []
            for _ in range(self.rng.randint(0, 4)):
                if self.rng.random() < 0.15:
                    rounds.append({"outcome": "draw"})
                else:
                    rounds.append(
                        {"winner": self.rng.choice(names), "hand": self.rng.choice(HANDS)}
                    )
            day = SEASON + timedelta(days=self.rng.randrange(5))
            matches.append({"date": day.isoformat(), "players": names, "rounds": rounds})
        import_league({"format_version": 1, "matches": matches}, into=self.league)
        return "a file imported"

    def new_season(self) -> str:
        """A new season; refused while a match runs, so a running one is finished first
        by taking the matches' rounds away (an undo) or it stays refused."""
        self.seasons_started += 1
        start_season(
            self.league,
            name=f"Part {self.seasons_started + 1}",
            starts_on=SEASON + timedelta(days=10 * self.seasons_started),
        )
        return "a new season started"

    def step(self) -> str:
        action = self.rng.choices(
            (
                self.begin,
                self.record,
                self.correct,
                self.delete,
                self.undo,
                self.import_file,
                self.new_season,
            ),
            weights=(2, 8, 3, 2, 2, 1, 1),
        )[0]
        try:
            return action()
        except (ValidationError, ImportRefused) as refused:  # nothing saved: still in step
            return f"a refusal ({refused})"


@pytest.fixture
def season_league(db):
    return League.objects.create(club=shared_club(), name="Random Club", slug="random-club")


@pytest.mark.parametrize("seed", range(6))
def test_the_kept_rows_equal_a_rebuild_after_every_change(season_league, seed):
    season = Season(season_league, random.Random(seed))
    actions = []
    for _ in range(45):
        actions.append(season.step())
        assert_in_step(season_league, after=" then ".join(actions[-3:]))
    assert len({a.split()[1] for a in actions}) > 3, actions  # the seed tried many kinds

    # A rebuild changes nothing, and the page reads the same.
    before = kept(season_league)
    rebuild_standings(season_league)
    assert kept(season_league) == before


@pytest.mark.parametrize("seed", range(2))
def test_the_rows_stay_in_step_across_seasons(season_league, seed):
    """As above, with two new seasons opened along the way even while matches run (as an
    import does): per season and all time, the kept rows equal a rebuild and the counting."""
    season = Season(season_league, random.Random(100 + seed))
    actions = []
    for step in range(36):
        if step in (12, 24):
            open_next_season(
                season_league,
                season_league.current_season,
                name=f"Part {step}",
                starts_on=SEASON + timedelta(days=step),
            )
            actions.append("a season opened")
        else:
            actions.append(season.step())
        assert_in_step(season_league, after=" then ".join(actions[-3:]))
    assert season_league.seasons.count() >= 3
    assert Match.objects.values("season").distinct().count() >= 2
    assert any("refusal" in action for action in actions[13:])  # archived matches refused


def test_another_leagues_rows_are_left_alone(season_league, players):
    other = League.objects.create(club=shared_club(), name="Other", slug="other")
    Match.begin(other, players[:2], first_dealer=0).record_round(win(players[1], BIG_HAND))
    theirs = kept(other)

    Season(season_league, random.Random(7)).record()
    match = Match.begin(season_league, players[:2], first_dealer=0)
    match.record_round(win(players[1], SMALL_HAND))

    assert kept(other) == theirs
    assert kept(season_league)[players[1].pk][3] == 4


def test_a_refused_round_changes_no_row(season_league, players):
    match = Match.begin(season_league, players[:2], first_dealer=0, rules={"target": 100})
    match.record_round(win(players[0], HAND_128))  # 128: the match is over
    before = kept(season_league)

    with pytest.raises(ValidationError):
        match.record_round(win(players[1], BIG_HAND))

    assert kept(season_league) == before


def test_a_match_deleted_in_the_admin_leaves_the_standings(season_league, players, admin_client):
    kept_match = Match.begin(season_league, players[:2], first_dealer=0)
    kept_match.record_round(win(players[0], SMALL_HAND))
    gone = Match.begin(season_league, players[1:3], first_dealer=0)
    gone.record_round(win(players[2], BIG_HAND))

    response = admin_client.post(
        reverse("admin:leagues_match_delete", args=[gone.pk]), {"post": "yes"}
    )

    assert response.status_code == 302
    assert_in_step(season_league, after="the admin deleted a match")
    assert players[2].pk not in kept(season_league)
    assert kept(season_league)[players[1].pk][0] == 1


def test_the_admins_delete_selected_action_leaves_the_standings(
    season_league, players, admin_client
):
    for seated in (players[:2], players[2:]):
        Match.begin(season_league, seated, first_dealer=0).record_round(win(seated[0]))
    first = Match.objects.filter(league=season_league).order_by("pk").first()

    admin_client.post(
        reverse("admin:leagues_match_changelist"),
        {"action": "delete_selected", "_selected_action": [first.pk], "post": "yes"},
    )

    assert not Match.objects.filter(pk=first.pk).exists()
    assert_in_step(season_league, after="the admin's delete selected")
    assert set(kept(season_league)) == {players[2].pk, players[3].pk}


def test_the_migration_fills_the_rows_of_leagues_played_before_it(season_league, transactional_db):
    """0005's fill, run with the models as they were before the game's figures moved into
    PlayerStanding.game_figures, then those migrations (0028-0030): the rows it leaves say
    what counting says."""
    season = Season(season_league, random.Random(3))
    for _ in range(20):
        season.step()
    expected = counted(season_league)

    steps = rolled_back_to(BEFORE_GAME_FIGURES)
    old = historical_apps(next(steps), BEFORE_GAME_FIGURES)
    try:
        old.get_model("leagues", "PlayerStanding").objects.all().delete()
        migration = import_module("leagues.migrations.0005_player_standing")
        migration.fill_standings(old, None)
    finally:
        next(steps, None)  # forward to the latest migration

    assert kept(season_league) == expected  # all time: what that migration knew of


def test_rebuild_standings_mends_rows_edited_by_hand(season_league, players, capsys):
    match = Match.begin(season_league, players, first_dealer=0)
    match.record_round(win(players[0], BIG_HAND))
    PlayerStanding.objects.filter(player=players[0], season=None).update(points=7)
    PlayerStanding.objects.filter(player=players[1], season=None).delete()

    call_command("rebuild_standings", season_league.slug)

    assert_in_step(season_league, after="rebuild_standings")
    assert "Random Club, rows mended: 2" in capsys.readouterr().out


def test_rebuild_standings_check_only_reports_and_exits_1(season_league, players, capsys):
    Match.begin(season_league, players[:2], first_dealer=0).record_round(win(players[0]))
    PlayerStanding.objects.filter(player=players[0], season=None).update(rounds_won=9)

    with pytest.raises(CommandError) as refused:
        call_command("rebuild_standings", "--check")

    assert refused.value.returncode == 1
    assert "Random Club, rows out of step: 1" in capsys.readouterr().out
    assert kept(season_league)[players[0].pk][2] == 9  # nothing written


def test_rebuild_standings_names_an_unknown_league_and_exits_2(season_league):
    with pytest.raises(CommandError, match="no league with the short name 'nowhere'") as refused:
        call_command("rebuild_standings", season_league.slug, "nowhere")

    assert refused.value.returncode == 2
