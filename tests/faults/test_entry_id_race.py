"""Two sendings of one entry at the same moment (a phone's outbox synced from two tabs, or
a resend while the first is still on its way): one round, and both told the same answer
(leagues/models/entry_receipt.py: the match's lock, then the unique id). And a resend
after the server restarted (its answer lost with the old process): the same answer, no
second round.

Against a real daphne process and a database of its own (SQLite here, PostgreSQL under
`make test-postgres`), two threads released together by a barrier, RACE_TRIES times.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator

import pytest

from tests.games.servers import daphne

from .racing import (
    SMALL_HAND,
    Browser,
    Site,
    command,
    database,
    migrated,
    served,
    server_env,
    together,
)

pytestmark = pytest.mark.database

TRIES = int(os.environ.get("RACE_TRIES", "30"))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[Site]:
    with served(tmp_path_factory.mktemp("entry-race"), {"records": TRIES}) as running:
        yield running


def test_the_same_entry_id_sent_twice_at_once_adds_one_round_and_answers_both_alike(site):
    players = site.data["players"]
    matches = site.data["matches"]["records"]
    answers = []
    for pk, version in matches:
        fields = {
            "outcome": "won",
            "winner": str(players["Rosa"]),
            "win_type": "self_draw",
            "discarder": "",
            "hand": SMALL_HAND,
            "version": str(version),
            "after": "1",  # the match holds round 1: this is round 2
            "entry_id": str(uuid.uuid4()),
        }
        phones = [site.browser(0), site.browser(0)]
        for phone in phones:
            phone.headers = {"Accept": "application/json"}
        path = f"/leagues/race/matches/{pk}/rounds/new/"
        sends = [lambda b, p=phone, u=path, f=fields: p.post(u, f, b) for phone in phones]
        pages = together(*sends)
        answers.append([(page.status, json.loads(page.text)) for page in pages])

    held = site.dump([pk for pk, _ in matches])
    rounds = {pk: [r[:2] for r in held[pk]["rounds"]] for pk, _ in matches}
    print(f"\n{TRIES} races of one entry id sent twice at once")
    assert all(r == [[1, "Sven"], [2, "Rosa"]] for r in rounds.values()), rounds
    for (first_status, first), (second_status, second) in answers:
        assert first_status == second_status == 200
        assert first == second
        assert first["state"] == "saved" and first["number"] == 2


def test_a_resend_after_a_server_restart_is_answered_as_the_first_and_adds_nothing(
    tmp_path,
) -> None:
    with database(tmp_path) as url:
        env = server_env(url)
        migrated(env)
        data = command(env, "prepare", json.dumps({"records": 1}))
        (pk, version), session = data["matches"]["records"][0], data["sessions"][0]
        fields = {
            "outcome": "won",
            "winner": str(data["players"]["Rosa"]),
            "win_type": "self_draw",
            "discarder": "",
            "hand": SMALL_HAND,
            "version": str(version),
            "after": "1",
            "entry_id": str(uuid.uuid4()),
        }
        path = f"/leagues/race/matches/{pk}/rounds/new/"
        answers = []
        for run in ("before", "after"):  # one server process, then a new one
            with daphne(env, tmp_path / f"daphne-{run}.log") as port:
                phone = Browser(port, session)
                phone.headers = {"Accept": "application/json"}
                page = phone.post(path, fields)
                answers.append((page.status, json.loads(page.text)))
        held = command(env, "dump", str(pk))[str(pk)]

    assert answers[0] == answers[1]
    assert answers[0][1]["state"] == "saved" and answers[0][1]["number"] == 2
    assert [r[:2] for r in held["rounds"]] == [[1, "Sven"], [2, "Rosa"]]
