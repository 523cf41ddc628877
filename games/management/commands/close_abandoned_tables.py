"""`manage.py close_abandoned_tables`: close the live tables nobody is at any more.

The lobby does the same on every visit; this is for a cron job, so abandoned tables close
even on a quiet site. The rule (games.table_expiry): no socket open at the table and nothing
changed for MHING_WAITING_TABLE_HOURS (2) while waiting, MHING_PLAYING_TABLE_HOURS (24) once
playing. Exit status 0; prints how many were closed.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from django.core.management.base import BaseCommand

from games import live
from games.models import Table


class Command(BaseCommand):
    help = (
        "Close the live tables nobody is at: no socket open and idle for "
        "MHING_WAITING_TABLE_HOURS (waiting) or MHING_PLAYING_TABLE_HOURS (playing)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        closed = Table.close_abandoned()
        for slug, version in closed:
            # Reaches the servers' sockets only through a shared channel layer (Redis).
            async_to_sync(live.changed)(slug, version)
            self.stdout.write(f"closed {slug}")
        self.stdout.write(f"{len(closed)} abandoned table(s) closed.")
