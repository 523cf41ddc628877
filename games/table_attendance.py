"""Who is at the table: a person's sockets arriving and leaving, and the sweep of sockets
whose server process died (games.presence keeps them alive; games.models.TablePresence).

Mixed into `games.models.Table`. A change of who is connected at a seat is a change of the
table like a move: the row is locked and the version bumped, so every socket shows it and
the bot takes over (or hands back) the seat's turns.
"""

from __future__ import annotations

from datetime import datetime
from typing import TypeAlias

from django.utils import timezone

from games.table_play import change, locked, save_change

# The model this is mixed into (games.models.Table) stands above this module and imports it:
# a table is named here by this mixin.
Table: TypeAlias = "TableAttendance"


class TableAttendance:
    def _presence(self: Table):
        return self.presences.model.objects

    def _seated(self: Table, user_ids: set[int]) -> bool:
        return self.seats.filter(user_id__in=user_ids).exists()

    @change
    def arrive(self: Table, channel_name: str, user, server: str) -> int | None:
        """A socket of a signed-in person opened at the table. The new version when that
        connected the person's seat, None when nothing anyone sees changed (a watcher, or
        a second tab)."""
        table = locked(self)
        presence = table._presence()
        first = not presence.filter(table=table, user=user).exists()
        presence.update_or_create(
            channel_name=channel_name,
            defaults={"table": table, "user": user, "server": server, "seen_at": timezone.now()},
        )
        if first and table._seated({user.pk}):
            return save_change(table)
        return None

    @change
    def depart(self: Table, channel_name: str) -> int | None:
        """A socket closed; the new version when its person's seat is no longer connected."""
        table = locked(self)
        presence = table._presence()
        row = presence.filter(channel_name=channel_name, table=table).first()
        if row is None:
            return None  # swept already, or never there
        row.delete()
        gone = not presence.filter(table=table, user_id=row.user_id).exists()
        if gone and table._seated({row.user_id}):
            return save_change(table)
        return None

    @change
    def sweep_presence(self: Table, cutoff: datetime) -> int | None:
        """Forget the table's sockets not renewed since `cutoff` (their server is gone); the
        new version when a seat lost its connection, else None."""
        table = locked(self)
        presence = table._presence()
        stale = presence.filter(table=table, seen_at__lt=cutoff)
        users = set(stale.values_list("user_id", flat=True))
        if not users:
            return None
        stale.delete()
        still = presence.filter(table=table, user_id__in=users).values_list("user_id", flat=True)
        if table._seated(users - set(still)):
            return save_change(table)
        return None
