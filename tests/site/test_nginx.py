"""The nginx configuration docs/deployment.md gives (docs/deploy/nginx.conf, quoted there
verbatim) is one nginx accepts, and in front of the site it does what the docs say: plain
HTTP goes to HTTPS (but for certbot's challenges), no version in `Server:`, static files
served by nginx itself, forms and a live table's websocket on a port other than 443, and
the sign-in pause counted by the visitor's address, not nginx's.

nginx must be installed (`apt-get install nginx`; .ci/run installs it). Without it these
tests are skipped on a developer's machine, and fail in CI (CI=true)."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import ssl
import subprocess
from collections.abc import Iterator
from contextlib import ExitStack
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest
from websockets.sync.client import connect

from tests.games.servers import (
    PYTHON,
    daphne_command,
    free_port,
    migrate,
    prepare_tables,
    running,
    sqlite_env,
)

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "docs" / "deploy" / "nginx.conf"
DOCS = ROOT / "docs" / "deployment.md"
MIME_TYPES = Path("/etc/nginx/mime.types")

# What an operator replaces in the file (its first lines say so), and what the tests put there.
CERTIFICATE = "/etc/letsencrypt/live/league.example.org/fullchain.pem"
CERTIFICATE_KEY = "/etc/letsencrypt/live/league.example.org/privkey.pem"
STATIC_ROOT = "/srv/mhing/staticfiles/"
WEBROOT = "root /var/www/html;"


@pytest.fixture(scope="session")
def nginx() -> str:
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("nginx is not installed: .ci/run installs it (apt-get install nginx)")
        pytest.skip("nginx is not installed (apt-get install nginx)")
    return found


def replaced(text: str, old: str, new: str) -> str:
    assert old in text, f"docs/deploy/nginx.conf no longer has {old!r}: update this test"
    return text.replace(old, new)


def self_signed(directory: Path) -> tuple[Path, Path]:
    certificate, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
        + ["-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(certificate)],
        check=True,
        capture_output=True,
    )
    return certificate, key


def nginx_conf(directory: Path, site: str) -> Path:
    """A whole nginx configuration around the site's file, as Debian's nginx.conf includes
    conf.d/*.conf inside its `http` block, with every path nginx writes in `directory`."""
    for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (directory / temp).mkdir(exist_ok=True)
    (directory / "site.conf").write_text(site)
    conf = directory / "nginx.conf"
    conf.write_text(
        # As root the workers would run as nobody, who may not read pytest's directories.
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"pid {directory / 'nginx.pid'};\n"
        + "events {}\n"
        + "http {\n"
        + (f"    include {MIME_TYPES};\n" if MIME_TYPES.exists() else "")
        + f"    access_log {directory / 'access.log'};\n"
        + f"    client_body_temp_path {directory / 'body'};\n"
        + "".join(
            f"    {temp}_temp_path {directory / temp};\n"
            for temp in ("proxy", "fastcgi", "uwsgi", "scgi")
        )
        + f"    include {directory / 'site.conf'};\n"
        + "}\n"
    )
    return conf


def nginx_args(nginx: str, conf: Path) -> list[str]:
    return [nginx, "-c", str(conf), "-p", f"{conf.parent}/", "-e", str(conf.parent / "error.log")]


def test_the_docs_quote_the_file_verbatim() -> None:
    blocks = re.findall(r"```nginx\n(.*?)```", DOCS.read_text(), re.DOTALL)

    assert blocks == [CONF.read_text()], "docs/deployment.md: paste docs/deploy/nginx.conf"


def test_nginx_accepts_it(nginx: str, tmp_path: Path) -> None:
    certificate, key = self_signed(tmp_path)
    site = replaced(CONF.read_text(), CERTIFICATE, str(certificate))
    site = replaced(site, CERTIFICATE_KEY, str(key))

    tested = subprocess.run(
        [*nginx_args(nginx, nginx_conf(tmp_path, site)), "-t"], capture_output=True, text=True
    )

    assert tested.returncode == 0, tested.stderr
    assert "test is successful" in tested.stderr


# -- nginx in front of the site, as deployed --

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-random-production-secret-" + "n9Gx2Lq5Wc8Rz1Tv4Yb7Mk0Hp3Dj6Fs",
    "ALLOWED_HOSTS": "127.0.0.1",
    "TRUST_X_FORWARDED_PROTO": "1",
    "TRUST_X_FORWARDED_FOR": "1",
    "LOGIN_FAILURE_LIMIT": "3",
}


PASSWORD = "a password for the nginx test"


@pytest.fixture(scope="session")
def deployed(nginx: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    """gunicorn and daphne as docs/deployment.md starts them, nginx in front with the
    docs' file; HTTP and HTTPS on free ports (so HTTPS is not on 443)."""
    directory = tmp_path_factory.mktemp("nginx")
    env = {
        **sqlite_env(directory, drop=("REDIS_URL",)),
        **PRODUCTION,
        "STATIC_ROOT": str(directory / "static"),
    }
    subprocess.run(
        [PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    migrate(env)
    tables = prepare_tables(env, tables=1, players=2)
    subprocess.run(
        [PYTHON, "manage.py", "shell", "-c", f"from django.contrib.auth.models import User;"
         f"[User.objects.create_user(name, password={PASSWORD!r}) for name in ('olga', 'pia')]"],
        cwd=ROOT,
        env=env,
        check=True,
    )  # fmt: skip
    certificate, key = self_signed(directory)
    http_port, https_port = free_port(), free_port()
    pages_log = directory / "gunicorn-access.log"

    def gunicorn(port: int) -> list[str]:
        return [PYTHON, "-m", "gunicorn", "-b", f"127.0.0.1:{port}", "--workers", "1"] + [
            "--access-logfile",
            str(pages_log),
            "mhing_site.wsgi:application",
        ]

    def daphne(port: int) -> list[str]:
        command = daphne_command(port)
        return [*command[:-1], "--proxy-headers", command[-1]]

    with ExitStack() as stack:
        pages, _ = stack.enter_context(running(gunicorn, env, directory / "gunicorn.log"))
        sockets, _ = stack.enter_context(running(daphne, env, directory / "daphne.log"))
        site = CONF.read_text()
        for old, new in [
            (CERTIFICATE, str(certificate)),
            (CERTIFICATE_KEY, str(key)),
            (STATIC_ROOT, f"{directory / 'static'}/"),
            (WEBROOT, f"root {directory / 'webroot'};"),
            ("listen 80;", f"listen 127.0.0.1:{http_port};"),
            ("listen 443 ssl;", f"listen 127.0.0.1:{https_port} ssl;"),
            ("server 127.0.0.1:8000;", f"server 127.0.0.1:{pages};"),
            ("server 127.0.0.1:8001; server 127.0.0.1:8002;", f"server 127.0.0.1:{sockets};"),
        ]:
            site = replaced(site, old, new)
        conf = nginx_conf(directory, site)
        stack.enter_context(
            running(
                lambda _port: [*nginx_args(nginx, conf), "-g", "daemon off;"],
                env,
                directory / "nginx.log",
                port=https_port,
            )
        )
        challenge = directory / "webroot" / ".well-known" / "acme-challenge" / "a-token"
        challenge.parent.mkdir(parents=True)
        challenge.write_text("the token's answer")
        yield {
            "http": http_port,
            "https": https_port,
            "pages_log": pages_log,
            "static": directory / "static",
            "table": tables[0],
        }


def ask(
    port: int,
    path: str,
    secure: bool = True,
    body: str | None = None,
    source: str = "127.0.0.1",
    **headers: str,
) -> http.client.HTTPResponse:
    """GET `path`, or POST `body` to it, on nginx's port, from the address `source` (any
    address of 127.0.0.0/8 is this machine's)."""
    if secure:
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        connection = http.client.HTTPSConnection(
            "127.0.0.1", port, context=context, timeout=30, source_address=(source, 0)
        )
    else:
        connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=30, source_address=(source, 0)
        )
    connection.request("GET" if body is None else "POST", path, body=body, headers=headers)
    response = connection.getresponse()
    response.body = response.read()
    connection.close()
    return response


def test_plain_http_is_sent_to_https(deployed: dict) -> None:
    response = ask(deployed["http"], "/leagues/?page=2", secure=False)

    assert response.status == 301
    assert response.getheader("Location") == "https://127.0.0.1/leagues/?page=2"


def test_certbot_renews_over_plain_http(deployed: dict) -> None:
    """`certbot certonly --webroot -w /var/www/html` writes its answer there; the CA asks for
    it over HTTP, which sends everything else to HTTPS."""
    response = ask(deployed["http"], "/.well-known/acme-challenge/a-token", secure=False)

    assert response.status == 200
    assert response.body == b"the token's answer"


def test_no_answer_names_nginx_version(deployed: dict) -> None:
    for port, path, secure in [
        (deployed["https"], "/", True),
        (deployed["https"], "/static/no-such-file.css", True),
        (deployed["http"], "/", False),
    ]:
        response = ask(port, path, secure)
        assert response.getheader("Server") == "nginx", (path, response.getheader("Server"))
        assert b"nginx/" not in response.body


def test_pages_come_from_gunicorn_and_static_files_from_nginx(deployed: dict) -> None:
    manifest = json.loads((deployed["static"] / "staticfiles.json").read_text())
    hashed = manifest["paths"]["css/site.css"]

    page = ask(deployed["https"], "/", **{"Accept-Encoding": "gzip"})
    style = ask(deployed["https"], f"/static/{hashed}", **{"Accept-Encoding": "gzip"})

    assert page.status == 200 and page.getheader("Content-Encoding") == "gzip"
    assert style.status == 200
    assert style.getheader("Content-Type") == "text/css"
    assert style.getheader("Content-Encoding") == "gzip", "collectstatic's .gz copy"
    assert "immutable" in style.getheader("Cache-Control")
    assert style.getheader("X-Content-Type-Options") == "nosniff"
    served_by_gunicorn = deployed["pages_log"].read_text()
    assert '"GET / HTTP' in served_by_gunicorn
    assert "/static/" not in served_by_gunicorn


def test_a_seated_player_reaches_the_table_on_a_port_other_than_443(deployed: dict) -> None:
    """The Origin names the port; nginx must pass it in Host (`$http_host`), or the socket
    is refused as another site's (403)."""
    port, table = deployed["https"], deployed["table"]
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE

    with connect(
        f"wss://127.0.0.1:{port}/ws/tables/{table['slug']}/",
        ssl=context,
        origin=f"https://127.0.0.1:{port}",
        additional_headers={"Cookie": table["seats"][0]["cookie"]},
        open_timeout=30,
    ) as socket:
        frame = json.loads(socket.recv(timeout=30))

    assert frame["type"] == "snapshot"
    assert frame["view"]["seat"] == 0


def sign_in(port: int, username: str, password: str, source: str = "127.0.0.1"):
    """The sign-in form, asked for and posted through nginx from `source`."""
    form = ask(port, "/accounts/login/", source=source)
    cookie = SimpleCookie(form.getheader("Set-Cookie"))["csrftoken"].value
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.body.decode())[1]
    return ask(
        port,
        "/accounts/login/",
        body=urlencode({"csrfmiddlewaretoken": token, "username": username, "password": password}),
        source=source,
        **{
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={cookie}",
            "Origin": f"https://127.0.0.1:{port}",
            "Referer": f"https://127.0.0.1:{port}/accounts/login/",
        },
    )


def test_a_form_posted_on_a_port_other_than_443_is_accepted(deployed: dict) -> None:
    """Django's CSRF check compares the form's Origin with the Host, port included: signing
    in works through nginx on its own port."""
    signed_in = sign_in(deployed["https"], "olga", PASSWORD)

    assert signed_in.status == 302, signed_in.body[:500]
    assert "sessionid=" in signed_in.getheader("Set-Cookie")


def test_one_visitor_s_wrong_passwords_pause_that_visitor_only(deployed: dict) -> None:
    """gunicorn sees every request come from nginx; with X-Forwarded-For $remote_addr and
    TRUST_X_FORWARDED_FOR=1 the pause counts by the visitor's own address."""
    port, limit = deployed["https"], int(PRODUCTION["LOGIN_FAILURE_LIMIT"])
    for _ in range(limit):
        sign_in(port, "someone-guessed", "a wrong guess", source="127.0.0.2")

    assert sign_in(port, "pia", PASSWORD, source="127.0.0.2").status == 429, "paused"
    assert sign_in(port, "pia", PASSWORD, source="127.0.0.3").status == 302, "not paused"
