"""A league's roster as its organisers keep it (the roster page, leagues.views.roster): adding
players, retiring them, and the changes to a player record itself: renaming, merging two
records of one person, linking an account.

A player record is shared by every league the person plays in, and its name is unique on the
whole site. So a change to the record (rename, merge, link, unlink) is allowed only to whom
organises *every* league the player is in (or a superuser): an organiser of one league must
not rename someone on another club's score sheets, nor let an account into another club's
members-only league. Adding and retiring are the league's own business.

Each function checks, changes and logs in one transaction, and raises ValidationError (a
`StaleEdit` for a page loaded before someone else's change) when it refuses, changing
nothing.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext as _

from leagues.errors import StaleEdit, refused_when_busy
from leagues.names import refuse_control_characters

from .league import League
from .league_log import LeagueEvent, log_event
from .people import Player

NAME_LENGTH = Player._meta.get_field("display_name").max_length


def clean_name(name: str) -> str:
    """The name as stored: spaces collapsed (as the match form does)."""
    refuse_control_characters(name or "")
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError(_("Enter a name."), code="no_name")
    if len(name) > NAME_LENGTH:
        raise ValidationError(
            _("A name has at most %(count)s characters.") % {"count": NAME_LENGTH},
            code="too_long",
        )
    return name


def player_leagues(player: Player) -> models.QuerySet[League]:
    """Every league the player is in: on its roster, or seated in one of its matches."""
    return League.objects.filter(
        models.Q(players=player) | models.Q(matches__seats__player=player)
    ).distinct()


def may_change_record(user, player: Player) -> bool:
    """Whether `user` may rename, merge, link or unlink this player (module docstring)."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return not player_leagues(player).exclude(organisers=user).exists()


def _check_record(user, player: Player) -> None:
    if not may_change_record(user, player):
        others = ", ".join(
            player_leagues(player).exclude(organisers=user).values_list("name", flat=True)
        )
        raise ValidationError(
            _(
                "%(name)s also plays in leagues you do not organise (%(leagues)s): only "
                "someone who organises all of them, or the site's staff, can change this "
                "player."
            )
            % {"name": player.display_name, "leagues": others},
            code="other_leagues",
        )


def _name_taken(name: str, player: Player | None) -> ValidationError | None:
    other = Player.objects.filter(display_name__iexact=name)
    if player is not None:
        other = other.exclude(pk=player.pk)
    other = other.first()
    if other is None:
        return None
    return ValidationError(
        _(
            "The name “%(name)s” is already used by another player. If they are the same "
            "person, merge the two players instead."
        )
        % {"name": other.display_name},
        code="name_taken",
    )


def _atomic(function):
    """One transaction, the database's "busy" refused as `Busy` (as Match's saves do)."""
    atomic = transaction.atomic(function)

    def wrapper(*args, **kwargs):
        with refused_when_busy():
            return atomic(*args, **kwargs)

    wrapper.__doc__ = function.__doc__
    wrapper.__name__ = function.__name__
    return wrapper


@_atomic
def add_player(league: League, name: str, by) -> tuple[Player, bool]:
    """Put a player on the roster: the player of that name (in any capitalisation) if there
    is one, a new player otherwise; the player and whether it is new."""
    name = clean_name(name)
    player = Player.objects.filter(display_name__iexact=name).first()
    created = player is None
    if created:
        player = Player.objects.create(display_name=name)
    elif league.players.filter(pk=player.pk).exists():
        raise ValidationError(
            _("%(name)s is already on the roster.") % {"name": player.display_name},
            code="on_roster",
        )
    league.players.add(player)
    league.retired_players.remove(player)
    log_event(league, LeagueEvent.Action.PLAYER_ADDED, by=by, player=player.display_name)
    return player, created


@_atomic
def rename_player(league: League, player: Player, name: str, by, was: str) -> None:
    """Rename the player; `was` is the name the page showed (refused if it changed since)."""
    name = clean_name(name)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.display_name != was:
        raise StaleEdit(
            _("Someone renamed this player meanwhile, to “%(name)s”. Nothing was changed.")
            % {"name": player.display_name},
            code="stale",
        )
    _check_record(by, player)
    if name == player.display_name:
        return
    taken = _name_taken(name, player)
    if taken:
        raise taken
    player.display_name = name
    player.save(update_fields=["display_name"])
    log_event(league, LeagueEvent.Action.PLAYER_RENAMED, by=by, player=was, to=name)


@_atomic
def set_retired(league: League, player: Player, retired: bool, by) -> None:
    """Retire a player from this league (kept in old matches, the standings and the history,
    not offered for new matches), or bring them back."""
    if not league.players.filter(pk=player.pk).exists():
        raise ValidationError(_("This player is not on the league's roster."), code="roster")
    is_retired = league.retired_players.filter(pk=player.pk).exists()
    if is_retired == retired:
        return  # as asked already (a second click, or another organiser's)
    if retired:
        league.retired_players.add(player)
        action = LeagueEvent.Action.PLAYER_RETIRED
    else:
        league.retired_players.remove(player)
        action = LeagueEvent.Action.PLAYER_RETURNED
    log_event(league, action, by=by, player=player.display_name)


@_atomic
def link_account(league: League, player: Player, username: str, by) -> None:
    """Link the player to the account of that user name."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    _check_record(by, player)
    if player.user_id is not None:
        raise ValidationError(
            _("%(name)s is linked to an account already: unlink it first.")
            % {"name": player.display_name},
            code="linked",
        )
    username = (username or "").strip()
    user_model = get_user_model()
    account = user_model.objects.filter(**{user_model.USERNAME_FIELD: username}).first()
    if account is None:
        raise ValidationError(
            _("There is no account with the user name “%(username)s”.") % {"username": username},
            code="no_account",
        )
    other = Player.objects.filter(user=account).first()
    if other is not None:
        raise ValidationError(
            _("The account “%(username)s” is linked to the player %(name)s already.")
            % {"username": username, "name": other.display_name},
            code="account_taken",
        )
    player.user = account
    player.save(update_fields=["user"])
    log_event(
        league,
        LeagueEvent.Action.PLAYER_LINKED,
        by=by,
        player=player.display_name,
        account=account.get_username(),
    )


@_atomic
def unlink_account(league: League, player: Player, by) -> None:
    player = Player.objects.select_for_update(of=("self",)).select_related("user").get(pk=player.pk)
    _check_record(by, player)
    if player.user is None:
        return
    account = player.user.get_username()
    player.user = None
    player.save(update_fields=["user"])
    log_event(
        league,
        LeagueEvent.Action.PLAYER_UNLINKED,
        by=by,
        player=player.display_name,
        account=account,
    )
