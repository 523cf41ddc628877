"""What happened, for logs and animation: `Event(type, seat, data, secret)`. `secret` names
the fields only `seat` may see (the tile it drew); `event_to_dict(event, viewer)` leaves them
out for everyone else. The view is the truth a client renders."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    type: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    secret: tuple[str, ...] = ()


def event_to_dict(event: Event, viewer: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": event.type}
    if event.seat is not None:
        out["seat"] = event.seat
    for key, value in event.data.items():
        if key in event.secret and viewer != event.seat:
            continue
        out[key] = value
    return out
