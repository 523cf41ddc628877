"""Shared by the organiser page tests: a second organiser and the pages' addresses."""

from __future__ import annotations

import pytest
from django.urls import reverse


@pytest.fixture
def co_organiser(django_user_model, league):
    user = django_user_model.objects.create_user("cora", password="pw-cora")
    league.organisers.add(user)
    return user


def login(client, request, persona: str):
    """Sign the client in as a persona fixture's user; "anonymous" stays signed out."""
    if persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))
    return client


def assert_sign_in_asked(response) -> None:
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
