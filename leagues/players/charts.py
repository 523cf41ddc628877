"""The geometry of the player page's points chart, drawn server-side as an inline SVG polyline
(no chart library, nothing to run in the browser)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

WIDTH = 600
HEIGHT = 220
# Room for the axis labels: left for the points, below for the dates.
LEFT = 56
RIGHT = 12
TOP = 12
BOTTOM = 28


@dataclass(frozen=True)
class ChartPoint:
    day: date
    gained: int
    total: int
    x: float
    y: float


@dataclass(frozen=True)
class LineChart:
    """Cumulative points over time: x is the date (to scale), y the running total."""

    points: tuple[ChartPoint, ...]
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)

    @property
    def first(self) -> ChartPoint:
        return self.points[0]

    @property
    def last(self) -> ChartPoint:
        return self.points[-1]

    @property
    def top(self) -> int:
        """The largest total, labelled at the top of the y axis."""
        return max(p.total for p in self.points)

    @property
    def left(self) -> int:
        return LEFT

    @property
    def right(self) -> int:
        return self.width - RIGHT

    @property
    def plot_top(self) -> int:
        return TOP

    @property
    def baseline(self) -> int:
        return self.height - BOTTOM


def cumulative_chart(
    gains: Iterable[tuple[date, int]], width: int = WIDTH, height: int = HEIGHT
) -> LineChart | None:
    """The chart of running totals of `gains` (one (day, points) per day, oldest first), or
    None when there is nothing to draw."""
    gains = list(gains)
    if not gains:
        return None
    totals = []
    running = 0
    for _day, gained in gains:
        running += gained
        totals.append(running)
    first_day, last_day = gains[0][0], gains[-1][0]
    days = (last_day - first_day).days
    span_x = width - LEFT - RIGHT
    span_y = height - TOP - BOTTOM
    top = max(totals) or 1
    points = []
    for (day, gained), total in zip(gains, totals, strict=True):
        # A single day sits in the middle rather than on the axis.
        x = LEFT + (span_x * (day - first_day).days / days if days else span_x / 2)
        y = TOP + span_y * (1 - total / top)
        points.append(ChartPoint(day, gained, total, round(x, 1), round(y, 1)))
    return LineChart(tuple(points), width, height)
