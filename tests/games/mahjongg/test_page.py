"""The table page of a Mah-Jongg table: its drawing script, the calculator's tiles and its
words in the reader's language; a Mhing table's page is left as it was."""

from __future__ import annotations

import json

import pytest

from games.models import Table

pytestmark = pytest.mark.django_db


def test_a_mahjongg_table_page_carries_its_tiles_script_and_words(client, alice):
    table = Table.create(alice, game="mahjongg")
    client.force_login(alice)
    page = client.get(table.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "js/table-mahjongg.js" in page and 'id="mj-face-Rd"' in page
    assert '"game": "mahjongg"' in page
    start = page.index('id="table-text"')
    words = json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])
    assert words["mj_claims_close_in"] == "Fin des réclamations dans %(seconds)s s"
    assert words["mj_discard_tile"] == "Défausser %(tile)s"


def test_a_mhing_table_page_has_none_of_it(client, alice):
    table = Table.create(alice)
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "table-mahjongg.js" not in page and "mj-face-" not in page
