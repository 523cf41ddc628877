"""A match as a league stored it, replayed around the games that cannot be
(scoring.mahjongg.match.replay_stored: what `rescore_mahjongg` and a match's page use)."""

from __future__ import annotations

from scoring.mahjongg.match import GameEntry, replay, replay_stored
from scoring.mahjongg.profile import Profile

CALLER = "123b 456b 789b 234c 55k win=5k by=wall"
DRAGONS = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c Ew Sw Nw"
PLAIN = "2b 5b 8b 1c 4c 8c 3k 6k 9k Ew Sw Ww Gd"
OTHER = "[777c] 999b 23b 1k 4k 6k Rd Wd"
SOUND = GameEntry(0, (CALLER, DRAGONS, PLAIN, OTHER))
SECOND = GameEntry(1, (OTHER, CALLER, PLAIN, DRAGONS))
# Each hand sound alone; a red dragon pon in three of them (§1.1).
IMPOSSIBLE = GameEntry(1, (DRAGONS, "[RdRdRd] 123b 456b 789b 55k win=5k by=wall", DRAGONS, PLAIN))
STORED = [10, 20, -10, -20]


def test_a_sound_match_is_its_replay() -> None:
    done = replay(Profile(), [SOUND, SECOND])
    stored = replay_stored(Profile(), [SOUND, SECOND], [[0] * 4] * 2)
    assert stored.outcomes == done.outcomes and stored.refused == ()
    assert (stored.balance, stored.next) == (done.balance, done.next)


def test_a_game_that_cannot_be_counts_as_stored_and_the_rest_is_replayed() -> None:
    stored = replay_stored(Profile(), [SOUND, IMPOSSIBLE, SECOND], [[], STORED, []])
    assert [error.number for error in stored.refused] == [2]
    assert stored.refused[0].kind == "one_set"
    assert stored.outcomes[1] is None
    # Game 3 is played with the winds it has when game 2's caller won it, whatever its tiles.
    sound = replay(Profile(), [SOUND, SECOND, SECOND])
    assert stored.outcomes[2].game == sound.outcomes[2].game
    assert stored.next == sound.next
    first = stored.outcomes[0].net
    assert stored.balances[1] == tuple(a + b for a, b in zip(first, STORED, strict=True))
    assert stored.balance == tuple(
        a + b for a, b in zip(stored.balances[1], stored.outcomes[2].net, strict=True)
    )


def test_after_a_caller_who_is_no_player_the_games_count_as_stored() -> None:
    nowhere = GameEntry(7, SOUND.hands)
    stored = replay_stored(Profile(), [nowhere, SECOND], [STORED, [1, 1, -1, -1]])
    assert [error.kind for error in stored.refused] == ["caller"]
    assert stored.outcomes == (None, None) and stored.next is None
    assert stored.balance == (11, 21, -11, -21)
