"""French as a French reader expects it (not "en tant que organiser", "1 septembre")."""

from __future__ import annotations

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_the_header_names_the_account_without_a_broken_elision(client, django_user_model):
    user = django_user_model.objects.create_user("organiser")
    client.force_login(user)
    client.cookies["django_language"] = "fr"
    text = client.get("/").content.decode()
    assert "Compte connecté : organiser" in text
    assert "en tant que organiser" not in text


def test_the_demo_sign_in_lines_read_well_in_french(capsys):
    from django.utils import translation

    with translation.override("fr"):
        call_command("load_demo")
    out = capsys.readouterr().out
    assert "Connectez-vous avec le compte organiser" in out
    assert "en tant que" not in out
