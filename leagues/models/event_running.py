"""Running a tournament (leagues.models.event): creating it with its league, registering
players, seating each session (the plan made in advance while its players are all there,
swiss otherwise), starting a session (its tables' matches begin) and ending it, and the
ranking. Each change in one transaction; the views only call these."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.text import slugify
from django.utils.translation import gettext as _

from leagues.tournaments.quality import quality
from leagues.tournaments.seating import SeatingError, plan_seating
from leagues.tournaments.swiss import session_quality, swiss_session

from .event import Entrant, Event, EventSession
from .event_ranking import ranking
from .league import RESERVED_SLUGS, League, lock_league
from .league_settings import create_league
from .match import Match
from .match_end import end_match
from .people import Player
from .roster import clean_name, create_player, refuse_look_alike

# Planning in advance at registration's close: bounded by steps, so the same registration
# gets the same plan on any machine, and the organiser waits seconds, not a minute.
PLAN_STEPS = 20000
PLAN_SECONDS = 20.0
SLUG_ATTEMPTS = 5


def free_slug(name: str) -> str:
    base = slugify(name)[:50] or "event"
    slug, n = base, 1
    while League.objects.filter(slug=slug).exists() or slug in RESERVED_SLUGS:
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def create_event(values: dict, by, club=None) -> Event:
    """A new event and its league (organised and owned by `by`), in `club` (one where `by`
    owns a league) or a new club named after the event. `values`: name, game,
    session_count, table_size, session_minutes, tiebreaks, seating."""
    # The short name is the event's name, free a moment ago: another tournament of that
    # name created at the same moment may take it first (full_clean's check or the unique
    # index), and the next free one is taken then.
    for attempt in range(SLUG_ATTEMPTS):
        try:
            with transaction.atomic():
                league = create_league(
                    {
                        "name": values["name"],
                        "slug": free_slug(values["name"]),
                        "game": values["game"],
                        "rules": {},  # the game's defaults
                        "match_hands": None,
                        # The session's clock ends the tables, not the match length.
                        "match_minutes": None,
                        "is_public": True,
                        "players_may_enter": True,
                        # A table corrects its rounds (confirmed again) for the usual time.
                        "correction_minutes": League._meta.get_field("correction_minutes").default,
                        "live_guests": False,
                        "bot_matches": "humans",
                    },
                    by=by,
                    club=club,
                )
            break
        except IntegrityError:
            if attempt == SLUG_ATTEMPTS - 1:
                raise
        except ValidationError as error:
            if "slug" not in getattr(error, "error_dict", {}) or attempt == SLUG_ATTEMPTS - 1:
                raise
    event = Event(
        league=league,
        session_count=values["session_count"],
        table_size=values["table_size"],
        session_minutes=values["session_minutes"],
        tiebreaks=list(values["tiebreaks"]),
        seating=values["seating"],
        created_by=by,
    )
    event.full_clean(exclude=["league"])
    event.save()
    return event


def _next_number(event: Event) -> int:
    return (event.entrants.aggregate(n=Max("number"))["n"] or 0) + 1


def _refuse_after_registration(event: Event) -> None:
    if event.state == Event.State.FINISHED:
        raise ValidationError(_("The tournament is over."), code="finished")


@transaction.atomic
def register_players(event: Event, players: list[Player]) -> int:
    """Register club players (those registered already are skipped); how many were new."""
    _refuse_after_registration(event)
    lock_league(event.league_id)
    known = set(event.entrants.values_list("player_id", flat=True))
    number = _next_number(event)
    late = event.state == Event.State.RUNNING
    added = 0
    for player in players:
        if player.club_id != event.league.club_id or player.pk in known or player.is_bot:
            continue
        Entrant.objects.create(
            event=event,
            number=number,
            player=player,
            status=Entrant.Status.LATE if late else Entrant.Status.ACTIVE,
        )
        number, added = number + 1, added + 1
    return added


@transaction.atomic
def register_guest(event: Event, name: str, ema_number: str = "") -> Entrant:
    """A guest by name (and EMA number): a new player of the club, or the club's player of
    that name if there is one (never two entries for one player)."""
    _refuse_after_registration(event)
    lock_league(event.league_id)
    name = clean_name(name)
    club = event.league.club_id
    player = Player.objects.named(club, name).first()
    if player is None:
        refuse_look_alike(club, name)
        player = create_player(club, name)
    if event.entrants.filter(player=player).exists():
        raise ValidationError(
            _("%(name)s is registered already.") % {"name": player.display_name}, code="twice"
        )
    return Entrant.objects.create(
        event=event,
        number=_next_number(event),
        player=player,
        ema_number=ema_number.strip(),
        guest=True,
        status=Entrant.Status.LATE if event.state == Event.State.RUNNING else "active",
    )


@transaction.atomic
def change_entrant(event: Event, entrant: Entrant, status: str, ema_number: str | None = None):
    """Mark an entrant playing, late or dropped out (from the next session seated on)."""
    if status not in Entrant.Status.values:
        raise ValidationError(_("Unknown status."), code="status")
    entrant.status = status
    if ema_number is not None:
        entrant.ema_number = ema_number.strip()
    entrant.save(update_fields=["status", "ema_number"])


@transaction.atomic
def substitute(event: Event, dropped: Entrant, name: str, ema_number: str = "") -> Entrant:
    """A substitute for a player who dropped out: registered as a guest, playing at once,
    and sitting where the plan made in advance seats the player they replace."""
    if dropped.status != Entrant.Status.DROPPED:
        raise ValidationError(
            _("Only a player who dropped out can be replaced."), code="not_dropped"
        )
    sub = register_guest(event, name, ema_number)
    sub.status = Entrant.Status.ACTIVE
    sub.substitute_for = dropped
    sub.save(update_fields=["status", "substitute_for"])
    return sub


# -- seating -------------------------------------------------------------------------------


def _playing(event: Event) -> list[Entrant]:
    return list(event.entrants.filter(status=Entrant.Status.ACTIVE).select_related("player"))


def _history(event: Event) -> list[list[list[int]]]:
    return [s.seating for s in event.sessions.order_by("number")]


@transaction.atomic
def close_registration(event: Event) -> Event:
    """Registration ends: a plan made in advance is made now, for the players registered
    (numbered 1..N). Nothing is seated yet."""
    if event.state != Event.State.REGISTRATION:
        raise ValidationError(_("Registration is closed already."), code="closed")
    entrants = _playing(event)
    if event.table_size == 4 and (len(entrants) < 4 or len(entrants) == 5):
        raise ValidationError(
            _("%(n)d players cannot be seated at tables of four and three.") % {"n": len(entrants)},
            code="count",
        )
    if event.seating == Event.Seating.PLANNED and event.table_size == 4:
        # Renumber: the players playing 1..N in registration order, so that the plan's
        # numbers are theirs; the others (late, dropped) after them.
        others = [e for e in event.entrants.order_by("number") if e not in entrants]
        everyone = [*entrants, *others]
        for n, entrant in enumerate(everyone, start=1):
            Entrant.objects.filter(pk=entrant.pk).update(number=10000 + n)
        for n, entrant in enumerate(everyone, start=1):
            Entrant.objects.filter(pk=entrant.pk).update(number=n)
        plan = plan_seating(
            len(entrants), event.session_count, event.seed, PLAN_SECONDS, PLAN_STEPS
        )
        event.plan = {**plan.as_json(), "quality": quality(plan).as_json()}
    event.state = Event.State.RUNNING
    event.save(update_fields=["plan", "state"])
    return event


def _planned_tables(event: Event, number: int, playing: list[Entrant]) -> list[list[int]] | None:
    """Session `number` of the plan, with substitutes in their players' seats; None when
    the plan cannot be followed (someone of it is not playing and has no substitute, or a
    player is playing who is not in it)."""
    rounds = event.plan.get("rounds") or []
    if number > len(rounds):
        return None
    seat_of = {}  # plan number -> entrant number now
    for entrant in playing:
        original = entrant
        while original.substitute_for_id is not None:
            original = Entrant.objects.get(pk=original.substitute_for_id)
        seat_of[original.number] = entrant.number
    planned = {p for table in rounds[number - 1] for p in table}
    if set(seat_of) != planned:
        return None
    return [[seat_of[p] for p in table] for table in rounds[number - 1]]


@transaction.atomic
def seat_next_session(event: Event) -> EventSession:
    """The next session's tables: the plan's, if it can be followed, else swiss from the
    ranking so far. Refused while a session is seated or running, or when all are played."""
    if event.state != Event.State.RUNNING:
        raise ValidationError(_("Close the registration first."), code="registration")
    lock_league(event.league_id)
    if event.sessions.exclude(state=EventSession.State.ENDED).exists():
        raise ValidationError(_("End the session in play first."), code="in_play")
    number = event.sessions.count() + 1
    if number > event.session_count:
        raise ValidationError(_("Every session has been played."), code="done")
    playing = _playing(event)
    history = _history(event)
    tables = None
    how = Event.Seating.SWISS
    if event.seating == Event.Seating.PLANNED:
        tables = _planned_tables(event, number, playing)
        if tables is not None:
            how = Event.Seating.PLANNED
    if tables is None:
        order = [r.player for r in ranking(event) if r.player in {e.number for e in playing}]
        try:
            tables = [
                list(t)
                for t in swiss_session(order, history, event.table_size, seed=event.seed + number)
            ]
        except SeatingError as error:
            raise ValidationError(str(error), code="seating") from error
    # The game's own rule for a table (Mah-Jongg seats exactly its profile's players), asked
    # now, so a session that could not begin is never seated.
    league = event.league
    by_number = {e.number: e.player for e in playing}
    for table in tables:
        league.kind.check_seats(league.rule_profile(), [by_number[n] for n in table])
    figures = session_quality(history, tables) if history or tables else None
    return EventSession.objects.create(
        event=event,
        number=number,
        seating=tables,
        how=how,
        quality=figures.as_json() if figures else {},
    )


@transaction.atomic
def start_session(session: EventSession, by) -> EventSession:
    """The clock starts and each table's match begins, its players in seat order with East
    dealing first."""
    # Locked: a second click (or organiser) waits, then finds it started.
    session = EventSession.objects.select_for_update().get(pk=session.pk)
    if session.state != EventSession.State.SEATED:
        raise ValidationError(_("The session has started already."), code="started")
    event = session.event
    by_number = {e.number: e.player for e in event.entrants.select_related("player")}
    matches = [
        Match.begin(event.league, [by_number[n] for n in table], first_dealer=0, by=by)
        for table in session.seating
    ]
    session.matches.add(*matches)
    session.state = EventSession.State.RUNNING
    session.start_clock(event.session_minutes)
    session.save(update_fields=["state", "starts_at", "ends_at"])
    return session


@transaction.atomic
def end_session(session: EventSession, by) -> list[int]:
    """End the session: tables still running that have played something end here, as at
    closing time. Refused, naming them, while a table has nothing entered (enter its result
    or abandon its match first). Returns the tables ended here."""
    session = EventSession.objects.select_for_update().get(pk=session.pk)
    if session.state != EventSession.State.RUNNING:
        raise ValidationError(_("The session is not running."), code="not_running")
    tables = list(session.matches.order_by("pk"))
    empty = [
        n
        for n, match in enumerate(tables, start=1)
        if match.status == Match.Status.RUNNING and not getattr(match, match.kind.played).exists()
    ]
    if empty:
        raise ValidationError(
            _("Nothing is entered at table %(tables)s: enter its result, or abandon it.")
            % {"tables": ", ".join(str(n) for n in empty)},
            code="empty",
        )
    ended = []
    for n, match in enumerate(tables, start=1):
        if match.status == Match.Status.RUNNING:
            end_match(match, by=by, expected_version=match.version)
            ended.append(n)
    session.state = EventSession.State.ENDED
    session.save(update_fields=["state"])
    event = session.event
    if session.number >= event.session_count:
        event.state = Event.State.FINISHED
        event.save(update_fields=["state"])
    return ended
