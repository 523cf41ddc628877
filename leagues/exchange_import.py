"""Read a league document (docs/league_json.md) back into the app.

Only what people enter is read: seats, first dealer, target, variant, date, and each round's
outcome, winner, win type, discarder and hand. Credits, points, totals, placings and dealers
in the file are for readers and are ignored: every round is replayed through
`Match.begin` and `Match.record_round`, so the engine scores each hand again and the rules
(RULES.md §5-6) are enforced exactly as when an organiser enters the round by hand.

All or nothing: the file is checked as a whole first (shape and types), then replayed in one
transaction that is rolled back if any match or round is refused. Problems are collected,
one per match at most once replay has started (a refused round makes the rest of its match
meaningless), each saying where: "match 3 (2026-09-15), round 5: …".
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .exchange import FORMAT, FORMAT_VERSION
from .models import League, Match, Player, RoundEntry
from .models.league import VariantChoice
from .models.round import Outcome, WinType

# Enough to fix a file in one go without burying the first problem.
MAX_PROBLEMS = 30
# /leagues/import/ is the import page, so no league can live at that address.
RESERVED_SLUGS = {"import"}
NAME_LENGTH = Player._meta.get_field("display_name").max_length


@dataclass(frozen=True)
class Problem:
    message: str
    # "slug_taken" lets a form put the message next to its short-name field.
    code: str = "invalid"


class ImportRefused(Exception):
    """Nothing was imported; `problems` say why, in the file's order."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(self.messages))

    @property
    def messages(self) -> list[str]:
        shown = [problem.message for problem in self.problems[:MAX_PROBLEMS]]
        if len(self.problems) > MAX_PROBLEMS:
            shown.append(
                _("… and %(count)s more problems.") % {"count": len(self.problems) - MAX_PROBLEMS}
            )
        return shown

    def has_code(self, code: str) -> bool:
        return any(problem.code == code for problem in self.problems)


@dataclass(frozen=True)
class Imported:
    league: League
    created: bool
    matches: int
    rounds: int
    new_players: int

    def summary(self) -> str:
        """One sentence for the page's message and the command's output."""
        counts = {
            "league": self.league.name,
            "matches": ngettext("%(count)s match", "%(count)s matches", self.matches)
            % {"count": self.matches},
            "rounds": ngettext("%(count)s round", "%(count)s rounds", self.rounds)
            % {"count": self.rounds},
            "players": ngettext("%(count)s new player", "%(count)s new players", self.new_players)
            % {"count": self.new_players},
        }
        if self.created:
            message = _(
                "Imported the league %(league)s: %(matches)s with %(rounds)s (%(players)s)."
            )
        else:
            message = _("Added %(matches)s with %(rounds)s to %(league)s (%(players)s).")
        return message % counts


def may_create_leagues(user) -> bool:
    """A league file that creates a league needs a staff account, like creating one in the
    admin; organisers may add a file's matches to the leagues they organise."""
    return user.is_authenticated and user.is_staff


def import_targets(user) -> QuerySet[League]:
    """The leagues the user may import matches into: those they organise (all, for
    superusers, who organise every league)."""
    if not user.is_authenticated:
        return League.objects.none()
    if user.is_superuser:
        return League.objects.order_by("name")
    return League.objects.filter(organisers=user).order_by("name")


def parse_json(data: bytes | str) -> Any:
    """The document in a file's bytes (UTF-8, a byte-order mark allowed)."""
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise ImportRefused([Problem(_("The file is not UTF-8 text."), "json")]) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        message = _("The file is not valid JSON: %(error)s (line %(line)s, column %(column)s).")
        raise ImportRefused(
            [Problem(message % {"error": error.msg, "line": error.lineno, "column": error.colno})]
        ) from None


