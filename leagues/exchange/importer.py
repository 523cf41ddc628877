"""Read a league document (docs/league_json.md) back into the app.

Only what people enter is read: seats, first dealer, target, variant, date, and each round's
outcome, winner, win type, discarder and hand. Credits, points, totals, placings and dealers
in the file are for readers and are ignored: every match is started with `Match.begin` and
its rounds are checked with `RoundEntry.check`, as when an organiser enters them by hand, so
the engine scores each hand again and the rules (RULES.md §5-6) are enforced the same way;
leagues.exchange.replay then writes a match's rounds in one go.

A file is untrusted input, so the work it may ask for is bounded before any of it is done:
its size, how deeply it nests, how long its numbers are (here), how many matches and rounds
it holds (leagues.exchange.reader).

All or nothing: the file is checked as a whole first (shape and types), then replayed in one
transaction that is rolled back if any match or round is refused. Problems are collected,
one per match at most once replay has started (a refused round makes the rest of its match
meaningless), each saying where: "match 3 (2026-09-15), round 5: …".

Importing into an existing league skips the file's matches that the league already held
before the import (leagues.exchange.held), so importing the same file again does not double
the season; in the same way a match the file lists again (everything entered for it the
same as an earlier match of the file) is added once, and the summary names it. A file is
added only to a league of its own game: Mhing matches to a Mhing league, Mah-Jongg matches
to a Mah-Jongg league.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from leagues.exchange.held import held_matches, planned_key
from leagues.exchange.reader import MatchPlan, Plan, Problem, Reader, slug_taken
from leagues.exchange.replay import Replay
from leagues.models import Club, League, Match, Player
from leagues.models.confirmation import Confirmation
from leagues.models.match_end import abandon_match
from leagues.models.rating import rerate
from leagues.models.roster import look_alike_refusals
from leagues.models.season_change import open_next_season
from leagues.models.standing import standings_deferred
from scoring.mahjongg.match import GameEntry
from scoring.mahjongg.profile import Profile

# Enough to fix a file in one go without burying the first problem.
MAX_PROBLEMS = 30
# A season of a busy club is well under 1 MB; anything far larger is not a league file.
MAX_FILE_SIZE = 5 * 1024 * 1024
# A league file nests 6 deep (the file, matches, a match, rounds, a round, its combinations).
# Python's parser gives up near 1,000 levels with a RecursionError; this says so sooner.
MAX_DEPTH = 20
# The largest number a league file needs is a target, at most 10 digits (2,147,483,647).
# Python refuses to read more than 4,300 digits, and reads long numbers in quadratic time.
MAX_DIGITS = 20


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
    # Matches of the file that the league already held, so were not added again.
    skipped: int = 0  # `rounds` counts what the league's game plays: rounds, or games
    # Matches the file lists again, each (its number in the file, the earlier one's):
    # added once, like a match already held.
    repeated: tuple[tuple[int, int], ...] = ()

    def summary(self) -> str:
        """One sentence for the page's message and the command's output."""
        counts = {
            "league": self.league.name,
            "matches": ngettext("%(count)s match", "%(count)s matches", self.matches)
            % {"count": self.matches},
            "rounds": self.league.kind.count_played(self.rounds),
            "players": ngettext("%(count)s new player", "%(count)s new players", self.new_players)
            % {"count": self.new_players},
            "skipped": ngettext(
                "%(count)s match already in the league was skipped",
                "%(count)s matches already in the league were skipped",
                self.skipped,
            )
            % {"count": self.skipped},
        }
        if self.created:
            message = _(
                "Imported the league %(league)s: %(matches)s with %(rounds)s (%(players)s)."
            )
        elif self.skipped:
            message = _(
                "Added %(matches)s with %(rounds)s to %(league)s (%(players)s); %(skipped)s."
            )
        else:
            message = _("Added %(matches)s with %(rounds)s to %(league)s (%(players)s).")
        message %= counts
        if self.repeated:
            message += " " + _("Listed twice in the file, so added once: %(matches)s.") % {
                "matches": "; ".join(
                    _("match %(number)s, the same as match %(first)s")
                    % {"number": number, "first": first}
                    for number, first in self.repeated
                )
            }
        return message


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


class _LongNumber(Exception):
    pass


def _whole_number(text: str) -> int:
    # Called by the JSON parser for every integer, before Python converts it.
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _LongNumber
    return int(text)


def too_large(size: int | None = None) -> ImportRefused:
    """The refusal of a file over MAX_FILE_SIZE, with its size if known (a stream's is not:
    it is read no further than the limit)."""
    if size is None:
        message = _("The file is larger than %(limit)s, the most a league file may be.")
    else:
        message = _("The file is %(size)s; a league file may be at most %(limit)s.")
    sizes = {"size": filesizeformat(size or 0), "limit": filesizeformat(MAX_FILE_SIZE)}
    return ImportRefused([Problem(message % sizes, "json")])


def parse_json(data: bytes | str) -> Any:
    """The document in a file's bytes (UTF-8, a byte-order mark allowed). Refused, saying why:
    a file over MAX_FILE_SIZE, not UTF-8, not JSON, nested deeper than MAX_DEPTH or holding
    a number longer than MAX_DIGITS."""
    if isinstance(data, bytes) and len(data) > MAX_FILE_SIZE:
        raise too_large(len(data))
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError as error:
        message = _("The file is not UTF-8 text (byte %(position)s is not part of a character).")
        raise ImportRefused([Problem(message % {"position": error.start + 1}, "json")]) from None
    try:
        document = json.loads(text, parse_int=_whole_number)
    except json.JSONDecodeError as error:
        message = _("The file is not valid JSON: %(error)s (line %(line)s, column %(column)s).")
        raise ImportRefused(
            [Problem(message % {"error": error.msg, "line": error.lineno, "column": error.colno})]
        ) from None
    except _LongNumber:
        message = _("The file holds a number longer than %(limit)s digits: no league value is.")
        raise ImportRefused([Problem(message % {"limit": MAX_DIGITS}, "json")]) from None
    except RecursionError:
        raise ImportRefused([too_deep()]) from None
    if _depth_over(document, MAX_DEPTH):
        raise ImportRefused([too_deep()])
    return document


def too_deep() -> Problem:
    message = _(
        "The file nests brackets more than %(limit)s deep; a league file needs 6 levels "
        "(matches, rounds, combinations)."
    )
    return Problem(message % {"limit": MAX_DEPTH}, "json")


def _depth_over(document: Any, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` deep; without recursion, so any
    depth Python's parser returned can be measured."""
    level: list[tuple[Any, int]] = [(document, 1)]
    while level:
        value, depth = level.pop()
        if isinstance(value, dict):
            value = value.values()
        elif not isinstance(value, list):
            continue
        if depth > limit:
            return True
        level.extend((item, depth + 1) for item in value)
    return False


