"""Merging two player records of one person (typed twice, "Anna" and "Anna B."): everything
of the one merged away (its seats, the rounds it won, discarded into or dealt, its winning
hands with them, its leagues, its account) passes to the one kept, and the ratings and
standings of every league concerned are computed again from scratch."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from .league import League
from .league_log import LeagueEvent, log_event
from .match import Match, Seat
from .people import Player
from .rating import rerate
from .roster import _atomic, _check_record, player_leagues
from .round import Round
from .standing import rebuild_standings


@_atomic
def merge_players(league: League, merged: Player, kept: Player, by) -> list[League]:
    """Merge `merged` into `kept`, which keeps its name; the leagues whose figures changed.
    Refused when both sat in one match (one person, two seats: they are two people), when
    both are linked to accounts, or when the organiser may not change either record
    (leagues.models.roster)."""
    if merged.pk == kept.pk:
        raise ValidationError(_("Choose two different players."), code="same")
    # The players' matches first, in the order a round's save takes its locks (its
    # match, then the league): a round saved in one of them meanwhile lands before the merge
    # (which then moves it too) or is refused as stale (the versions are bumped below); the
    # other order deadlocked on PostgreSQL (tests/faults/test_concurrent_club_season.py).
    # The kept player's matches too: a round they win commits with a key-share lock on
    # their row, which the merge holds.
    both = (
        Match.objects.select_for_update(of=("self",))
        .filter(seats__player__in=[merged.pk, kept.pk])
        .order_by("pk")
        .values_list("pk", "seats__player")
    )
    matches = [pk for pk, seated in both if seated == merged.pk]
    locked = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[merged.pk, kept.pk])
    }
    if len(locked) != 2:
        raise ValidationError(_("One of the players is gone meanwhile."), code="gone")
    merged, kept = locked[merged.pk], locked[kept.pk]
    _check_record(by, merged, league)
    _check_record(by, kept, league)
    shared = (
        Seat.objects.filter(player=merged, match__seats__player=kept)
        .select_related("match__league")
        .order_by("match__played_on", "match_id")
        .first()
    )
    if shared is not None:
        raise ValidationError(
            _(
                "%(merged)s and %(kept)s both sat in one match (%(match)s), so they are two "
                "people: they cannot be merged."
            )
            % {
                "merged": merged.display_name,
                "kept": kept.display_name,
                "match": _("%(league)s, match of %(date)s")
                % {"league": shared.match.league, "date": date_format(shared.match.played_on)},
            },
            code="same_match",
        )
    if merged.user_id and kept.user_id:
        raise ValidationError(
            _("Both players are linked to accounts: unlink one of them first."),
            code="two_accounts",
        )
    leagues = list(player_leagues(merged))
    merged_name, kept_name = merged.display_name, kept.display_name
    moved = Seat.objects.filter(player=merged).update(player=kept)
    # A score sheet shown before the merge names a player who is gone: its saves are stale.
    Match.objects.filter(pk__in=matches).update(version=F("version") + 1)
    for field in ("winner", "discarder", "dealer"):
        Round.objects.filter(**{field: merged}).update(**{field: kept})
    for each in leagues:
        if each.players.filter(pk=merged.pk).exists():
            each.players.add(kept)
    account = merged.user
    merged.delete()  # its ratings and standings rows go with it; all are rebuilt below
    if account is not None:
        kept.user = account
        kept.save(update_fields=["user"])
    for each in leagues:
        rerate(each)
        rebuild_standings(each)
        log_event(
            each,
            LeagueEvent.Action.PLAYERS_MERGED,
            by=by,
            player=merged_name,
            into=kept_name,
            matches=moved,
        )
    return leagues
