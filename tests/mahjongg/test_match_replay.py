"""A Mah-Jongg match replayed from its entries (scoring.mahjongg.match)."""

from __future__ import annotations

import pytest

from scoring.mahjongg import Method, Rotation, Wind
from scoring.mahjongg.match import EntryError, GameEntry, replay
from scoring.mahjongg.profile import Profile

CALLER = "123b 456b 789b 234c 55k win=5k by=wall"  # East: 96; as any other seat: 48
OTHER = "[777c] 999b 23b 1k 4k 6k Rd Wd"  # 10
DRAGONS = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c Ew Sw Nw"  # 8
PLAIN = "2b 5b 8b 1c 4c 7c 3k 6k 9k Ew Sw Ww Rd"  # 0


def win(caller: int) -> GameEntry:
    hands = [OTHER, DRAGONS, PLAIN, OTHER]
    hands[caller] = CALLER
    return GameEntry(caller, tuple(hands))


def test_one_game_scores_every_hand_and_settles_to_zero():
    match = replay(Profile(), [win(0)])
    (game,) = match.outcomes
    assert game.totals == (96, 8, 0, 10)
    assert game.game.round_wind is Wind.EAST and game.east == 0
    # diff (§5): each pays East (double) the difference, then S, W, N settle theirs.
    assert game.net == (2 * 88 + 2 * 96 + 2 * 86, -176 + 8 - 2, -192 - 8 - 10, -172 + 2 + 10)
    assert sum(game.net) == 0 and match.balance == game.net


def test_full_settlement_and_the_running_balance():
    match = replay(Profile(settle=Method.FULL), [win(0), win(1)])
    first, second = match.outcomes
    assert sum(second.net) == 0
    assert second.balance == tuple(a + b for a, b in zip(first.net, second.net, strict=True))
    assert match.places()[0] == 1


def test_east_passes_on_after_the_round_and_the_match_ends():
    # Draws are no dealer wins: four games a round, four rounds.
    entries = [win(1), *[GameEntry(None, ("", "", "", ""))] * 15]
    match = replay(Profile(), entries)
    assert match.finished
    fifth = match.outcomes[4]
    assert fifth.game.round_wind is Wind.SOUTH and fifth.east == 1
    with pytest.raises(EntryError) as raised:
        replay(Profile(), [*entries, win(1)])
    assert raised.value.kind == "match_over" and raised.value.number == 17


def test_a_draw_pays_nothing_unless_draws_are_settled():
    draw = GameEntry(None, (OTHER, DRAGONS, "", OTHER))
    assert replay(Profile(), [draw]).outcomes[0].net == (0, 0, 0, 0)
    with pytest.raises(EntryError) as raised:
        replay(Profile(settled_draw=True), [draw])
    assert (raised.value.kind, raised.value.player) == ("empty", 2)
    settled = replay(Profile(settled_draw=True), [GameEntry(None, (OTHER, DRAGONS, PLAIN, OTHER))])
    # Everyone pays each higher score the difference, East (10) double: N 10 is level.
    assert settled.outcomes[0].net == (2 * 2 + 2 * 10, -4 + 8 - 2, -20 - 8 - 10, 2 + 10)
    assert sum(settled.outcomes[0].net) == 0


def test_three_players_and_the_classical_rotation():
    profile = Profile(players=3, rotation=Rotation.CLASSICAL)
    match = replay(profile, [GameEntry(1, (OTHER, CALLER, PLAIN))])
    assert match.next.seats == (Wind.WEST, Wind.EAST, Wind.SOUTH)
    assert sum(match.outcomes[0].net) == 0


@pytest.mark.parametrize(
    ("hands", "caller", "kind", "player"),
    [
        ((CALLER, OTHER, PLAIN, "5z"), 0, "invalid", 3),
        (("123b 456b 789c 345k 5c 7c win=7c by=wall", OTHER, PLAIN, OTHER), 0, "not_winning", 0),
        ((CALLER, CALLER, PLAIN, OTHER), 0, "win_not_caller", 1),
        ((OTHER, OTHER, PLAIN, CALLER), 0, "caller_no_win", 0),
        ((CALLER, f"{OTHER} seat=S", PLAIN, OTHER), 0, "context", 1),
        ((CALLER, OTHER, PLAIN), 0, "players", None),
    ],
)
def test_what_cannot_be_entered_says_why_and_whose(hands, caller, kind, player):
    with pytest.raises(EntryError) as raised:
        replay(Profile(), [GameEntry(caller, hands)])
    assert (raised.value.kind, raised.value.player) == (kind, player)


def test_bonus_tiles_are_refused_when_the_league_plays_without():
    hands = (CALLER, OTHER, f"{PLAIN} F1", OTHER)
    with pytest.raises(EntryError) as raised:
        replay(Profile(bonus_tiles=False), [GameEntry(0, hands)])
    assert raised.value.kind == "bonus_off"


def test_a_limit_caps_each_hand():
    seven_pairs = "33b 44b 66c 88c 22k EwEw WdWd win=Ew by=wall"
    match = replay(Profile(limit=500), [GameEntry(1, (OTHER, seven_pairs, PLAIN, OTHER))])
    assert match.outcomes[0].totals[1] == 500