def import_league(
    document: Any,
    *,
    by=None,
    slug: str | None = None,
    into: League | None = None,
    club: Club | None = None,
) -> Imported:
    """Create a league from the document (under `slug` if given, else the file's), or add the
    document's matches to `into`. `by` becomes an organiser of a new league and is recorded
    as having entered the rounds. Raises ImportRefused; then nothing was saved."""
    reader = Reader()
    plan = reader.read(document, creating=into is None, slug=slug, into=into)
    if reader.problems:
        raise ImportRefused(reader.problems)
    # The standings of every player of the file are refreshed once, as the replay ends, not
    # once for each match it begins (leagues.models.standing).
    with transaction.atomic(), standings_deferred():
        return _replay(plan, by=by, into=into, club=club)


# -- replay --------------------------------------------------------------------------------


def _replay(plan: Plan, *, by, into: League | None, club: Club | None = None) -> Imported:
    problems: list[Problem] = []
    league = into or plan.league
    created = into is None
    if created:
        league.owner = by
        # A league made from a file goes into the club given (the demo's), else is a club of
        # its own: its names are never matched with another club's players (the wall).
        league.club = club or Club.create_named(league.name)
        try:
            with transaction.atomic():
                league.save()
        except IntegrityError:  # the short name was taken since the file was checked
            raise ImportRefused([slug_taken(league.slug)]) from None
        if by is not None:
            league.organisers.add(by)
    names = dict.fromkeys(plan.roster + [n for m in plan.matches for n in m.players])
    # Names are matched inside the target league's club only, in any capitalisation, as
    # the roster page matches them (a name is unique in its club whatever its case).
    folded = {name.lower() for name in names}
    by_lower = {
        p.display_name.lower(): p
        for p in Player.objects.in_club(league.club_id)
        if p.display_name.lower() in folded
    }
    bots = set(plan.bots)
    wanted: dict[str, Player] = {}
    for name in names:
        if name.lower() not in by_lower and name.lower() not in wanted:
            wanted[name.lower()] = Player(
                club_id=league.club_id, display_name=name, is_bot=name in bots
            )
    # A new name that could pass for one of the club's ("Аnna" with a Cyrillic А beside
    # "Anna") or mixes alphabets in a word refuses the file, as on the roster page.
    refusals = look_alike_refusals(league.club_id, [p.display_name for p in wanted.values()])
    if refusals:
        raise ImportRefused([Problem(message) for message in refusals])
    new = Player.objects.bulk_create(wanted.values())
    by_lower |= {p.display_name.lower(): p for p in new}
    players = {name: by_lower[name.lower()] for name in names}
    # Bots never join a roster (Match.begin leaves them out too).
    league.players.add(*(players[name] for name in plan.roster if not players[name].is_bot))
    # Read before the first match is added, so the file's own matches are compared with
    # each other apart (`repeats`).
    held = set() if created else held_matches(league)
    rounds = added = skipped = 0
    repeats = _Repeats(plan, league)
    replay = Replay(by=by)
    for match_plan in _in_seasons(plan, league, by) if created else plan.matches:
        if held and planned_key(match_plan, league) in held:
            skipped += 1
            continue
        if repeats.seen(match_plan):
            continue
        added += 1
        if match_plan.games is not None:
            problems += _mahjongg_match(league, match_plan, players, by)
            rounds += len(match_plan.games)
            continue
        try:
            match = Match.begin(
                league,
                [players[name] for name in match_plan.players],
                first_dealer=match_plan.first_dealer,
                rules={
                    "target": match_plan.target,
                    "variant": match_plan.variant,
                    "round_limit": match_plan.round_limit,
                },
                played_on=match_plan.played_on,
                by=by,
                timed=False,  # played elsewhere: its own rounds say how it ended
            )
        except ValidationError as error:
            problems.append(Problem(f"{match_plan.where}: {_flat(error)}"))
            continue
        try:
            rounds += replay.add(
                match, match_plan.rounds, players, match_plan.abandoned, match_plan.ended
            )
        except ValidationError as error:
            problems.append(Problem(_flat(error)))
    if problems:
        raise ImportRefused(problems)
    replay.save()
    # Once for the whole file rather than once per finished match as Match.settle does:
    # the ratings depend only on the finished matches, whatever order they were saved in.
    if replay.finished:
        rerate(league)
    return Imported(league, created, added, rounds, len(new), skipped, tuple(repeats.found))


