"""The account defences through a real daphne, as deployed: wrong
passwords pause sign-in under ASGI too (axes' middleware on the async path), a websocket
from a page on another port is refused, and no response names the server software. One
daphne process on a migrated SQLite file; nothing of ours is mocked."""

from __future__ import annotations

import http.client
import re
import secrets
import subprocess
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.games.servers import (
    PYTHON,
    ROOT,
    daphne,
    migrate,
    prepare_tables,
    sqlite_env,
)

PASSWORD = "a-long-Mhing-passphrase"
WAIT = "signing in is paused for this account, or from this network, for 15 minutes"
DOCUMENTED = [ROOT / "docs" / "deployment.md"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    directory = tmp_path_factory.mktemp("accounts-daphne")
    env = sqlite_env(directory)
    migrate(env)
    table = prepare_tables(env, 1, 2)[0]
    manage(env, "shell", "-c", f"from django.contrib.auth.models import User; "
           f"User.objects.create_user('pia', password={PASSWORD!r})")  # fmt: skip
    with daphne(env, directory / "daphne.log") as port:
        yield port, env, table


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True)


def request(port: int, method: str, path: str, body: dict | None = None, cookie: str = ""):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Host": f"127.0.0.1:{port}"}
        data = None
        if body is not None:
            token = secrets.token_hex(16)
            data = urlencode({**body, "csrfmiddlewaretoken": token})
            headers["Cookie"] = f"csrftoken={token}"
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif cookie:
            headers["Cookie"] = cookie
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text
    finally:
        connection.close()


def sign_in(port: int, password: str):
    return request(port, "POST", "/accounts/login/", {"username": "pia", "password": password})


def test_thirty_wrong_passwords_pause_sign_in_under_daphne(site):
    port, env, _table = site

    answers = [sign_in(port, f"guess-{n}")[0] for n in range(30)]
    status, headers, text = sign_in(port, PASSWORD)

    assert answers.count(429) == 21, answers
    assert status == 429
    assert WAIT in " ".join(re.sub(r"<[^>]+>", " ", text).split())
    assert "sessionid" not in headers.get("set-cookie", "")
    # Staff lift the pause; the right password works again.
    manage(env, "axes_reset_username", "pia")
    status, headers, _text = sign_in(port, PASSWORD)
    assert status == 302
    assert "sessionid=" in headers["set-cookie"]


def test_no_answer_names_the_server_software(site):
    port, _env, _table = site

    for path in ("/", "/accounts/login/", "/no-such-page/"):
        _status, headers, _text = request(port, "GET", path)
        assert "daphne" not in headers.get("server", "").lower(), (path, headers)


def test_every_documented_daphne_command_hides_the_server_name():
    for page in DOCUMENTED:
        commands = re.findall(r"bin/daphne .*(?:\n.*mhing_site\.asgi)?", Path(page).read_text())
        assert commands, page
        for command in commands:
            assert "--no-server-name" in command, command


async def open_socket(port: int, table: dict, origin: str):
    from websockets.asyncio.client import connect

    return await connect(
        f"ws://127.0.0.1:{port}/ws/tables/{table['slug']}/",
        additional_headers={"Cookie": table["seats"][0]["cookie"], "Origin": origin},
        proxy=None,
    )


async def test_a_socket_from_a_page_on_another_port_is_refused(site):
    from websockets.exceptions import InvalidStatus

    port, _env, table = site

    with pytest.raises(InvalidStatus) as refused:
        await open_socket(port, table, "http://127.0.0.1:9999")

    assert refused.value.response.status_code == 403
    socket = await open_socket(port, table, f"http://127.0.0.1:{port}")
    try:
        assert "daphne" not in (socket.response.headers.get("Server") or "").lower()
        assert '"snapshot"' in await socket.recv()
    finally:
        await socket.close()
