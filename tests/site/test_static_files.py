"""Static files in development and the tests (servestatic with autorefresh,
mhing_site/static_files.py): served from the app's and Django's static folders as they are on
disk, nothing outside them, and without reading every file each time a handler starts."""

from __future__ import annotations

from django.test import AsyncClient

from mhing_site.static_files import AutorefreshServeStaticMiddleware


async def app(request):
    raise AssertionError("a static file went past servestatic")


async def body(response) -> bytes:
    return b"".join([chunk async for chunk in response.streaming_content])


async def test_the_apps_own_and_djangos_files_are_served() -> None:
    client = AsyncClient()

    site = await client.get("/static/css/site.css")
    admin = await client.get("/static/admin/css/base.css")

    assert site.status_code == 200
    with open("static/css/site.css", "rb") as on_disk:
        assert await body(site) == on_disk.read()
    assert admin.status_code == 200


async def test_a_path_out_of_the_static_folders_is_not_served() -> None:
    client = AsyncClient()

    assert (await client.get("/static/../manage.py")).status_code == 404
    assert (await client.get("/static/%2e%2e/manage.py")).status_code == 404
    assert (await client.get("/static/no-such-file.css")).status_code == 404


async def test_a_file_changed_on_disk_is_served_as_it_is_now(tmp_path, settings) -> None:
    (tmp_path / "fresh.css").write_text("a { color: red }")
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, tmp_path]
    client = AsyncClient()

    first = await body(await client.get("/static/fresh.css"))
    (tmp_path / "fresh.css").write_text("a { color: blue; }")
    second = await body(await client.get("/static/fresh.css"))

    assert (first, second) == (b"a { color: red }", b"a { color: blue; }")


def test_starting_reads_no_file_when_it_refreshes(settings) -> None:
    settings.SERVESTATIC_AUTOREFRESH = True

    middleware = AutorefreshServeStaticMiddleware(app)

    assert middleware.files == {}
    assert middleware.directories  # where a file found may lie


def test_without_refreshing_it_reads_them_all_as_servestatic_does(settings) -> None:
    settings.SERVESTATIC_AUTOREFRESH = False

    middleware = AutorefreshServeStaticMiddleware(app)

    assert "/static/css/site.css" in middleware.files
