"""Who pays whom after a game (MAHJONGG.md §5): `diff` and `full`, East (or the rotating
dealer) paying and receiving double, 3 or 4 players, and the settled draw.

A pure function of the hand scores: `settle(scores, winner, method, dealer)` returns every
payment, each named by the row it follows (`difference`, `full_value`, and
`east_pays_double` when doubled), and each seat's net result. Payments always sum to zero and
the caller (`winner`) never pays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from .tiles import Wind


class Method(Enum):
    DIFF = "diff"  # 002, the default: everyone pays each higher score the difference
    FULL = "full"  # 004: every other player pays the caller's full score first


@dataclass(frozen=True)
class Payment:
    payer: Wind
    payee: Wind
    amount: int  # after doubling
    key: str  # the row: `difference` or `full_value`
    doubled: bool  # the dealer (East) pays or receives: `east_pays_double`

    @property
    def keys(self) -> tuple[str, ...]:
        """Every row this payment follows."""
        return (self.key, "east_pays_double") if self.doubled else (self.key,)


@dataclass(frozen=True)
class SettlementLine:
    """A settlement line of §1.2 as read: `settle=diff winner=W E=38 S=280 W=130 N=12`."""

    method: Method
    winner: Wind | None  # None: `winner=none`, the settled draw
    scores: tuple[tuple[Wind, int], ...]  # in seat order; no North with 3 players
    dealer: Wind = Wind.EAST

    def settle(self) -> Settlement:
        return settle(dict(self.scores), self.winner, self.method, self.dealer)


@dataclass(frozen=True)
class Settlement:
    method: Method
    winner: Wind | None
    dealer: Wind
    scores: tuple[tuple[Wind, int], ...]
    payments: tuple[Payment, ...]

    @property
    def net(self) -> dict[Wind, int]:
        """Each seat's result, in seat order: what it received less what it paid."""
        net = {seat: 0 for seat, _score in self.scores}
        for payment in self.payments:
            net[payment.payer] -= payment.amount
            net[payment.payee] += payment.amount
        return net

    @property
    def text(self) -> str:
        """§1.2's answer to a settlement line, always signed: `E=-616 S=+752 W=+302 N=-438`."""
        return " ".join(f"{seat.code}={amount:+d}" for seat, amount in self.net.items())


def settle(
    scores: Mapping[Wind, int],
    winner: Wind | None,
    method: Method = Method.DIFF,
    dealer: Wind = Wind.EAST,
) -> Settlement:
    """The payments of one game among the seats in `scores` (3 or 4 of them).

    `winner` is the Mah-Jongg caller, or None for 004's settled draw (everyone pays each
    higher score the difference, whatever `method`). A draw that is not settled has no
    payments: don't call this. Every amount between `dealer` and another seat is doubled.
    """
    if not 3 <= len(scores) <= 4:
        raise ValueError("a game has 3 or 4 players")
    if winner is not None and winner not in scores:
        raise ValueError(f"the winner {winner.code} has no score")
    if dealer not in scores:
        raise ValueError(f"the dealer {dealer.code} has no score")
    if min(scores.values()) < 0:
        raise ValueError("a hand's score is never negative")
    seats = sorted(scores)
    payments: list[Payment] = []

    def pay(payer: Wind, payee: Wind, amount: int, key: str) -> None:
        doubled = dealer in (payer, payee)
        if amount > 0:
            payments.append(Payment(payer, payee, amount * (2 if doubled else 1), key, doubled))

    others = [seat for seat in seats if seat != winner]
    if winner is not None and method is Method.FULL:
        for payer in others:
            pay(payer, winner, scores[winner], "full_value")
        among = others  # then the others settle their differences among themselves
    else:
        among = seats  # diff (the caller is paid, and pays nobody) and the settled draw
    for payer in others:
        for payee in among:
            if scores[payee] > scores[payer]:
                pay(payer, payee, scores[payee] - scores[payer], "difference")
    return Settlement(
        method, winner, dealer, tuple((seat, scores[seat]) for seat in seats), tuple(payments)
    )
