"""`manage.py plan_seating`: the plan as JSON for another program, or as a table for people,
with its quality figures (docs/tournaments.md)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def test_json_is_the_rounds_with_players_1_to_n_in_seat_order(capsys) -> None:
    out = StringIO()
    call_command(
        "plan_seating", "--players", "16", "--rounds", "3", "--seed", "5", "--json", stdout=out
    )
    plan = json.loads(out.getvalue())
    assert list(plan) == ["rounds"]
    assert len(plan["rounds"]) == 3
    for session in plan["rounds"]:
        assert len(session) == 4
        assert sorted(p for table in session for p in table) == list(range(1, 17))
    figures = json.loads(capsys.readouterr().err)
    assert figures["repeated_meetings"] == 0 and figures["lower_bound"] == 0


def test_for_people_each_table_names_its_winds_and_the_figures_follow() -> None:
    out = StringIO()
    call_command("plan_seating", "--players", "6", "--rounds", "2", "--steps", "50", stdout=out)
    text = out.getvalue()
    assert "Session 2" in text
    assert "E " in text and "W " in text
    assert "tables of three each session: 2" in text
    assert "Repeated meetings:" in text


def test_five_players_are_refused_with_what_to_do() -> None:
    with pytest.raises(CommandError, match="plan for 4, or 6 or more") as refused:
        call_command("plan_seating", "--players", "5", "--rounds", "4")
    assert refused.value.returncode == 2
