"""When a match ends otherwise than by play: an organiser ended it here, or it ran past its
length (a number of hands, or minutes since it began). Both games ask this as they settle
(Match.settle_rounds, mahjongg_game._store), with what their own rules say and the hands
entered; the match's places are then those of its totals at that hand (docs/organisers.md,
"Ending a match here")."""

from __future__ import annotations

from datetime import datetime, timedelta


def how_it_ends(match, finished_by_play: bool, hands: int, last_hand_at: datetime | None) -> str:
    """`match.ended` as it now stands: "" while play alone decides (still running, or
    finished by its target or its chips), else `Match.Ended.HERE` or `Match.Ended.LENGTH`."""
    from .match import Match

    if finished_by_play:
        return ""
    if match.ended == Match.Ended.HERE and hands:  # all its hands undone: it runs again
        return Match.Ended.HERE
    if past_length(match, hands, last_hand_at):
        return Match.Ended.LENGTH
    if match.ended == Match.Ended.LENGTH and hands and not _has_length(match):
        return Match.Ended.LENGTH  # from a league file: its length was the other site's
    # A length end undone (its last hand deleted) runs again.
    return ""


def _has_length(match) -> bool:
    return match.length_hands is not None or match.length_minutes is not None


def past_length(match, hands: int, last_hand_at: datetime | None) -> bool:
    """Whether the match has run its length with `hands` entered, the last at
    `last_hand_at`: the hand in play when the time ran out is the last one."""
    if match.length_hands is not None and hands >= match.length_hands:
        return True
    if match.length_minutes is not None and hands and last_hand_at is not None:
        return last_hand_at - match.created_at >= timedelta(minutes=match.length_minutes)
    return False
