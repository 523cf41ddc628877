"""The score sheet of a match (RULES.md §7), laid out for the match page.

One combined table, not a paper sheet per player: only a round's winner scores, so each
round's column holds the winner's credits per combination, once, and the players' running
grand totals follow as one row per player. Four players' paper sheets would repeat 18 mostly
empty rows four times; the combined table stays one screen tall on a laptop.

A long match does not run off the side of the page: the page shows the sheet in blocks of at
most ROUNDS_PER_BLOCK rounds, one under the other, each with the row labels again (as a
paper sheet carries on on a new line). Ten compact round columns and the labels fit a laptop
(1280 px); a phone scrolls each block sideways, its row labels staying put.

`score_sheet(match)` reads a match in a fixed number of queries, however many rounds it has;
`lay_out` turns those rows into columns and rows without touching the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from leagues.access import actions_for
from leagues.kinds.mhing.held import held_lines
from leagues.kinds.mhing.round_text import describe
from leagues.models import Match, Round, RoundChange, Seat, WinningHand
from leagues.models.confirmation import confirmation_context, describe_change
from leagues.models.round import WinType
from scoring.mhing import COMBINATIONS, JOKER, Card, Combination
from scoring.mhing.match_scoring import MatchRules, RoundResult, Variant, add_round, start
from scoring.picker import FLOWER, Item

_CARDS_BY_CODE = {card.code: card for card in Card}
CREDIT_GROUPS = (1, 3, 5, 8)
ROUNDS_PER_BLOCK = 10


def combination_name(combination: Combination) -> str:
    """The combination's name in the active language (the rules core carries en, de, fr)."""
    language = (get_language() or "en").split("-")[0]
    return combination.names.get(language, combination.names["en"])


# -- the winning hand, as cards ------------------------------------------------------------


@dataclass(frozen=True)
class HandTile:
    """A card as `{% scored_tiles %}` draws it: a Mhing card shows what it stands for."""

    item: Item
    stands_for: Card | None = None


@dataclass(frozen=True)
class HandGroup:
    kind: str  # "sequence", "triplet", "pair", "single", "flowers"
    exposed: bool
    tiles: tuple[HandTile, ...]

    @property
    def label(self) -> str:
        label = {
            "sequence": _("sequence"),
            "triplet": _("triplet"),
            "pair": _("pair"),
            "single": _("single"),
            "flowers": _("flowers"),
        }[self.kind]
        return f"{label} · {_('exposed')}" if self.exposed else label


def hand_groups(hand: WinningHand) -> list[HandGroup]:
    """The stored arrangement (as the engine chose it) and the flowers, ready to draw."""
    groups = []
    for group in hand.arrangement.get("groups", []):
        tiles = tuple(
            HandTile(JOKER, _CARDS_BY_CODE[code]) if joker else HandTile(_CARDS_BY_CODE[code])
            for code, joker in zip(group["cards"], group["jokers"], strict=True)
        )
        groups.append(HandGroup(group["kind"], group["exposed"], tiles))
    if hand.flowers:
        groups.append(HandGroup("flowers", False, (HandTile(FLOWER),) * hand.flowers))
    return groups


# -- the sheet -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """One round: who dealt, how it ended, and each seat's gain and total after it."""

    round: Round
    changes: tuple[int, ...]  # per seat: points won (race) or chips won or paid (chips)
    totals: tuple[int, ...]  # per seat: the running grand total after this round

    @property
    def number(self) -> int:
        return self.round.number

    @property
    def anchor(self) -> str:
        return f"round-{self.round.number}"

    @property
    def hand_anchor(self) -> str:
        return f"hand-{self.round.number}"

    @property
    def hand(self) -> WinningHand | None:
        return None if self.round.is_draw else getattr(self.round, "hand", None)

    @property
    def self_drawn(self) -> bool:
        return self.round.win_type == WinType.SELF_DRAW

    @cached_property
    def credits_by_key(self) -> dict[str, int]:
        return self.hand.credits_by_key() if self.hand else {}

    @cached_property
    def groups(self) -> list[HandGroup]:
        return hand_groups(self.hand) if self.hand else []


@dataclass(frozen=True)
class CombinationRow:
    combination: Combination
    cells: tuple[int | None, ...]  # per round: the winner's credits for it, None when none

    @property
    def name(self) -> str:
        return combination_name(self.combination)

    @property
    def used(self) -> bool:
        return any(self.cells)


@dataclass(frozen=True)
class CombinationGroup:
    credits: int
    rows: tuple[CombinationRow, ...]


@dataclass(frozen=True)
class PlayerCell:
    """A player in one round: what they won or paid, their total after it, their part."""

    change: int
    total: int
    dealt: bool
    won: bool
    discarded: bool


@dataclass(frozen=True)
class PlayerRow:
    seat: Seat
    cells: tuple[PlayerCell, ...]