class _Repeats:
    """The file's matches already listed earlier in it: the same key as leagues.exchange.held
    gives a match the league holds, worked out only for matches sharing a date and seats
    (the full key reads every hand)."""

    def __init__(self, plan: Plan, league: League) -> None:
        self.league = league
        self.numbers = {id(match): number for number, match in enumerate(plan.matches, 1)}
        self.first: dict[tuple, list[MatchPlan]] = {}
        self.keys: dict[int, tuple] = {}
        self.found: list[tuple[int, int]] = []

    def seen(self, plan: MatchPlan) -> bool:
        """Whether an earlier match of the file is this one (then noted in `found`);
        else it is remembered."""
        earlier = self.first.setdefault((plan.played_on, tuple(plan.players)), [])
        for other in earlier:
            if self._key(other) == self._key(plan):
                self.found.append((self.numbers[id(plan)], self.numbers[id(other)]))
                return True
        earlier.append(plan)
        return False

    def _key(self, plan: MatchPlan) -> tuple:
        if id(plan) not in self.keys:
            self.keys[id(plan)] = planned_key(plan, self.league)
        return self.keys[id(plan)]


def _mahjongg_match(league: League, plan: MatchPlan, players: dict, by) -> list[Problem]:
    """Begin a Mah-Jongg match under the file's rules for it and enter its games one by one
    (leagues.models.mahjongg_game): each is checked and scored as if typed in now. A match
    the file gives no `rule_profile` is played under the league's rules as they are now, as
    a match begun today would be (into an existing league too: its rules, not the file's
    `league.mahjongg_profile`, which an import into a league ignores with the rest of
    `league`)."""
    from leagues.models.mahjongg_entry import record_game

    try:
        with transaction.atomic():
            match = Match.begin(
                league,
                [players[name] for name in plan.players],
                played_on=plan.played_on,
                by=by,
                timed=False,
            )
            if plan.rule_profile is not None:
                match.rule_profile = Profile.from_dict(plan.rule_profile).to_dict()
                match.save(update_fields=["rule_profile"])
            for caller, hands in plan.games:
                record_game(match, GameEntry(caller, hands), by=by)
            if plan.provisional_games:  # still waiting for an opponent's confirmation
                match.mj_games.filter(number__in=plan.provisional_games).update(
                    confirmation=Confirmation.PROVISIONAL
                )
            if plan.ended and not match.is_finished and plan.games:
                Match.objects.filter(pk=match.pk).update(ended=plan.ended)
                match.refresh_from_db()
                match.settle()
            if plan.abandoned:
                abandon_match(match, by=by, expected_version=match.version)
    except ValidationError as error:
        return [Problem(f"{plan.where}: {_flat(error)}")]
    return []


