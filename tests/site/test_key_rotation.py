"""Rotating SECRET_KEY as docs/deployment.md says: the new key in SECRET_KEY, the old one in
SECRET_KEY_FALLBACKS. Whoever was signed in stays signed in, an open invitation link still
opens, and a player seated at a live table is still seated, not a watcher.

Each test signs under the old key, then reads the keys the settings module makes of the
rotated environment (the module itself, run afresh: the variables are read once, at start)."""

from __future__ import annotations

import runpy

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.tokens import default_token_generator
from django.contrib.sessions.backends.db import SessionStore
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from games.models import Table
from leagues.models import Invite, League
from mhing_site.settings import BASE_DIR
from tests.clubs import shared_club

OLD = "the-key-before-the-rotation-" + "k3Yq8Zr1Vw4Nt7Bx0Cm5Dp2Fh9Gj6Ls"
NEW = "the-key-after-the-rotation-" + "Q2wE4rT6yU8iO0pA1sD3fG5hJ7kL9zX"


def keys_read_from(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict:
    """SECRET_KEY and SECRET_KEY_FALLBACKS as mhing_site/settings.py makes them of `env`."""
    for name in ("SECRET_KEY", "SECRET_KEY_FALLBACKS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    read = runpy.run_path(str(BASE_DIR / "mhing_site" / "settings.py"))
    return {name: read.get(name, []) for name in ("SECRET_KEY", "SECRET_KEY_FALLBACKS")}


@pytest.fixture
def rotate(settings, monkeypatch):
    """Sign with the old key now; calling it rotates the keys as the docs say."""
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = OLD, []

    def rotate(**env: str) -> None:
        keys = keys_read_from(monkeypatch, **env)
        settings.SECRET_KEY = keys["SECRET_KEY"]
        settings.SECRET_KEY_FALLBACKS = keys["SECRET_KEY_FALLBACKS"]

    return rotate


def test_fallbacks_are_read_separated_by_commas_or_blanks(monkeypatch) -> None:
    keys = keys_read_from(monkeypatch, SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=f" {OLD}, b-key  c ")

    assert keys == {"SECRET_KEY": NEW, "SECRET_KEY_FALLBACKS": [OLD, "b-key", "c"]}
    assert keys_read_from(monkeypatch, SECRET_KEY=NEW)["SECRET_KEY_FALLBACKS"] == []


def signed_in(page: str) -> bool:
    return "Sign out" in page


@pytest.mark.django_db
def test_a_signed_in_visitor_stays_signed_in(client, django_user_model, rotate) -> None:
    client.force_login(django_user_model.objects.create_user("pia"))
    assert signed_in(client.get(reverse("home")).content.decode())

    rotate(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=OLD)

    page = client.get(reverse("home")).content.decode()
    assert signed_in(page) and "pia" in page


@pytest.mark.django_db
def test_without_the_old_key_among_the_fallbacks_everyone_is_signed_out(
    client, django_user_model, rotate
) -> None:
    """What the rotation did before SECRET_KEY_FALLBACKS was read (and what dropping the old
    key from it does, once its sessions should end)."""
    client.force_login(django_user_model.objects.create_user("pia"))

    rotate(SECRET_KEY=NEW)

    assert not signed_in(client.get(reverse("home")).content.decode())


@pytest.mark.django_db
def test_an_open_invitation_link_still_opens(client, django_user_model, rotate) -> None:
    organiser = django_user_model.objects.create_user("olga")
    league = League.objects.create(club=shared_club(), name="Tuesday Club", slug="tuesday")
    league.organisers.add(organiser)
    link = Invite.issue(league, role="member", new_player_name="Rosa", by=organiser)
    link = link.get_absolute_url()

    rotate(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=OLD)

    response = client.get(link)
    assert response.status_code == 200
    assert "Tuesday Club" in response.content.decode()


@pytest.mark.django_db
def test_a_password_reset_link_mailed_before_still_works(client, django_user_model, rotate):
    pia = django_user_model.objects.create_user("pia", "pia@example.org", "an old password")
    link = reverse(
        "password_reset_confirm",
        args=[urlsafe_base64_encode(force_bytes(pia.pk)), default_token_generator.make_token(pia)],
    )

    rotate(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=OLD)

    response = client.get(link, follow=True)
    assert response.status_code == 200
    assert 'name="new_password1"' in response.content.decode()


@pytest.fixture
def _fast_tables(settings):
    settings.MHING_BOT_DELAY = 0
    settings.MHING_NEXT_ROUND_PAUSE = 30
    settings.MHING_TURN_TIMEOUT = 60


@database_sync_to_async
def seated_and_signed_in(django_user_model) -> tuple[str, str]:
    """A started table with pia at seat 0, and her browser's session cookie."""
    pia = django_user_model.objects.create_user("pia")
    table = Table.create(pia, players=4)
    table.fill_with_bots(pia)
    table.start(pia)
    session = SessionStore()
    session[SESSION_KEY] = str(pia.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = pia.get_session_auth_hash()
    session.save()
    return table.slug, session.session_key


async def seat_seen_by_socket(slug: str, cookie: str) -> int | None:
    """The seat the table's socket, opened with the session cookie, says is the browser's."""
    from games import presence
    from mhing_site.asgi import application

    socket = WebsocketCommunicator(
        application,
        f"/ws/tables/{slug}/",
        headers=[(b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())],
    )
    try:
        connected, _ = await socket.connect()
        assert connected
        frame = await socket.receive_json_from()
        assert frame["type"] == "snapshot"
        return frame["view"]["seat"]
    finally:
        await socket.disconnect()
        await presence.stop_all()


@pytest.mark.django_db(transaction=True)
async def test_a_seated_live_player_is_still_seated(
    client, django_user_model, rotate, _fast_tables
):
    """Her page was open before the rotation: its socket reconnects to a server restarted
    with the new key, with no page loaded in between."""
    slug, cookie = await seated_and_signed_in(django_user_model)

    rotate(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=OLD)

    assert await seat_seen_by_socket(slug, cookie) == 0, "pia is seated, not watching"
    # And the socket left her session alone: her next page still knows her.
    client.cookies[settings.SESSION_COOKIE_NAME] = cookie
    page = await database_sync_to_async(client.get)(reverse("home"))
    assert signed_in(page.content.decode())


@pytest.mark.django_db(transaction=True)
async def test_a_session_no_key_verifies_only_watches(django_user_model, rotate, _fast_tables):
    """Without the old key among the fallbacks (or after a password change) the socket is
    a watcher's: the fallbacks widen what verifies, nothing more."""
    slug, cookie = await seated_and_signed_in(django_user_model)

    rotate(SECRET_KEY=NEW)

    assert await seat_seen_by_socket(slug, cookie) is None