@dataclass(frozen=True)
class ScoreSheet:
    seats: tuple[Seat, ...]
    columns: tuple[Column, ...]
    groups: tuple[CombinationGroup, ...]
    players: tuple[PlayerRow, ...]
    chips: bool

    @property
    def credits(self) -> tuple[int | None, ...]:
        return tuple(c.hand.credits if c.hand else None for c in self.columns)

    @property
    def points(self) -> tuple[int | None, ...]:
        return tuple(c.hand.points if c.hand else None for c in self.columns)

    @property
    def last(self) -> Column | None:
        return self.columns[-1] if self.columns else None

    @property
    def first(self) -> Column | None:
        return self.columns[0] if self.columns else None

    def rounds(self, start: int, stop: int) -> ScoreSheet:
        """The part of the sheet with the columns `start` to `stop` (Python's slice)."""
        cut = slice(start, stop)
        groups = tuple(
            CombinationGroup(
                group.credits,
                tuple(CombinationRow(row.combination, row.cells[cut]) for row in group.rows),
            )
            for group in self.groups
        )
        players = tuple(PlayerRow(row.seat, row.cells[cut]) for row in self.players)
        return ScoreSheet(self.seats, self.columns[cut], groups, players, self.chips)

    def blocks(self, most: int = ROUNDS_PER_BLOCK) -> list[ScoreSheet]:
        """The sheet in as few blocks of at most `most` rounds as it takes, their sizes as
        even as can be (11 rounds: 6 and 5, not 10 and a lonely 1)."""
        count = -(-len(self.columns) // most)  # rounded up
        if count <= 1:
            return [self]
        size, larger = divmod(len(self.columns), count)
        blocks, start = [], 0
        for index in range(count):
            stop = start + size + (index < larger)
            blocks.append(self.rounds(start, stop))
            start = stop
        return blocks


# How often the seats and rounds are read again when they disagree (see score_sheet).
READ_TRIES = 3


def score_sheet(match: Match) -> ScoreSheet:
    """The sheet of `match`: two queries, whatever the number of rounds.

    The two are separate reads, and a merge of two players (leagues.models.merge) moves a
    player's seats and rounds in one transaction between them: the page then had a round won
    by a player no seat holds, a server error (the merge race of
    tests/faults/test_concurrent_club_season.py). So when they disagree they are read again:
    the change is committed by then."""
    for _try in range(READ_TRIES):
        seats = _seats(match)
        rounds = _rounds(match)
        seated = {seat.player_id for seat in seats}
        if all(_named(round_) <= seated for round_ in rounds):
            break
    return lay_out(match.rules(players=len(seats)), seats, rounds)


def _seats(match: Match) -> list[Seat]:
    return list(match.seats.select_related("player").order_by("position"))


def _rounds(match: Match) -> list[Round]:
    return list(
        match.rounds.select_related("dealer", "winner", "discarder", "hand").order_by("number")
    )


def _named(round_: Round) -> set[int]:
    """The players a round names as winner or discarder (the sheet places them by seat)."""
    return {pk for pk in (round_.winner_id, round_.discarder_id) if pk is not None}


def lay_out(rules: MatchRules, seats: Sequence[Seat], rounds: Sequence[Round]) -> ScoreSheet:
    """Columns per round and rows per combination and per player, from rows already read."""
    position = {seat.player_id: seat.position for seat in seats}
    tally = start(rules)
    columns = []
    for round_ in rounds:
        before = tally.totals
        tally = add_round(rules, tally, _result(round_, position))
        changes = tuple(after - was for after, was in zip(tally.totals, before, strict=True))
        columns.append(Column(round_, changes, tally.totals))
    groups = tuple(
        CombinationGroup(
            credits,
            tuple(
                CombinationRow(c, tuple(col.credits_by_key.get(c.key) for col in columns))
                for c in COMBINATIONS
                if c.credits == credits
            ),
        )
        for credits in CREDIT_GROUPS
    )
    players = tuple(PlayerRow(seat, tuple(_cell(col, seat) for col in columns)) for seat in seats)
    return ScoreSheet(tuple(seats), tuple(columns), groups, players, rules.variant is Variant.CHIPS)


def _cell(column: Column, seat: Seat) -> PlayerCell:
    round_ = column.round
    return PlayerCell(
        change=column.changes[seat.position],
        total=column.totals[seat.position],
        dealt=round_.dealer_id == seat.player_id,
        won=round_.winner_id == seat.player_id,
        discarded=round_.discarder_id == seat.player_id,
    )


def _result(round_: Round, position: dict[int, int]) -> RoundResult:
    if round_.is_draw or round_.is_rejected:  # a rejected round scores nobody
        return RoundResult()
    return RoundResult(
        winner=position[round_.winner_id],
        points=round_.hand.points,
        discarder=position[round_.discarder_id] if round_.discarder_id else None,
    )


# -- the history ------------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryLine:
    change: RoundChange
    before: str
    after: str


def history(match: Match) -> list[HistoryLine]:
    """Every change to the match's rounds, newest first, in one query."""
    changes = match.changes.select_related("by").order_by("-at", "-id")
    return [HistoryLine(c, *describe_change(c, describe)) for c in changes]


def sheet_context(match: Match, user) -> dict[str, Any]:
    """What the match page (and its `#score-sheet` fragment) renders."""
    sheet = score_sheet(match)
    last = sheet.last.round if sheet.last else None
    actions = actions_for(match, user, last)
    return {
        "match": match,
        "league": match.league,
        "sheet": sheet,
        "actions": actions,
        "history": history(match),
        # Entries from phones that met another round (leagues/kinds/mhing/held.py).
        "held": held_lines(match) if actions.correct else [],
        # The abandon and delete links (templates/leagues/organiser/match_links.html): only
        # organisers correct a match that is not abandoned, so no query is added for those.
        "organises": actions.correct or (match.is_abandoned and match.league.is_organiser(user)),
        **confirmation_context(
            match, user, "leagues:round_edit", lambda round_: describe(round_.snapshot())
        ),
    }