def import_league(
    document: Any, *, by=None, slug: str | None = None, into: League | None = None
) -> Imported:
    """Create a league from the document (under `slug` if given, else the file's), or add the
    document's matches to `into`. `by` becomes an organiser of a new league and is recorded
    as having entered the rounds. Raises ImportRefused; then nothing was saved."""
    reader = _Reader()
    plan = reader.read(document, creating=into is None, slug=slug)
    if reader.problems:
        raise ImportRefused(reader.problems)
    with transaction.atomic():
        return _replay(plan, by=by, into=into)


# -- the plan: the file's entered values, checked for shape --------------------------------


@dataclass(frozen=True)
class _RoundPlan:
    where: str
    outcome: str
    winner: str | None
    win_type: str
    discarder: str | None
    hand: str


@dataclass(frozen=True)
class _MatchPlan:
    where: str
    played_on: date
    players: list[str]
    first_dealer: int
    target: int | None
    variant: str | None
    round_limit: int | None
    rounds: list[_RoundPlan]


@dataclass
class _Plan:
    league: League | None = None
    roster: list[str] = field(default_factory=list)
    matches: list[_MatchPlan] = field(default_factory=list)


_MISSING = object()


class _Reader:
    """Checks the document's shape and types, collecting every problem it finds."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, where: str, message: str, code: str = "invalid") -> None:
        self.problems.append(Problem(f"{where}: {message}" if where else message, code))

    def read(self, document: Any, *, creating: bool, slug: str | None) -> _Plan:
        plan = _Plan()
        if not isinstance(document, dict):
            self.problem("", _("The file does not hold a league: expected a JSON object."))
            return plan
        if document.get("format", FORMAT) != FORMAT:
            self.problem(
                "",
                _("This is not a Mhing League file (its 'format' is not %(format)s).")
                % {"format": FORMAT},
                "format",
            )
            return plan
        version = document.get("format_version", _MISSING)
        if version is _MISSING:
            self.problem(
                "",
                _("'format_version' is missing: this site reads version %(version)s.")
                % {"version": FORMAT_VERSION},
                "format",
            )
            return plan
        if version != FORMAT_VERSION:
            self.problem(
                "",
                _("This file is format version %(found)s; this site reads version %(version)s.")
                % {"found": json.dumps(version), "version": FORMAT_VERSION},
                "format",
            )
            return plan
        if creating:
            plan.league = self._league(document.get("league", _MISSING), slug)
        roster = self._get(document, "players", "", list, default=[])
        plan.roster = [
            name
            for index, item in enumerate(roster or [], start=1)
            if (name := self._name(item, _("players, entry %(number)s") % {"number": index}))
        ]
        matches = self._get(document, "matches", "", list, required=True) or []
        for index, item in enumerate(matches, start=1):
            match = self._match(item, index)
            if match is not None:
                plan.matches.append(match)
        return plan

    # -- typed fields ----------------------------------------------------------------------

    def _get(self, obj: dict, key: str, where: str, kind: type, *, required=False, default=None):
        value = obj.get(key, _MISSING)
        if value is _MISSING or value is None:
            if required:
                self.problem(where, _("'%(key)s' is missing.") % {"key": key})
            return default
        if kind is int and isinstance(value, int) and not isinstance(value, bool):
            return value
        if kind is not int and isinstance(value, kind):
            return value
        wanted = {
            str: _("text"),
            int: _("a whole number"),
            bool: _("true or false"),
            list: _("a list"),
            dict: _("an object"),
        }[kind]
        self.problem(where, _("'%(key)s' must be %(kind)s.") % {"key": key, "kind": wanted})
        return default

    def _positive(self, obj: dict, key: str, where: str, *, required=False) -> int | None:
        value = self._get(obj, key, where, int, required=required)
        if value is not None and value < 1:
            self.problem(where, _("'%(key)s' must be 1 or more.") % {"key": key})
            return None
        return value

    def _date(self, obj: dict, key: str, where: str, *, required=False) -> date | None:
        text = self._get(obj, key, where, str, required=required)
        if text is None:
            return None
        try:
            return date.fromisoformat(text)
        except ValueError:
            self.problem(
                where,
                _("'%(key)s' must be a date written YYYY-MM-DD, not '%(value)s'.")
                % {"key": key, "value": text},
            )
            return None

    def _choice(self, obj: dict, key: str, where: str, choices: list[str]) -> str | None:
        value = self._get(obj, key, where, str)
        if value is not None and value not in choices:
            self.problem(
                where,
                _("'%(key)s' must be one of %(choices)s, not '%(value)s'.")
                % {"key": key, "choices": ", ".join(choices), "value": value},
            )
            return None
        return value

    def _name(self, value: Any, where: str) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.problem(where, _("a player's name must be non-empty text."))
            return None
        if len(value.strip()) > NAME_LENGTH:
            self.problem(
                where,
                _("the name '%(name)s' is longer than %(limit)s characters.")
                % {"name": value.strip(), "limit": NAME_LENGTH},
            )
            return None
        return value.strip()

    # -- the sections ----------------------------------------------------------------------

    def _league(self, obj: Any, slug: str | None) -> League | None:
        where = _("league")
        if obj is _MISSING or not isinstance(obj, dict):
            self.problem(
                "",
                _(
                    "'league' (an object with the league's name and short name) is "
                    "needed to create a new league."
                ),
            )
            return None
        defaults = League()
        league = League(
            name=(self._get(obj, "name", where, str, required=True) or "").strip(),
            slug=slug or self._get(obj, "slug", where, str, required=True) or "",
            season_start=self._date(obj, "season_start", where),
            season_end=self._date(obj, "season_end", where),
            default_target=self._positive(obj, "default_target", where) or defaults.default_target,
            default_variant=self._choice(obj, "default_variant", where, VariantChoice.values)
            or defaults.default_variant,
            is_public=self._get(obj, "is_public", where, bool, default=defaults.is_public),
            players_may_enter=self._get(
                obj, "players_may_enter", where, bool, default=defaults.players_may_enter
            ),
        )
        if not (league.name and league.slug):
            return None
        try:
            league.full_clean(validate_unique=False)
        except ValidationError as error:
            for name, messages in error.message_dict.items():
                label = League._meta.get_field(name).verbose_name
                for message in messages:
                    self.problem(where, f"{label}: {message}")
            return None
        if league.slug in RESERVED_SLUGS:
            self.problem(
                where,
                _(
                    "'%(slug)s' cannot be a league's short name: /leagues/%(slug)s/ is a page "
                    "of its own."
                )
                % {"slug": league.slug},
                "slug_taken",
            )
            return None
        if League.objects.filter(slug=league.slug).exists():
            self.problems.append(_slug_taken(league.slug))
            return None
        return league

    def _match(self, obj: Any, index: int) -> _MatchPlan | None:
        where = _("match %(number)s") % {"number": index}
        if not isinstance(obj, dict):
            self.problem(where, _("a match must be an object."))
            return None
        found = len(self.problems)
        played_on = self._date(obj, "date", where, required=True)
        if played_on:
            where = _("match %(number)s (%(date)s)") % {"number": index, "date": played_on}
        names = self._get(obj, "players", where, list, required=True) or []
        players = [self._name(item, where) or "" for item in names]
        first_dealer = self._first_dealer(obj.get("first_dealer"), players, where)
        variant = self._choice(obj, "variant", where, VariantChoice.values)
        round_limit = self._positive(obj, "round_limit", where)
        if round_limit is not None and variant != VariantChoice.CHIPS:
            self.problem(where, _("'round_limit' is only for chips matches."))
        target = self._positive(obj, "target", where)
        rounds = [
            self._round(item, number, players, where)
            for number, item in enumerate(
                self._get(obj, "rounds", where, list, default=[]) or [], start=1
            )
        ]
        if len(self.problems) > found:
            return None
        return _MatchPlan(
            where, played_on, players, first_dealer, target, variant, round_limit, rounds
        )

    def _first_dealer(self, value: Any, players: list[str], where: str) -> int:
        if value is None:
            return 0  # the first seat listed: deterministic, unlike Match.begin's draw
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value < len(players):
                return value
        elif isinstance(value, str) and value.strip() in players:
            return players.index(value.strip())
        self.problem(
            where,
            _(
                "'first_dealer' must be one of the match's players (a name, or a seat "
                "number from 0), not %(value)s."
            )
            % {"value": json.dumps(value, ensure_ascii=False)},
        )
        return 0

    def _round(self, obj: Any, number: int, players: list[str], match: str) -> _RoundPlan | None:
        where = _("%(match)s, round %(number)s") % {"match": match, "number": number}
        if not isinstance(obj, dict):
            self.problem(where, _("a round must be an object."))
            return None
        outcome = self._choice(obj, "outcome", where, Outcome.values) or Outcome.WON
        winner = self._seated(obj, "winner", players, where)
        discarder = self._seated(obj, "discarder", players, where)
        default_type = (
            "" if outcome == Outcome.DRAW else (WinType.DISCARD if discarder else WinType.SELF_DRAW)
        )
        win_type = self._choice(obj, "win_type", where, WinType.values) or default_type
        hand = self._get(obj, "hand", where, str, default="")
        return _RoundPlan(where, outcome, winner, win_type, discarder, hand)

    def _seated(self, obj: dict, key: str, players: list[str], where: str) -> str | None:
        name = self._get(obj, key, where, str)
        if name is None or not name.strip():
            return None
        if name.strip() not in players:
            self.problem(
                where,
                _("the %(role)s '%(name)s' is not one of this match's players.")
                % {"role": key, "name": name},
            )
            return None
        return name.strip()


# -- replay --------------------------------------------------------------------------------


def _replay(plan: _Plan, *, by, into: League | None) -> Imported:
    problems: list[Problem] = []
    league = into or plan.league
    created = into is None
    if created:
        try:
            with transaction.atomic():
                league.save()
        except IntegrityError:  # the short name was taken since the file was checked
            raise ImportRefused([_slug_taken(league.slug)]) from None
        if by is not None:
            league.organisers.add(by)
    names = dict.fromkeys(plan.roster + [n for m in plan.matches for n in m.players])
    existing = {p.display_name: p for p in Player.objects.filter(display_name__in=names)}
    new = [Player.objects.create(display_name=name) for name in names if name not in existing]
    players = existing | {p.display_name: p for p in new}
    league.players.add(*(players[name] for name in plan.roster))
    rounds = 0
    for match_plan in plan.matches:
        try:
            match = Match.begin(
                league,
                [players[name] for name in match_plan.players],
                first_dealer=match_plan.first_dealer,
                target_points=match_plan.target,
                variant=match_plan.variant,
                round_limit=match_plan.round_limit,
                played_on=match_plan.played_on,
                by=by,
            )
        except ValidationError as error:
            problems.append(Problem(f"{match_plan.where}: {_flat(error)}"))
            continue
        for round_plan in match_plan.rounds:
            entry = RoundEntry(
                outcome=round_plan.outcome,
                winner=players.get(round_plan.winner),
                win_type=round_plan.win_type,
                discarder=players.get(round_plan.discarder),
                hand=round_plan.hand,
            )
            try:
                match.record_round(entry, by=by)
            except ValidationError as error:
                problems.append(Problem(f"{round_plan.where}: {_flat(error)}"))
                break
            rounds += 1
    if problems:
        raise ImportRefused(problems)
    return Imported(league, created, len(plan.matches), rounds, len(new))


def _slug_taken(slug: str) -> Problem:
    message = _(
        "A league with the short name '%(slug)s' already exists: import the file under "
        "another short name."
    )
    return Problem(message % {"slug": slug}, "slug_taken")


def _flat(error: ValidationError) -> str:
    return " ".join(error.messages)
