"""When a match ends otherwise than by play: an organiser ended it here, or it ran past its
length (a number of hands, or minutes since it began). Both games ask this as they settle
(settle.record_result, fed by settle.settle_rounds and mahjongg_game.store_replay), with what their
own rules say and the hands entered; the match's places are then those of its totals at that
hand (docs/organisers.md, "Ending a match here")."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import models
from django.utils.translation import gettext_lazy


class Ended(models.TextChoices):
    """Why a match ended otherwise than by play (`Match.ended`; empty: it did not)."""

    HERE = "here", gettext_lazy("Ended here by an organiser")
    LENGTH = "length", gettext_lazy("Ended by its length")


def how_it_ends(match, finished_by_play: bool, hands: int, last_hand_at: datetime | None) -> str:
    """`match.ended` as it now stands: "" while play alone decides (still running, or
    finished by its target or its chips), else `Ended.HERE` or `Ended.LENGTH`."""
    if finished_by_play:
        return ""
    if match.ended == Ended.HERE and hands:  # all its hands undone: it runs again
        return Ended.HERE
    if past_length(match, hands, last_hand_at):
        return Ended.LENGTH
    if match.ended == Ended.LENGTH and hands and not _has_length(match):
        return Ended.LENGTH  # from a league file: its length was the other site's
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
