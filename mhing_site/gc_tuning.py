"""The garbage collector of a server process, tuned for live play.

Every move allocates a few thousand short-lived objects (the round, its frames, the ORM's
rows), almost none of them in reference cycles: reference counting frees them. Python's
default thresholds (700, 10, 10) still ran the cyclic collector hundreds of times a minute
over everything the process holds, and each full collection walked all of Django, the
consumers and the kept tables: under the load test a server spends seconds a minute in the
collector, with full collections of a large part of a second, every socket of the process
waiting meanwhile (the load test's p99; docs/benchmarks.md). So, once the
application is loaded: everything allocated so far is frozen out of the collector's sight
(`gc.freeze`: modules, settings, URL patterns live as long as the process), and the young
generation is collected every 20,000 net allocations rather than 700, the oldest less often.
Cycles are still collected, later.

MHING_GC_THRESHOLDS="a,b,c" sets other thresholds; "python" leaves the collector as Python
sets it (no freeze either). Only servers are tuned (daphne, uvicorn; mhing_site/asgi.py) and
the load generator (benchmarks/loadtest.py, whose pauses would count as the servers'), not tests
or other commands.
"""

from __future__ import annotations

import gc
import os

DEFAULT = (20_000, 20, 100)


def thresholds() -> tuple[int, int, int] | None:
    setting = os.environ.get("MHING_GC_THRESHOLDS", "").strip()
    if setting == "python":
        return None
    if not setting:
        return DEFAULT
    wrong = ValueError(f"MHING_GC_THRESHOLDS needs three positive numbers, not {setting!r}")
    try:
        values = tuple(int(part) for part in setting.split(","))
    except ValueError:
        raise wrong from None
    if len(values) != 3 or min(values) < 1:
        raise wrong
    return values  # type: ignore[return-value]


def tune_server() -> None:
    chosen = thresholds()
    if chosen is None:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(*chosen)
