"""A Mah-Jongg match replayed from its entries (scoring.mahjongg.match)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.mahjongg import Method, Rotation, Wind
from scoring.mahjongg import match as match_module
from scoring.mahjongg.match import EntryError, GameEntry, replay
from scoring.mahjongg.profile import Profile

CALLER = "123b 456b 789b 234c 55k win=5k by=wall"  # East: 96; as any other seat: 48
OTHER = "[777c] 999b 23b 1k 4k 6k Rd Wd"  # 10
DRAGONS = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c Ew Sw Nw"  # 8
PLAIN = "2b 5b 8b 1c 4c 8c 3k 6k 9k Ew Sw Ww Gd"  # 0
OTHER2 = "[888c] 111b 45b 2k 3k 7k Nw Wd"  # 10
# All five together hold no fifth copy of a tile (§1.1), so any four of them are a game.


def win(caller: int) -> GameEntry:
    hands = [OTHER, DRAGONS, PLAIN, OTHER2]
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
    draw = GameEntry(None, (OTHER, DRAGONS, "", OTHER2))
    assert replay(Profile(), [draw]).outcomes[0].net == (0, 0, 0, 0)
    with pytest.raises(EntryError) as raised:
        replay(Profile(settled_draw=True), [draw])
    assert (raised.value.kind, raised.value.player) == ("empty", 2)
    settled = replay(Profile(settled_draw=True), [GameEntry(None, (OTHER, DRAGONS, PLAIN, OTHER2))])
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
        (("123b 456b 789c 345k 5c 7c win=7c by=wall", OTHER, PLAIN, OTHER2), 0, "not_winning", 0),
        ((CALLER, CALLER, PLAIN, OTHER2), 0, "win_not_caller", 1),
        ((OTHER, OTHER2, PLAIN, CALLER), 0, "caller_no_win", 0),
        ((CALLER, f"{OTHER} seat=S", PLAIN, OTHER2), 0, "context", 1),
        ((CALLER, OTHER, PLAIN), 0, "players", None),
    ],
)
def test_what_cannot_be_entered_says_why_and_whose(hands, caller, kind, player):
    with pytest.raises(EntryError) as raised:
        replay(Profile(), [GameEntry(caller, hands)])
    assert (raised.value.kind, raised.value.player) == (kind, player)


def test_bonus_tiles_are_refused_when_the_league_plays_without():
    hands = (CALLER, OTHER, f"{PLAIN} F1", OTHER2)
    with pytest.raises(EntryError) as raised:
        replay(Profile(bonus_tiles=False), [GameEntry(0, hands)])
    assert raised.value.kind == "bonus_off"


def test_a_limit_caps_each_hand():
    seven_pairs = "33b 44b 66c 99c 22k EwEw WdWd win=Ew by=wall"
    match = replay(Profile(limit=500), [GameEntry(1, (OTHER, seven_pairs, PLAIN, OTHER2))])
    assert match.outcomes[0].totals[1] == 500


# -- properties ---------------------------------------------------------------------------


HANDS = (OTHER, DRAGONS, PLAIN, OTHER2)


@st.composite
def matches(draw):
    profile = Profile(
        settle=draw(st.sampled_from(Method)),
        limit=draw(st.sampled_from([50, 3000])),
        rotation=draw(st.sampled_from(Rotation)),
        players=draw(st.sampled_from([3, 4])),
        settled_draw=draw(st.booleans()),
    )
    callers = draw(st.lists(st.one_of(st.none(), st.integers(0, profile.players - 1)), max_size=12))
    entries = []
    for caller in callers:
        hands = list(HANDS[: profile.players])
        if caller is not None:
            hands[caller] = CALLER
        entries.append(GameEntry(caller, tuple(hands)))
    return profile, entries


@settings(max_examples=60, deadline=None)
@given(matches())
def test_every_game_settles_to_zero_and_the_balance_is_the_running_sum(drawn):
    profile, entries = drawn
    try:
        match = replay(profile, entries)
    except EntryError as error:  # a match over before its last entry
        assert error.kind == "match_over"
        return
    running = [0] * profile.players
    for outcome in match.outcomes:
        assert sum(outcome.net) == 0
        if outcome.entry.caller is not None:
            assert outcome.net[outcome.entry.caller] >= 0  # the caller never pays
        running = [a + b for a, b in zip(running, outcome.net, strict=True)]
        assert list(outcome.balance) == running
        assert max(outcome.totals) <= profile.limit
    assert list(match.balance) == running


@settings(max_examples=40)
@given(matches())
def test_games_added_one_by_one_replay_as_the_whole_match_does(drawn):
    """A league replays its match whenever a game is added; the replay continues from the
    one before (scoring.mahjongg.match._REPLAYED) and must equal a replay from the first game."""
    profile, entries = drawn
    added = None
    for count in range(1, len(entries) + 1):
        try:
            added = replay(profile, entries[:count])
        except EntryError as error:
            assert error.kind == "match_over"
            entries = entries[: count - 1]
            break
    match_module._REPLAYED.items.clear()
    whole = replay(profile, entries) if entries else None
    assert added == whole or not entries
    # Another profile never continues this one's replay.
    other = replace(profile, limit=profile.limit // 2)
    if entries:
        continued = replay(other, entries)
        match_module._REPLAYED.items.clear()
        assert continued == replay(other, entries)
