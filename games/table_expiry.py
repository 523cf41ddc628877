"""Tables do not stay open for ever: the creator may close one, and an abandoned one closes
by itself (the rule is in docs/live_play.md and docs/live_protocol.md).

A table is abandoned when nobody has a socket open at it and nothing has changed there for
MHING_WAITING_TABLE_HOURS (2) while waiting for players, or MHING_PLAYING_TABLE_HOURS (24)
once playing. A closed table leaves the lobby, refuses moves and seat changes, and its match
is not recorded (an unfinished match has no result to record).

Mixed into `games.models.Table` (`close`), with the sweep `Table.close_abandoned()` run by
the lobby on each visit and by `manage.py close_abandoned_tables` (for cron).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, TypeAlias

from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import TableError
from games.table_play import change, locked, save_change
from games.timing import seconds

if TYPE_CHECKING:
    from django.db.models import QuerySet

# The model this is mixed into (games.models.Table) stands above this module and imports it:
# a table is named here by this mixin.
Table: TypeAlias = "TableExpiry"


def idle_limits() -> tuple[timedelta, timedelta]:
    """How long a waiting and a playing table may stand idle, nobody at it."""
    hours = 3600
    return (
        timedelta(seconds=seconds("MHING_WAITING_TABLE_HOURS") * hours),
        timedelta(seconds=seconds("MHING_PLAYING_TABLE_HOURS") * hours),
    )


class TableExpiry:
    @classmethod
    def abandoned(cls, now: datetime | None = None) -> QuerySet[Table]:
        """Open tables past their idle limit with nobody's socket at them."""
        from django.db.models import Q

        now = now or timezone.now()
        waiting, playing = idle_limits()
        return cls.objects.filter(
            Q(status=cls.Status.WAITING, updated_at__lt=now - waiting)
            | Q(status=cls.Status.PLAYING, updated_at__lt=now - playing)
        ).exclude(presences__isnull=False)

    @classmethod
    def close_abandoned(cls, now: datetime | None = None) -> list[tuple[str, int]]:
        """Close every abandoned table; the (slug, new version) of each, to announce."""
        closed = []
        for table in cls.abandoned(now).only("pk", "slug"):
            version = table.close(if_abandoned_at=now or timezone.now())
            if version is not None:
                closed.append((table.slug, version))
        return closed

    @change
    def close(self: Table, by=None, if_abandoned_at: datetime | None = None) -> int | None:
        """Close the table: by its creator (`by`), or by the idle rule (`if_abandoned_at`:
        only if it is still abandoned then, under the lock). The new version, or None when
        the idle rule found it in use after all."""
        table = locked(self)
        if if_abandoned_at is not None:
            if not type(table).abandoned(if_abandoned_at).filter(pk=table.pk).exists():
                return None
        elif by is not None and not table.can_start(by):
            raise TableError(
                _("Only the player who opened the table may close it."), code="not_allowed"
            )
        if not table.is_open:
            raise TableError(_("This table is already over."), code="finished")
        table.status = table.Status.CLOSED
        table.deadline = None
        return save_change(table)
