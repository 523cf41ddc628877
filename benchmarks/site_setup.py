"""What both pickers' click benchmarks (benchmarks.clicks, benchmarks.clicks_mahjongg) set up
and report alike: how static files are served, and the machine's load."""

from __future__ import annotations

import os


def static_files_as(autorefresh: bool) -> str:
    """Set servestatic up before the first request loads the middleware; say how."""
    from django.conf import settings

    settings.SERVESTATIC_AUTOREFRESH = autorefresh
    if autorefresh:
        return "static files: as in development, each request's path looked up on disk"
    return (
        "static files: indexed once at start-up, as deployed "
        "(--static-autorefresh: as in development)"
    )


def load_average() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
