"""A league's roster as its organisers keep it (the roster page, leagues.views.roster): adding
players, retiring them, and the changes to a player record itself: renaming, merging two
records of one person, unlinking an account.

A player belongs to one club (leagues.models.club) and may be in several of its leagues; its
name is unique inside the club only, and a name is never looked up in another club. So a
change to the record (rename, merge, unlink) is allowed only to whom organises *every* league
of the club the player is in (or a superuser), and only from a league of the player's own
club. An account is linked to a player only by its owner, accepting an invitation
(leagues.models.invites): no organiser can link someone else's account, and an invitation
for a player links only when its maker may change that player's record (the same rule: a
link opens every members-only league the player is in). Adding and retiring are the
league's own business.

Each function checks, changes and logs in one transaction, and raises ValidationError (a
`StaleEdit` for a page loaded before someone else's change) when it refuses, changing
nothing.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from leagues.errors import StaleEdit, refused_when_busy
from leagues.look_alikes import look_alike, refuse_mixed_scripts
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
    """Every league of the player's club the player is in: on its roster, or seated in one
    of its matches."""
    return (
        League.objects.filter(club=player.club_id)
        .filter(models.Q(players=player) | models.Q(matches__seats__player=player))
        .distinct()
    )


def may_change_record(user, player: Player, league: League | None = None) -> bool:
    """Whether `user` may rename, merge or unlink this player (module docstring), from
    `league`'s pages when given: never a player of another club."""
    if not user.is_authenticated:
        return False
    if league is not None and league.club_id != player.club_id:
        return False
    if user.is_superuser:
        return True
    return not player_leagues(player).exclude(organisers=user).exists()


def _check_record(user, player: Player, league: League | None = None) -> None:
    if league is not None and league.club_id != player.club_id:
        raise ValidationError(_("This player is not on the league's roster."), code="roster")
    if not may_change_record(user, player):
        raise ValidationError(
            _(
                "%(name)s also plays in leagues you do not organise (%(leagues)s): only "
                "someone who organises all of them, or the site's staff, can change this "
                "player."
            )
            % {"name": player.display_name, "leagues": leagues_not_organised(user, player)},
            code="other_leagues",
        )


def leagues_not_organised(user, player: Player) -> str:
    """The player's leagues `user` does not organise, for a refusal: named only where the
    user may read them; the others are counted."""
    others = player_leagues(player).exclude(organisers=user)
    readable = League.objects.visible_to(user).values("pk")
    names = list(others.filter(pk__in=readable).values_list("name", flat=True))
    hidden = others.exclude(pk__in=readable).count()
    if hidden:
        names.append(
            ngettext("%(count)s members-only league", "%(count)s members-only leagues", hidden)
            % {"count": hidden}
        )
    return ", ".join(names)


def _name_taken(club, name: str, player: Player | None) -> ValidationError | None:
    """The "name taken" error when another player of the club has the name (any
    capitalisation); another club's players are never looked at."""
    other = Player.objects.named(club, name)
    if player is not None:
        other = other.exclude(pk=player.pk)
    other = other.first()
    if other is None:
        return None
    return name_taken_error(other.display_name)


def name_taken_error(name: str) -> ValidationError:
    return ValidationError(
        _(
            "The name “%(name)s” is already used by another player. If they are the same "
            "person, merge the two players instead."
        )
        % {"name": name},
        code="name_taken",
    )


def refuse_look_alike(club, name: str, player: Player | None = None) -> None:
    """Refuse a name new to the club (a new player's, or `player`'s new name) that could pass
    for another player of the club (leagues.look_alikes: "Аnna Bäcker" with a Cyrillic А
    beside "Anna Bäcker"), naming that player; or that mixes alphabets in one word."""
    others = Player.objects.in_club(getattr(club, "pk", club))
    if player is not None:
        others = others.exclude(pk=player.pk)
    refusal = _look_alike_refusal(name, list(others.values_list("display_name", flat=True)))
    if refusal is not None:
        raise refusal


def look_alike_refusals(club, names: list[str]) -> list[str]:
    """What refuse_look_alike says of each of several names new to the club (an imported
    file's), each also compared with the names before it."""
    players = Player.objects.in_club(getattr(club, "pk", club))
    others = list(players.values_list("display_name", flat=True))
    refusals = []
    for name in names:
        refusal = _look_alike_refusal(name, others)
        if refusal is not None:
            refusals.extend(refusal.messages)
        others.append(name)
    return refusals


def _look_alike_refusal(name: str, others: list[str]) -> ValidationError | None:
    other = look_alike(name, others)
    if other is not None and other.casefold() == name.casefold():
        # The same name in other capitals is taken, not a look-alike: met when another
        # organiser added it a moment after this request looked it up.
        return name_taken_error(other)
    if other is not None:
        return look_alike_error(name, other)
    try:
        refuse_mixed_scripts(name)
    except ValidationError as error:
        return error
    return None


def look_alike_error(name: str, other: str) -> ValidationError:
    return ValidationError(
        _(
            "“%(name)s” looks too much like “%(other)s”, already a player of the club "
            "(letters of another alphabet, or capitals). If they are one person, use that "
            "name; otherwise choose a name that tells them apart."
        )
        % {"name": name, "other": other},
        code="look_alike",
    )


def create_player(club, name: str, **fields) -> Player:
    """A new player of the club. The database refuses a name the club has already (in any
    capitalisation), also one another organiser added a moment ago: that refusal, caught in
    a savepoint so the caller's transaction goes on, is the form's "name taken" error, never
    a server error nor a second player of the name."""
    try:
        with transaction.atomic():
            return Player.objects.create(
                club_id=getattr(club, "pk", club), display_name=name, **fields
            )
    except IntegrityError:
        other = Player.objects.named(club, name).first()
        if other is None:  # not the name: the account is linked in the club already
            raise
        raise name_taken_error(other.display_name) from None


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
    """Put a player on the roster: the club's player of that name (in any capitalisation)
    if there is one, a new player of the club otherwise; the player and whether it is new."""
    name = clean_name(name)
    player = Player.objects.named(league.club_id, name).first()
    created = player is None
    if created:
        refuse_look_alike(league.club_id, name)
        player = create_player(league.club_id, name)
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
def add_players(league: League, names: list[str], by) -> list[tuple[Player, bool]]:
    """Put several players on the roster (add_player for each), all or none: one refused
    name refuses them all, with every name's reason."""
    added, problems = [], []
    for name in names:
        try:
            added.append(add_player(league, name, by=by))
        except ValidationError as error:
            problems.extend(error.messages)
    if problems:
        raise ValidationError(problems, code="refused")
    return added


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
    _check_record(by, player, league)
    if name == player.display_name:
        return
    taken = _name_taken(player.club_id, name, player)
    if taken:
        raise taken
    refuse_look_alike(player.club_id, name, player)
    player.display_name = name
    try:
        with transaction.atomic():  # a savepoint: another organiser may take the name now
            player.save(update_fields=["display_name"])
    except IntegrityError:
        raise name_taken_error(name) from None
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
def unlink_account(league: League, player: Player, by) -> None:
    player = Player.objects.select_for_update(of=("self",)).select_related("user").get(pk=player.pk)
    _check_record(by, player, league)
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
