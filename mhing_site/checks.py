"""Start-up checks of the site as a whole.

With DEBUG off, static files are served under hashed names listed in a manifest that
`collectstatic` writes (servestatic's CompressedManifestStaticFilesStorage, settings.py).
Without it the server starts, and then every page fails: `{% static %}` finds no entry for
site.css. So the missing manifest is an Error that names the fix, reported by `manage.py
check` (and every command that runs the checks) and raised by mhing_site/asgi.py before
daphne serves a request, since daphne itself runs no checks.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin
from django.core.checks import CheckMessage, Error
from django.core.exceptions import ImproperlyConfigured
from django.core.files.storage import storages

STATIC_FILES_NOT_COLLECTED = "mhing_site.E001"


def static_files_collected(app_configs=None, **kwargs) -> list[CheckMessage]:
    """An Error when DEBUG is off, static files are served from a manifest, and there is
    none yet."""
    if settings.DEBUG:
        return []  # development serves the files from the finders, unhashed
    backend = settings.STORAGES["staticfiles"]
    storage = storages.create_storage(backend)
    if not isinstance(storage, ManifestFilesMixin):
        return []
    if settings.STATIC_ROOT and storage.manifest_storage.exists(storage.manifest_name):
        return []
    where = f"{settings.STATIC_ROOT}/{storage.manifest_name}" if settings.STATIC_ROOT else None
    return [
        Error(
            "Static files have not been collected: "
            + (f"{where} is missing." if where else "STATIC_ROOT is not set.")
            + " With DEBUG off every page links its CSS and scripts through that manifest,"
            " so every page would fail.",
            hint="Run `python manage.py collectstatic --noinput` before starting the server.",
            id=STATIC_FILES_NOT_COLLECTED,
        )
    ]


def ensure_static_files_collected() -> None:
    """Stop the server at start-up, loudly, when the check above fails."""
    problems = static_files_collected()
    if problems:
        problem = problems[0]
        raise ImproperlyConfigured(f"{problem.msg} {problem.hint}")
