"""A blank score sheet for a match, to print and fill in by hand: the paper a table keeps as
a backup (a flat battery, no signal), then types into the league afterwards.

It carries what the players need to fill it in without the app: the league, the date, the
players in seat order with the first dealer marked, the match's rules, and ruled rows to
write rounds in. The rows are numbered and name each round's dealer in advance, since the
deal passes left after every round, draws included (RULES.md §5). A match that has rounds
already starts after them, from the players' totals so far; a chips match with an agreed
number of rounds gets no more rows than it has rounds left.
"""

from __future__ import annotations

from dataclasses import dataclass

from leagues.models import Match, Seat
from scoring.mhing.match_scoring import Variant, dealer_for_round

# As many as fit one A4 landscape page under the header (static/css/blank_sheet.css).
ROWS = 30


@dataclass(frozen=True)
class BlankRow:
    number: int
    dealer: Seat


@dataclass(frozen=True)
class BlankSheet:
    match: Match
    seats: tuple[Seat, ...]
    rows: tuple[BlankRow, ...]
    played: int  # the rounds the league has already: the first row is the next one

    @property
    def first_dealer(self) -> Seat:
        return self.seats[self.match.first_dealer]


def blank_sheet(match: Match, most: int = ROWS) -> BlankSheet:
    seats = tuple(match.seats.select_related("player").order_by("position"))
    played = match.rounds.count()
    last = played + most
    rules = match.game_rules
    if rules.round_limit and rules.variant is Variant.CHIPS:
        last = min(last, rules.round_limit)
    rows = tuple(
        BlankRow(number, seats[dealer_for_round(match.first_dealer, number, len(seats))])
        for number in range(played + 1, last + 1)
    )
    return BlankSheet(match, seats, rows, played)
