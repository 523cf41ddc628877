"""Reading a league file's entered values (docs/league_json.md) into a plan: the shape and
types of every field checked, every problem collected with where it is ("match 3
(2025-03-18), round 5"). Nothing here touches the rules or saves anything: the plan is
replayed through the models by leagues.exchange.importer, which enforces the rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from leagues.exchange.export import FORMAT, FORMAT_VERSION
from leagues.models import League, Match, Player, WinningHand
from leagues.models.confirmation import Confirmation
from leagues.models.league import GameChoice, VariantChoice
from leagues.models.round import Outcome, WinType
from leagues.names import is_refused_character, refuse_control_characters
from scoring.mahjongg.profile import Profile, ProfileError
from scoring.mhing.match_scoring import MAX_PLAYERS

NAME_LENGTH = Player._meta.get_field("display_name").max_length
# As the round form allows: a hand of 14 cards, 8 flowers and brackets needs well under 100.
HAND_LENGTH = WinningHand._meta.get_field("hand").max_length

# Bounds on the work one file may ask for (docs/league_json.md, "Limits"), each far above
# what a club plays in a file's worth: a match of 1,000 rounds is days at the table; 2,000
# matches or 20,000 rounds are a busy club's many seasons, and an exported file of 20,000
# rounds would be twice the size limit anyway, so a file asks for seconds of work, not
# hours (docs/benchmarks.md, importing a big league). Checked before anything is scored or saved.
MAX_MATCHES = 2_000
MAX_ROUNDS = 1_000
MAX_FILE_ROUNDS = 20_000
MAX_ROSTER = 10_000
MAX_SEASONS = 1_000
# A value from the file that a message quotes is cut to this many characters, so a
# megabyte-long "date" does not come back a megabyte long, 30 times over.
QUOTE_LENGTH = 60


@dataclass(frozen=True)
class Problem:
    message: str
    # "slug_taken" lets a form put the message next to its short-name field.
    code: str = "invalid"


@dataclass(frozen=True)
class RoundPlan:
    where: str
    outcome: str
    winner: str | None
    win_type: str
    discarder: str | None
    hand: str
    # Entered by a player and not yet confirmed by an opponent (docs/league_json.md).
    provisional: bool = False


@dataclass(frozen=True)
class SeasonPlan:
    number: int
    name: str
    starts_on: date
    ends_on: date | None


@dataclass(frozen=True)
class MatchPlan:
    where: str
    played_on: date
    players: list[str]
    first_dealer: int
    target: int | None
    variant: str | None
    round_limit: int | None
    rounds: list[RoundPlan]
    season: int | None = None  # the number of its season in the file's `seasons`
    # "status": "abandoned" in the file (an organiser stopped it); running and finished
    # follow from the rounds, so the file's word for those is not needed.
    abandoned: bool = False
    # "ended": "here" or "length" (docs/league_json.md): a finished match its rounds alone do
    # not finish, ended by an organiser or by its length; "" otherwise.
    ended: str = ""
    # Mah-Jongg (docs/league_json.md, "Mah-Jongg leagues"): the rules it was played under
    # (None: the league's) and its games, each (caller's seat or None, tiles per seat).
    rule_profile: dict | None = None
    games: list[tuple[int | None, tuple[str, ...]]] | None = None
    provisional_games: frozenset[int] = frozenset()  # the numbers of games not yet confirmed


@dataclass
class Plan:
    league: League | None = None
    roster: list[str] = field(default_factory=list)
    # Names that are bots from live play (docs/league_json.md, `bots`).
    bots: list[str] = field(default_factory=list)
    matches: list[MatchPlan] = field(default_factory=list)
    # Only when a new league is made from the file (docs/league_json.md, "Seasons").
    seasons: list[SeasonPlan] = field(default_factory=list)


_MISSING = object()


class Reader:
    """Checks the document's shape and types, collecting every problem it finds."""

    game = GameChoice.MHING  # the league's: the file's, or that of the league it is added to

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, where: str, message: str, code: str = "invalid") -> None:
        self.problems.append(Problem(f"{where}: {message}" if where else message, code))

    def refuse_other_game(self, into: League, file_game: str) -> None:
        """A file's matches added to a league of the other game: a league's matches are all
        of one game (its standings, ratings and sheets compare like with like)."""
        labels = dict(GameChoice.choices)
        self.problem(
            "",
            _(
                "This file holds %(file_game)s matches, but %(league)s plays %(league_game)s: "
                "matches can only be added to a league of their own game."
            )
            % {
                "file_game": labels[file_game],
                "league": into.name,
                "league_game": labels[into.game],
            },
            "game",
        )

    def read(
        self, document: Any, *, creating: bool, slug: str | None, into: League | None = None
    ) -> Plan:
        """The plan of a new league (`creating`), or of matches to add to `into`."""
        plan = Plan()
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
        # The exact integer: `true` and `1.0` equal 1 in Python, but they are not a version.
        if type(version) is not int:
            self.problem(
                "",
                _(
                    "'format_version' must be a whole number (this site reads %(version)s), "
                    "not %(found)s."
                )
                % {"found": quoted(version), "version": FORMAT_VERSION},
                "format",
            )
            return plan
        if version != FORMAT_VERSION:
            self.problem(
                "",
                _("This file is format version %(found)s; this site reads version %(version)s.")
                % {"found": quoted(version), "version": FORMAT_VERSION},
                "format",
            )
            return plan
        if into is not None:
            self.game = into.game
            file_game = GameChoice.MAHJONGG if _plays_mahjongg(document) else GameChoice.MHING
            if file_game != into.game:
                self.refuse_other_game(into, file_game)
                return plan
        if creating:
            plan.league = self._league(document.get("league", _MISSING), slug)
            plan.seasons = self._seasons(document.get("seasons"))
        roster = self._get(document, "players", "", list, default=[])
        if roster and len(roster) > MAX_ROSTER:
            self.problem(
                "",
                _("'players' lists %(count)s names; a league file may list at most %(limit)s.")
                % {"count": len(roster), "limit": MAX_ROSTER},
                "limit",
            )
            roster = []
        plan.roster = [
            name
            for index, item in enumerate(roster or [], start=1)
            if (name := self._name(item, _("players, entry %(number)s") % {"number": index}))
        ]
        bots = self._get(document, "bots", "", list, default=[]) or []
        plan.bots = [
            name
            for index, item in enumerate(bots[:MAX_ROSTER], start=1)
            if (name := self._name(item, _("bots, entry %(number)s") % {"number": index}))
        ]
        matches = self._get(document, "matches", "", list, required=True) or []
        if not self._within_limits(matches):
            return plan
        numbers = {season.number for season in plan.seasons}
        for index, item in enumerate(matches, start=1):
            match = self._match(item, index)
            if match is not None:
                if creating and match.season is not None and match.season not in numbers:
                    self.problem(
                        match.where,
                        _("its 'season' %(number)s is not one of the file's 'seasons'.")
                        % {"number": match.season},
                    )
                plan.matches.append(match)
        return plan

    def _seasons(self, items: Any) -> list[SeasonPlan]:
        """The file's seasons, if any: numbers and starts each later than the one before."""
        if items is None:
            return []
        if not isinstance(items, list) or len(items) > MAX_SEASONS:
            self.problem(
                "",
                _("'seasons' must be a list of at most %(limit)s seasons.")
                % {"limit": MAX_SEASONS},
            )
            return []
        seasons: list[SeasonPlan] = []
        for index, obj in enumerate(items, start=1):
            where = _("season %(number)s") % {"number": index}
            if not isinstance(obj, dict):
                self.problem(where, _("a season must be an object."))
                continue
            number = self._positive(obj, "number", where, required=True)
            name = (self._get(obj, "name", where, str, required=True) or "").strip()
            starts_on = self._date(obj, "starts_on", where, required=True)
            ends_on = self._date(obj, "ends_on", where)
            if not (number and name and starts_on) or self._invisible(name, where):
                continue
            if seasons and (number <= seasons[-1].number or starts_on <= seasons[-1].starts_on):
                self.problem(
                    where,
                    _("seasons must be listed in order: each number and start later."),
                )
                continue
            seasons.append(SeasonPlan(number, name[:80], starts_on, ends_on))
        return seasons

    def _within_limits(self, matches: list) -> bool:
        """Whether the file's matches and rounds are few enough to be read and replayed."""
        if len(matches) > MAX_MATCHES:
            self.problem(
                "",
                _("The file holds %(count)s matches; a league file may hold at most %(limit)s.")
                % {"count": len(matches), "limit": MAX_MATCHES},
                "limit",
            )
            return False
        rounds = _count(matches, "rounds")
        # A Mah-Jongg game asks for more work than a Mhing round (each is entered through
        # record_game, which replays the match so far), so games count against the same limit.
        games = _count(matches, "games")
        if rounds + games > MAX_FILE_ROUNDS:
            if games:
                message = _(
                    "The file holds %(count)s games; a league file may hold at most "
                    "%(limit)s: import it in parts."
                )
            else:
                message = _(
                    "The file holds %(count)s rounds; a league file may hold at most "
                    "%(limit)s: import it in parts."
                )
            self.problem("", message % {"count": rounds + games, "limit": MAX_FILE_ROUNDS}, "limit")
            return False
        return True

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
                % {"key": key, "value": shortened(text)},
            )
            return None

    def _choice(self, obj: dict, key: str, where: str, choices: list[str]) -> str | None:
        value = self._get(obj, key, where, str)
        if value is not None and value not in choices:
            self.problem(
                where,
                _("'%(key)s' must be one of %(choices)s, not '%(value)s'.")
                % {"key": key, "choices": ", ".join(choices), "value": shortened(value)},
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
                % {"name": shortened(value.strip()), "limit": NAME_LENGTH},
            )
            return None
        if self._invisible(value, where):
            return None
        return value.strip()

    def _invisible(self, name: str, where: str) -> bool:
        """Whether the name holds control characters, or one that shows as nothing
        (leagues.names), reported if so."""
        if any(is_refused_character(c) for c in name):
            self.problem(
                where,
                _("the name '%(name)s' holds control characters (invisible characters).")
                % {"name": shortened("".join(c for c in name if not is_refused_character(c)))},
            )
            return True
        try:
            refuse_control_characters(name)
        except ValidationError as error:
            self.problem(where, " ".join(error.messages))
            return True
        return False

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
        game = self._choice(obj, "game", where, GameChoice.values) or defaults.game
        league = League(
            name=(self._get(obj, "name", where, str, required=True) or "").strip(),
            slug=slug or self._get(obj, "slug", where, str, required=True) or "",
            season_start=self._date(obj, "season_start", where),
            season_end=self._date(obj, "season_end", where),
            is_public=self._get(obj, "is_public", where, bool, default=defaults.is_public),
            players_may_enter=self._get(
                obj, "players_may_enter", where, bool, default=defaults.players_may_enter
            ),
            correction_minutes=self._get(
                obj, "correction_minutes", where, int, default=defaults.correction_minutes
            ),
            game=game,
            rules=self._league_rules(obj, where)[game],
        )
        self.game = league.game
        if not (league.name and league.slug):
            return None
        try:
            league.full_clean(exclude=["club"], validate_unique=False)  # its club: on import
        except ValidationError as error:
            for name, messages in error.message_dict.items():
                label = League._meta.get_field(name).verbose_name
                for message in messages:
                    self.problem(where, f"{label}: {message}")
            return None
        if League.objects.filter(slug=league.slug).exists():
            self.problems.append(slug_taken(league.slug))
            return None
        return league

    def _league_rules(self, obj: dict, where: str) -> dict[str, dict]:
        """The file's rules of the league for each game (docs/league_json.md): Mhing's
        `default_target` and `default_variant`, Mah-Jongg's `mahjongg_profile`; a key left
        out takes the game's default."""
        mhing = {}
        target = self._positive(obj, "default_target", where)
        if target:
            mhing["target"] = target
        variant = self._choice(obj, "default_variant", where, VariantChoice.values)
        if variant:
            mhing["variant"] = variant
        return {
            GameChoice.MHING: mhing,
            GameChoice.MAHJONGG: self._get(obj, "mahjongg_profile", where, dict, default={}),
        }

    def _match(self, obj: Any, index: int) -> MatchPlan | None:
        where = _("match %(number)s") % {"number": index}
        if not isinstance(obj, dict):
            self.problem(where, _("a match must be an object."))
            return None
        found = len(self.problems)
        played_on = self._date(obj, "date", where, required=True)
        if played_on:
            where = _("match %(number)s (%(date)s)") % {"number": index, "date": played_on}
        names = self._get(obj, "players", where, list, required=True) or []
        if len(names) > MAX_PLAYERS:
            # The models' own rule (Match.begin), checked here before a thousand names
            # become a thousand new players.
            self.problem(
                where, _("A match has 2 to 6 players, not %(count)s.") % {"count": len(names)}
            )
            return None
        players = [self._name(item, where) or "" for item in names]
        first_dealer = self._first_dealer(obj.get("first_dealer"), players, where)
        variant = self._choice(obj, "variant", where, VariantChoice.values)
        round_limit = self._positive(obj, "round_limit", where)
        if round_limit is not None and variant != VariantChoice.CHIPS:
            self.problem(where, _("'round_limit' is only for chips matches."))
        target = self._positive(obj, "target", where)
        items = self._get(obj, "rounds", where, list, default=[]) or []
        if len(items) > MAX_ROUNDS:
            self.problem(
                where,
                _("the match has %(count)s rounds; a match may have at most %(limit)s.")
                % {"count": len(items), "limit": MAX_ROUNDS},
                "limit",
            )
            return None
        rounds = [
            self._round(item, number, players, where) for number, item in enumerate(items, start=1)
        ]
        if len(self.problems) > found:
            return None
        season = self._positive(obj, "season", where)
        status = self._choice(obj, "status", where, Match.Status.values)
        ended = obj.get("ended", "")
        if ended not in ("", *Match.Ended.values):
            self.problem(where, _("“ended” must be “here” or “length”."))
        mahjongg = obj.get("game") == GameChoice.MAHJONGG or "games" in obj
        if mahjongg != (self.game == GameChoice.MAHJONGG):
            self.problem(where, _("the match's game is not the league's."))
        profile = games = None
        provisional: frozenset[int] = frozenset()
        if mahjongg:
            profile, games, provisional = self._mahjongg(obj, players, where)
        if len(self.problems) > found:
            return None
        return MatchPlan(
            where,
            played_on,
            players,
            first_dealer,
            target,
            variant,
            round_limit,
            rounds,
            season,
            abandoned=status == Match.Status.ABANDONED,
            ended=ended if status == Match.Status.FINISHED else "",
            rule_profile=profile,
            games=games,
            provisional_games=provisional,
        )

    def _mahjongg(self, obj: dict, players: list[str], where: str):
        """A Mah-Jongg match's rules and games, as entered (the rest is recomputed)."""
        profile = self._get(obj, "rule_profile", where, dict)
        if profile is not None:
            try:
                Profile.from_dict(profile)
            except ProfileError as error:
                self.problem(
                    where,
                    _("'rule_profile': “%(field)s” cannot be %(value)s.")
                    % {"field": error.field, "value": quoted(error.value)},
                )
        items = self._get(obj, "games", where, list, default=[]) or []
        if len(items) > MAX_ROUNDS:
            self.problem(
                where,
                _("the match has %(count)s games; a match may have at most %(limit)s.")
                % {"count": len(items), "limit": MAX_ROUNDS},
                "limit",
            )
            return profile, [], frozenset()
        games = []
        provisional = set()
        for number, item in enumerate(items, start=1):
            at = _("%(match)s, game %(number)s") % {"match": where, "number": number}
            if not isinstance(item, dict):
                self.problem(at, _("a game must be an object."))
                continue
            caller = self._seated(item, "caller", players, at)
            hands = self._get(item, "hands", at, dict, default={}) or {}
            unknown = [name for name in hands if name not in players]
            if unknown:
                self.problem(
                    at,
                    _("%(name)s is not one of the match's players.") % {"name": quoted(unknown[0])},
                )
            texts = []
            for name in players:
                text = hands.get(name) or ""
                if not isinstance(text, str) or len(text) > HAND_LENGTH:
                    self.problem(
                        at,
                        _("the tiles of %(name)s must be a short text.") % {"name": quoted(name)},
                    )
                    text = ""
                texts.append(text)
            games.append((players.index(caller) if caller else None, tuple(texts)))
            if self._confirmation(item, at):
                provisional.add(number)
        return profile, games, frozenset(provisional)

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
            % {"value": quoted(value)},
        )
        return 0

    def _round(self, obj: Any, number: int, players: list[str], match: str) -> RoundPlan | None:
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
        if len(hand) > HAND_LENGTH:
            self.problem(
                where,
                _("the hand is longer than %(limit)s characters.") % {"limit": HAND_LENGTH},
            )
        provisional = self._confirmation(obj, where)
        return RoundPlan(where, outcome, winner, win_type, discarder, hand, provisional)

    def _confirmation(self, obj: dict, where: str) -> bool:
        """Whether a round (or game) waits for an opponent's confirmation. A rejected one
        counts for nothing on the site that wrote the file, and the file cannot say what
        it should have been: refused, so that it is settled there first."""
        state = self._choice(obj, "confirmation", where, Confirmation.values)
        if state == Confirmation.REJECTED:
            self.problem(
                where,
                _(
                    "it was rejected by an opponent on the site that wrote the file: "
                    "correct or delete it there, then export the league again."
                ),
            )
        return state == Confirmation.PROVISIONAL

    def _seated(self, obj: dict, key: str, players: list[str], where: str) -> str | None:
        name = self._get(obj, key, where, str)
        if name is None or not name.strip():
            return None
        if name.strip() not in players:
            if key == "winner":
                message = _("the winner '%(name)s' is not one of this match's players.")
            elif key == "caller":
                message = _("the caller '%(name)s' is not one of this match's players.")
            else:
                message = _("the discarder '%(name)s' is not one of this match's players.")
            self.problem(where, message % {"name": shortened(name)})
            return None
        return name.strip()


def _count(matches: list, key: str) -> int:
    """How many rounds (or games) the file's matches hold, before any is read."""
    return sum(
        len(item[key])
        for item in matches
        if isinstance(item, dict) and isinstance(item.get(key), list)
    )


def _plays_mahjongg(document: dict) -> bool:
    league = document.get("league")
    if isinstance(league, dict) and league.get("game") == "mahjongg":
        return True
    matches = document.get("matches")
    return isinstance(matches, list) and any(
        isinstance(match, dict) and (match.get("game") == "mahjongg" or "games" in match)
        for match in matches
    )


def shortened(text: str) -> str:
    return text if len(text) <= QUOTE_LENGTH else text[: QUOTE_LENGTH - 1] + "…"


def quoted(value: Any) -> str:
    """A value of the file as JSON, for a message: `true`, `1.0`, `"one"`, cut short."""
    return shortened(json.dumps(value, ensure_ascii=False))


def slug_taken(slug: str) -> Problem:
    message = _(
        "A league with the short name '%(slug)s' already exists: import the file under "
        "another short name."
    )
    return Problem(message % {"slug": slug}, "slug_taken")
