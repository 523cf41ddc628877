"""Creating a league and changing its settings from the app's own pages (leagues.views.
league_admin), with the league's `version` guarding against two organisers saving at once,
and removing organisers. Any signed-in account may create a league and becomes its first
organiser (docs/organisers.md)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils.translation import gettext as _

from leagues.errors import StaleEdit

from .club import Club
from .league import League
from .league_log import LeagueEvent, log_event
from .roster import _atomic

# What the settings page edits, in the order the history lists changes.
SETTINGS = (
    "name",
    "slug",
    "game",
    "rules",
    "match_hands",
    "match_minutes",
    "is_public",
    "players_may_enter",
    "correction_minutes",
    "live_guests",
    "bot_matches",
)


@_atomic
def create_league(values: dict, by, club: Club | None = None) -> League:
    """A new league organised and owned by `by`, in `club` (one where `by` owns a league:
    Club.objects.owned_by), else in a new club named after the league."""
    if club is None:
        club = Club.create_named(values["name"])
    elif not Club.objects.owned_by(by).filter(pk=club.pk).exists():
        raise ValidationError(club_refused_message(), code="club")
    league = League(club=club, **{name: values[name] for name in SETTINGS})
    league.owner = by
    league.full_clean()
    league.save()
    league.organisers.add(by)
    log_event(league, LeagueEvent.Action.LEAGUE_CREATED, by=by, name=league.name, slug=league.slug)
    return league


def club_refused_message() -> str:
    return _(
        "Only the owner of one of a club's leagues can add a league to that club: ask them, "
        "or start a new club."
    )


@_atomic
def change_settings(league: League, values: dict, by, expected_version: int) -> dict:
    """Save the settings; what changed, as {field: [before, after]} (also in the history).
    Refused when someone saved the settings since the form was loaded."""
    locked = League.objects.select_for_update().get(pk=league.pk)
    if locked.version != expected_version:
        raise StaleEdit(
            _(
                "Another organiser changed the settings while you were editing them. Nothing "
                "was saved: look at them again."
            ),
            code="stale",
        )
    changes = {
        name: [_setting(locked, name), values[name]]
        for name in SETTINGS
        if _setting(locked, name) != values[name]
    }
    if not changes:
        return {}
    if "game" in changes and locked.matches.exists():
        raise ValidationError(
            {"game": _("The league has matches: the game it plays can no longer change.")},
            code="game_fixed",
        )
    for name, (_before, after) in changes.items():
        setattr(locked, name, after)
    locked.full_clean(exclude=["organisers", "players", "retired_players"])
    locked.version = F("version") + 1
    locked.save()
    log_event(locked, LeagueEvent.Action.SETTINGS_CHANGED, by=by, changes=changes)
    return changes


def _setting(league: League, name: str):
    if name == "rules":  # {} stands for the defaults: compare the rules themselves
        return league.rule_profile().to_dict()
    return getattr(league, name)


@_atomic
def remove_organiser(league: League, user, by) -> None:
    """Take away someone's organiser role; never the last organiser's, and never the
    owner's: co-organisers remove each other and themselves, the owner anyone else, and the
    owner leaves only after handing the league over."""
    locked = League.objects.select_for_update().get(pk=league.pk)
    if not league.organisers.filter(pk=user.pk).exists():
        return  # removed already, by someone else
    if locked.owner_id is not None and locked.owner_id == user.pk:
        if user.pk == by.pk:
            message = _(
                "You own the league: hand it over to another organiser before you stop "
                "organising it."
            )
        else:
            message = _(
                "%(name)s owns the league and cannot be removed by another organiser; only "
                "they can hand the league over."
            ) % {"name": user.get_username()}
        raise ValidationError(message, code="owner")
    if league.organisers.count() <= 1:
        raise ValidationError(
            _("%(name)s is the league's only organiser: invite another one before leaving.")
            % {"name": user.get_username()},
            code="last_organiser",
        )
    league.organisers.remove(user)
    log_event(league, LeagueEvent.Action.ORGANISER_REMOVED, by=by, organiser=user.get_username())


@_atomic
def hand_over(league: League, to, by) -> None:
    """Make `to`, an organiser, the league's owner. Only the owner does it (or any organiser,
    and staff, while the league has none); checked under the league's lock, so two hand-overs
    at once cannot both pass."""
    locked = League.objects.select_for_update().get(pk=league.pk)
    if not may_hand_over(locked, by):
        raise ValidationError(_("Only the league's owner can hand it over."), code="not_owner")
    if not locked.organisers.filter(pk=to.pk).exists():
        raise ValidationError(
            _("%(name)s does not organise the league: invite them as a co-organiser first.")
            % {"name": to.get_username()},
            code="not_organiser",
        )
    if locked.owner_id == to.pk:
        return
    old = locked.owner.get_username() if locked.owner_id else ""
    League.objects.filter(pk=locked.pk).update(owner=to)
    league.owner = to
    log_event(
        league, LeagueEvent.Action.OWNER_CHANGED, by=by, to=to.get_username(), **{"from": old}
    )


def may_hand_over(league: League, user) -> bool:
    """The owner hands the league over; staff too, and any organiser while it has none."""
    if league.owner_id == user.pk or user.is_superuser:
        return True
    return league.owner_id is None and league.organisers.filter(pk=user.pk).exists()
