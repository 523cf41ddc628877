"""Channels' in-memory layer, cleaning up at most once a second.

The stock layer looks through every channel and every group membership for expired entries
on each send and each receive. With hundreds of sockets that scan was most of what the
layer cost (about 6% of a loaded server's CPU in the live-play load test): each move reaches
every socket of its table, so the scan ran a few hundred times a second over a few hundred
channels. Messages expire after a minute and group memberships after a day, so sweeping
once a second loses nothing a socket could notice.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer

SWEEP_EVERY = 1.0  # seconds


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    _swept = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept >= SWEEP_EVERY:
            self._swept = now
            super()._clean_expired()
