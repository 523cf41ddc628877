"""MAHJONGG.md §5: who pays whom, `diff` and `full`, East (or the dealer) double, 3 or 4
players, draws; and the properties every settlement keeps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.mahjongg import Method, Wind, answer, parse_settlement, settle

E, S, W, N = Wind


def _pays(settlement) -> dict[tuple[str, str], int]:
    return {(p.payer.code, p.payee.code): p.amount for p in settlement.payments}


def test_east_pays_double() -> None:
    settlement = settle({E: 0, S: 100, W: 0, N: 0}, winner=S)
    assert _pays(settlement)[("E", "S")] == 200
    assert _pays(settlement)[("W", "S")] == 100
    payment = next(p for p in settlement.payments if p.payer is E)
    assert payment.keys == ("difference", "east_pays_double")


def test_east_receives_double() -> None:
    settlement = settle({E: 100, S: 0, W: 0, N: 0}, winner=E)
    assert set(_pays(settlement).values()) == {200}


def test_the_rotating_dealer_pays_and_receives_double_instead_of_east() -> None:
    settlement = parse_settlement("settle=diff winner=W dealer=S E=38 S=280 W=130 N=12").settle()
    pays = _pays(settlement)
    assert pays[("E", "W")] == 92  # East plain
    assert pays[("E", "S")] == 2 * 242  # the dealer double
    assert pays[("N", "S")] == 2 * 268


def test_difference_the_caller_pays_nothing_and_is_not_paid_by_higher_scores() -> None:
    settlement = settle({E: 38, S: 280, W: 130, N: 12}, winner=W)
    assert not any(p.payer in (W, S) for p in settlement.payments)
    assert ("S", "W") not in _pays(settlement)


def test_full_value_every_other_player_pays_the_callers_full_score() -> None:
    settlement = settle({E: 38, S: 280, W: 130, N: 12}, winner=W, method=Method.FULL)
    full = {(p.payer.code, p.amount) for p in settlement.payments if p.key == "full_value"}
    assert full == {("E", 260), ("S", 130), ("N", 130)}
    # then the others settle among themselves; South, above the caller, is paid by E and N
    assert _pays(settlement)[("E", "S")] == 484


def test_ruling_example_a_east_has_38_and_south_280_so_east_pays_west_184() -> None:
    assert answer("settle=diff winner=W E=38 S=280 W=130 N=12") == "E=-616 S=+752 W=+302 N=-438"
    settlement = settle({E: 38, S: 280, W: 130, N: 12}, winner=W)
    assert _pays(settlement)[("E", "W")] == 2 * (130 - 38) == 184


def test_ruling_three_players_settle_among_east_south_and_west() -> None:
    # E pays S 2x100 and W 2x20, W pays S 80
    assert answer("settle=diff winner=S E=0 S=100 W=20") == "E=-240 S=+280 W=-40"
    # E pays S 2x100, W pays S 100; then E pays W 2x20
    assert answer("settle=full winner=S E=0 S=100 W=20") == "E=-240 S=+300 W=-60"


def test_a_settled_draw_everyone_pays_each_higher_score_east_double() -> None:
    settlement = settle({E: 10, S: 40, W: 0, N: 10}, winner=None)
    assert _pays(settlement) == {
        ("E", "S"): 60,
        ("W", "E"): 20,
        ("W", "S"): 40,
        ("W", "N"): 10,
        ("N", "S"): 30,
    }
    assert answer("settle=full winner=none E=10 S=40 W=0 N=10") == "E=-40 S=+130 W=-70 N=-20"


def test_equal_scores_pay_nothing() -> None:
    settlement = settle({E: 50, S: 50, W: 50, N: 50}, winner=N)
    assert settlement.payments == ()
    assert settlement.text == "E=+0 S=+0 W=+0 N=+0"


def test_the_limit_caps_hands_but_east_may_be_paid_more() -> None:
    # [ruling] §3.4: each hand is capped before settlement; East's double payments may
    # exceed the limit.
    settlement = settle({E: 3000, S: 0, W: 0, N: 0}, winner=E, method=Method.FULL)
    assert settlement.net[E] == 3 * 6000


def test_settle_refuses_what_is_no_game() -> None:
    with pytest.raises(ValueError):
        settle({E: 1, S: 2}, winner=E)
    with pytest.raises(ValueError):
        settle({E: 1, S: 2, W: 3}, winner=N)
    with pytest.raises(ValueError):
        settle({E: 1, S: 2, W: 3}, winner=E, dealer=N)
    with pytest.raises(ValueError):
        settle({E: -1, S: 2, W: 3}, winner=E)


# Properties


@st.composite
def games(draw: st.DrawFn):
    players = draw(st.sampled_from([3, 4]))
    seats = list(Wind)[:players]
    scores = {seat: draw(st.integers(0, 3000)) for seat in seats}
    winner = draw(st.sampled_from([*seats, None]))
    method = draw(st.sampled_from(list(Method)))
    dealer = draw(st.sampled_from(seats))
    return scores, winner, method, dealer


@given(games())
def test_payments_sum_to_zero(game) -> None:
    settlement = settle(*game)
    assert sum(settlement.net.values()) == 0


@given(games())
def test_the_caller_never_pays(game) -> None:
    scores, winner, method, dealer = game
    settlement = settle(scores, winner, method, dealer)
    assert all(p.payer != winner for p in settlement.payments)
    if winner is not None:
        assert settlement.net[winner] >= 0


@given(games())
def test_amounts_with_the_dealer_are_doubled_and_no_others(game) -> None:
    scores, winner, method, dealer = game
    for p in settle(scores, winner, method, dealer).payments:
        base = scores[p.payee] if p.key == "full_value" else scores[p.payee] - scores[p.payer]
        assert p.amount == base * (2 if dealer in (p.payer, p.payee) else 1)
        assert p.doubled == (dealer in (p.payer, p.payee))
        assert p.amount > 0


@given(games())
def test_the_settlement_line_answers_the_same(game) -> None:
    scores, winner, method, dealer = game
    parts = [f"settle={method.value}", f"winner={'none' if winner is None else winner.code}"]
    parts += [f"dealer={dealer.code}"] + [f"{seat.code}={score}" for seat, score in scores.items()]
    assert answer(" ".join(parts)) == settle(scores, winner, method, dealer).text
