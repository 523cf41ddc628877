"""The club the tests' leagues and players belong to unless a test makes its own.

Before the wall between clubs (docs/architecture.md, "Decisions") the site had one list of
players; the tests written then keep that shape by putting everything in this one club. Tests
of the wall itself make a second club with `other_club`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from leagues.models import Club

# The models are imported when called: tests/faults/racing.py imports this module as a
# command, before Django is set up.


def shared_club() -> Club:
    from leagues.models import Club

    club, _ = Club.objects.get_or_create(slug="tests-club", defaults={"name": "Tests' club"})
    return club


def other_club(name: str = "Other club") -> Club:
    from leagues.models import Club

    return Club.create_named(name)
