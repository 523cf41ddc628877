"""`manage.py score_hand --game mahjongg`: one line of MAHJONGG.md §1.2 notation in, its
answer out, as a table for people or one JSON object for programs (docs/score_hand.md).

The engine (`scoring.mahjongg`) does the work: `lines.outcome_of` scores a hand line or
settles a settlement line, `serialize` writes the JSON. This module only words the answer
in the active language; the command (`scoring/management/commands/score_hand.py`) reads the
arguments and standard input and sets the exit status, as it does for Mhing.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from scoring.mahjongg import (
    ArrangementKind,
    GroupKind,
    RowKind,
    Score,
    Settlement,
    lines,
    serialize,
)
from scoring.mhing.notation import format_cards

# What the command calls: the line's outcome (for the table and --json), the JSON of an
# outcome, and the JSON line answering a line of standard input.
outcome_of = lines.outcome_of
result_json = serialize.result_json
answer = serialize.line_json


# The table


def _arrangement_title(kind: ArrangementKind) -> str:
    return {
        ArrangementKind.STANDARD: _("Arrangement: four sets and a pair"),
        ArrangementKind.SEVEN_PAIRS: _("Arrangement: seven pairs"),
        ArrangementKind.THIRTEEN_ORPHANS: _("Arrangement: thirteen orphans"),
        ArrangementKind.NINE_GATES: _("Arrangement: nine gates"),
        ArrangementKind.NOT_SPLIT: _(
            "Arrangement: not the caller (the pungs in the hand, the rest loose)"
        ),
    }[kind]


def _columns(rows: list[tuple[str, ...]], right: tuple[int, ...] = ()) -> list[str]:
    """Rows of cells as lines, two spaces apart: the columns numbered in `right` (numbers)
    right-aligned, the others left-aligned."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def _table(out: Callable[[str], None], rows: list[tuple[str, ...]], right: tuple[int, ...]) -> None:
    """A header row, a rule under it, the other rows."""
    lines = _columns(rows, right)
    out(lines[0])
    out("-" * max(len(text) for text in lines))
    for text in lines[1:]:
        out(text)


def write_score(out: Callable[[str], None], line: str, score: Score) -> None:
    """The arrangement, each item with its points or doublings, and the totals."""
    kinds = {
        GroupKind.CHI: pgettext("mahjongg", "chow"),
        GroupKind.PON: pgettext("mahjongg", "pung"),
        GroupKind.KAN: pgettext("mahjongg", "kong"),
        GroupKind.PAIR: pgettext("mahjongg", "pair"),
    }
    language = (get_language() or "en").split("-")[0]
    arrangement = score.arrangement

    out(_("Hand: %(hand)s") % {"hand": line})
    out("")
    if arrangement.kind is ArrangementKind.NOT_SPLIT and arrangement.pair is not None:
        # pairs=all (§3.1): a non-caller's pairs of dragons and winds are groups too.
        out(_("Arrangement: not the caller (the pungs and pairs in the hand, the rest loose)"))
    else:
        out(_arrangement_title(arrangement.kind))
    groups: list[tuple[str, ...]] = []
    for index, group in enumerate(arrangement.groups):
        marks = []
        if group.open:
            marks.append(pgettext("mahjongg", "open"))
        if index == arrangement.winning:
            marks.append(pgettext("mahjongg", "winning tile"))
        note = f"({', '.join(marks)})" if marks else ""
        groups.append(("", kinds[group.kind], group.text, note))
    if arrangement.loose:
        groups.append(("", pgettext("mahjongg", "loose"), format_cards(arrangement.loose), ""))
    if score.hand.bonus:
        groups.append(
            ("", pgettext("mahjongg", "bonus"), " ".join(b.code for b in score.hand.bonus), "")
        )
    if groups:
        for text in _columns(groups):
            out(text)
    out("")

    header = (
        pgettext("mahjongg", "Item"),
        pgettext("mahjongg", "About"),
        _("Points"),
        pgettext("mahjongg", "Doublings"),
    )
    rows: list[tuple[str, ...]] = [header]
    for item in score.items:
        name = item.row.names.get(language, item.row.names["en"])
        if item.kind is RowKind.POINTS:
            rows.append((name, item.about, str(item.value), ""))
        elif item.kind is RowKind.DOUBLINGS:
            rows.append((name, item.about, "", str(item.value)))
        else:  # a special hand, or the cap: its worth is the limit, said below
            rows.append((name, "", "", ""))
    _table(out, rows, right=(2, 3))
    if not score.items:
        out(_("(nothing scores: 0 points)"))
    out("")

    out(_("Points: %(points)d") % {"points": score.points})
    out(_("Doublings: %(doublings)d") % {"doublings": score.doublings})
    if arrangement.kind in (ArrangementKind.STANDARD, ArrangementKind.NOT_SPLIT):
        worked = f"{score.points} × 2^{score.doublings} = {score.value}"
        if score.limited:
            out(
                _("Score: %(score)d, the limit (%(worked)s)")
                % {"score": score.total, "worked": worked}
            )
        else:
            out(_("Score: %(score)d (%(worked)s)") % {"score": score.total, "worked": worked})
    elif arrangement.kind is ArrangementKind.SEVEN_PAIRS and not score.limited:
        # §3.4: seven pairs is worth 3000 whatever the limit above it (changed 2026-11-28).
        out(_("Score: %(score)d (seven pairs)") % {"score": score.total})
    else:
        out(_("Score: %(score)d, the limit") % {"score": score.total})


def write_settlement(out: Callable[[str], None], line: str, settlement: Settlement) -> None:
    """Each payment, then each seat's net result."""
    out(_("Settlement: %(line)s") % {"line": line})
    out("")
    rows: list[tuple[str, ...]] = [
        (
            pgettext("mahjongg", "From"),
            pgettext("mahjongg", "To"),
            pgettext("mahjongg", "Amount"),
            pgettext("mahjongg", "Why"),
        )
    ]
    for payment in settlement.payments:
        why = [
            pgettext("mahjongg", "difference")
            if payment.key == "difference"
            else pgettext("mahjongg", "full value")
        ]
        if payment.doubled:
            why.append(_("dealer pays or receives double"))
        rows.append((payment.payer.code, payment.payee.code, str(payment.amount), ", ".join(why)))
    _table(out, rows, right=(2,))
    if len(rows) == 1:
        out(_("(no payments)"))
    out("")
    out(_("Net: %(net)s") % {"net": settlement.text})