def _in_seasons(plan: Plan, league: League, by) -> Iterator[MatchPlan]:
    """A new league's matches, season by season as the file has them (docs/league_json.md,
    "Seasons"): the first season is the league's first, each next one archives the one
    before as it opens, and the file's last season is the league's current one. A match
    names its season by number; one that names none goes into the last. A file without
    seasons: all its matches in the league's first season."""
    if not plan.seasons:
        yield from plan.matches
        return
    last = plan.seasons[-1].number
    by_season: dict[int, list[MatchPlan]] = {}
    for match_plan in plan.matches:
        by_season.setdefault(match_plan.season or last, []).append(match_plan)
    current = league.current_season
    for index, season_plan in enumerate(plan.seasons):
        if index == 0:
            current.name, current.starts_on = season_plan.name, season_plan.starts_on
            current.ends_on = season_plan.ends_on
            current.save(update_fields=["name", "starts_on", "ends_on"])
            League.objects.filter(pk=league.pk).update(
                season_start=season_plan.starts_on, season_end=season_plan.ends_on
            )
        else:
            current = open_next_season(
                league,
                current,
                name=season_plan.name,
                starts_on=season_plan.starts_on,
                ends_on=season_plan.ends_on if season_plan is plan.seasons[-1] else None,
                old_ends_on=plan.seasons[index - 1].ends_on,
                by=by,
            )
        yield from by_season.get(season_plan.number, [])


def _flat(error: ValidationError) -> str:
    return " ".join(error.messages)
