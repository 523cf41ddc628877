"""`manage.py export_league` and `manage.py import_league`: the league file on the command
line, with the exit statuses of docs/league_json.md."""

from __future__ import annotations

import copy
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from leagues.exchange.export import league_document
from leagues.models import League, RoundEntry

from .conftest import BIG_HAND, win
from .test_import import comparable, paper_season


def run(name: str, *args: str, stdin: StringIO | None = None) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    options = {"stdin": stdin} if stdin is not None else {}
    call_command(name, *args, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


def refused(name: str, *args: str) -> tuple[CommandError, str]:
    err = StringIO()
    with pytest.raises(CommandError) as error:
        call_command(name, *args, stdout=StringIO(), stderr=err)
    return error.value, err.getvalue()


@pytest.fixture
def played(match, players):
    match.record_round(win(players[1], "123c 123c 99b [5b J 7b] [RdRdRd] F F"))
    match.record_round(RoundEntry.draw())
    match.record_round(win(players[3], BIG_HAND, discarder=players[0]))
    return match


@pytest.mark.django_db
class TestExportLeague:
    def test_it_prints_the_league_file(self, league, played):
        out, _ = run("export_league", "tuesday")
        document = json.loads(out)
        assert document["format_version"] == 1
        assert document["league"]["name"] == "Tuesday Club"
        assert len(document["matches"][0]["rounds"]) == 3

    def test_it_is_the_same_document_as_the_download(self, client, league, played):
        out, _ = run("export_league", "tuesday")
        download = json.loads(client.get("/leagues/tuesday/export.json").content)
        assert comparable(json.loads(out)) == comparable(download)

    def test_it_writes_a_utf8_file(self, league, players, played, tmp_path):
        players[1].display_name = "Quentin Hübner"
        players[1].save()
        target = tmp_path / "tuesday.json"
        _, err = run("export_league", "tuesday", "-o", str(target))
        assert "Quentin Hübner" in target.read_text(encoding="utf-8")
        assert str(target) in err

    def test_an_unknown_league_exits_1(self, db):
        error, _ = refused("export_league", "nowhere")
        assert error.returncode == 1
        assert "no league with the short name 'nowhere'" in str(error)

    def test_an_unwritable_file_exits_2(self, league, tmp_path):
        error, _ = refused("export_league", "tuesday", "-o", str(tmp_path / "no" / "such.json"))
        assert error.returncode == 2


@pytest.mark.django_db
class TestImportLeague:
    def test_it_imports_a_file(self, tmp_path):
        path = tmp_path / "paper.json"
        path.write_text(json.dumps(paper_season(), ensure_ascii=False), encoding="utf-8")
        out, _ = run("import_league", str(path))
        assert out.splitlines() == [
            "Imported the league Paper Season: 1 match with 3 rounds (3 new players).",
            "/leagues/paper/",
        ]
        assert League.objects.get(slug="paper").matches.get().is_finished

    def test_an_exported_league_comes_back_under_another_short_name(
        self, league, played, organiser, tmp_path
    ):
        path = tmp_path / "tuesday.json"
        run("export_league", "tuesday", "-o", str(path))
        run("import_league", str(path), "--slug", "tuesday-copy", "--organiser", "olga")
        copy = League.objects.get(slug="tuesday-copy")
        assert comparable(league_document(copy)) == comparable(league_document(league))
        assert copy.is_organiser(organiser)

    def test_it_reads_standard_input(self, db):
        run("import_league", "-", stdin=StringIO(json.dumps(paper_season())))
        assert League.objects.filter(slug="paper").exists()

    def test_into_adds_the_matches_to_an_existing_league(self, league, tmp_path):
        path = tmp_path / "paper.json"
        path.write_text(json.dumps(paper_season()), encoding="utf-8")
        out, _ = run("import_league", str(path), "--into", "tuesday")
        assert out.startswith("Added 1 match with 3 rounds to Tuesday Club (3 new players).")
        assert league.matches.count() == 1

    def test_into_again_skips_the_matches_already_there_and_says_how_many(self, league, tmp_path):
        path = tmp_path / "paper.json"
        path.write_text(json.dumps(paper_season()), encoding="utf-8")
        run("import_league", str(path), "--into", "tuesday")
        out, _ = run("import_league", str(path), "--into", "tuesday")
        assert out.splitlines()[0] == (
            "Added 0 matches with 0 rounds to Tuesday Club (0 new players); "
            "1 match already in the league was skipped."
        )
        assert league.matches.count() == 1

    def test_a_match_listed_twice_in_the_file_is_added_once_and_named(self, league, tmp_path):
        document = paper_season()
        document["matches"].append(copy.deepcopy(document["matches"][0]))
        path = tmp_path / "twice.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        out, _ = run("import_league", str(path), "--into", "tuesday")
        assert out.splitlines()[0] == (
            "Added 1 match with 3 rounds to Tuesday Club (3 new players). Listed twice in the "
            "file, so added once: match 2, the same as match 1."
        )
        assert league.matches.get().rounds.count() == 3

    def test_a_refused_file_exits_1_and_lists_the_problems(self, tmp_path):
        document = paper_season()
        document["matches"][0]["rounds"][2]["hand"] = "55555b 123c 456c 789c"
        path = tmp_path / "paper.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        error, err = refused("import_league", str(path))
        assert error.returncode == 1
        assert "Nothing was imported." in str(error)
        assert err.startswith("match 1 (2025-03-04), round 3: Five 5s of bamboo")
        assert not League.objects.exists()

    def test_a_taken_short_name_suggests_slug(self, league, tmp_path):
        path = tmp_path / "paper.json"
        path.write_text(json.dumps(paper_season(slug="tuesday")), encoding="utf-8")
        error, err = refused("import_league", str(path))
        assert error.returncode == 1
        assert "already exists" in err and "--slug" in err

    def test_malformed_json_exits_1(self, db, tmp_path):
        path = tmp_path / "broken.json"
        path.write_text("{", encoding="utf-8")
        error, err = refused("import_league", str(path))
        assert error.returncode == 1
        assert "not valid JSON" in err

    def test_a_missing_file_exits_2(self, db, tmp_path):
        error, _ = refused("import_league", str(tmp_path / "missing.json"))
        assert error.returncode == 2

    def test_an_unknown_league_or_account_exits_2(self, db, tmp_path):
        path = tmp_path / "paper.json"
        path.write_text(json.dumps(paper_season()), encoding="utf-8")
        assert refused("import_league", str(path), "--into", "nowhere")[0].returncode == 2
        assert refused("import_league", str(path), "--organiser", "nobody")[0].returncode == 2
        assert not League.objects.exists()
