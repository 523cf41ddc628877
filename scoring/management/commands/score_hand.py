"""`manage.py score_hand`: score a hand typed in the notation of RULES.md §1.

A thin shell around `scoring.mhing.score_hand`: parse the arguments, score, print. The JSON
form is `scoring.mhing.serialize.result_to_dict`, the same one the pages use. With
`--game mahjongg` the lines are classical Mah-Jongg's (MAHJONGG.md §1.2), worded by
`scoring.mahjongg_cli`; reading standard input, the exit statuses and the encoding are shared.

Input and output are UTF-8 whatever the locale says (docs/score_hand.md): standard input is
read as bytes and decoded line by line, so one line that is not UTF-8 gets its own error line
instead of ending the stream, or, under the C locale, passing its raw bytes into the JSON.
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import mahjongg_cli
from scoring.mahjongg import InvalidLine, NotWinning, Settlement
from scoring.mahjongg import Score as MahjonggScore
from scoring.mhing import ArrangementKind, InvalidHand, NotWinningHand, Score, batch, score_hand
from scoring.mhing.serialize import result_json

READ_STDIN = "-"

# --game: Mhing (RULES.md) unless told otherwise, or classical Mah-Jongg (MAHJONGG.md).
MHING = "mhing"
MAHJONGG = "mahjongg"

# Exit statuses, documented in docs/score_hand.md.
SCORED = 0
NOT_WINNING = 1
INVALID = 2
UNREADABLE = 3

# The JSON `message` is plain English, as the engine's own messages are.
NOT_UTF8 = "not UTF-8 text"


def shown(text: str | bytes) -> str | None:
    """Text that is valid UTF-8 as it is (None if it is not), for scoring and echoing."""
    try:
        if isinstance(text, bytes):
            return text.decode("utf-8")
        # A str from argv or a text stream holds bytes it could not decode as surrogates.
        text.encode("utf-8")
        return text
    except UnicodeError:
        return None


def replaced(text: str | bytes) -> str:
    """Text that is not UTF-8, with U+FFFD for each byte that is not part of a character."""
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogateescape")
    return text.decode("utf-8", "replace")


def use_utf8(stream: Any) -> None:
    """Write UTF-8 to the real stdout or stderr whatever LC_ALL or PYTHONIOENCODING say."""
    if hasattr(stream, "reconfigure"):
        stream.reconfigure(encoding="utf-8", errors="strict")


def score_or_error(text: str) -> Score | InvalidHand | NotWinningHand:
    """The score, or the exception that says why there is none."""
    try:
        return score_hand(text)
    except (InvalidHand, NotWinningHand) as error:
        return error


class Command(BaseCommand):
    @property
    def help(self) -> str:  # a property: translated in the active language, when asked
        return _(
            "Score a Mhing hand written in the notation of the rule book, e.g. "
            '"123c 123c 99b [5b J 7b] [RdRdRd] F F". Prints the arrangement, each combination '
            "and the totals. Exit status: 0 scored, 1 not a winning hand, 2 invalid input. "
            "Give - as the hand to score one hand per line from standard input, one JSON "
            "object per line out."
        )

    # No system checks: they judge the site (its URLs, views, templates, settings), none of
    # which scoring a hand uses, and loading them cost a third of the command's start.
    requires_system_checks: list[str] = []
    # Tests pass their own stream through call_command(..., stdin=...).
    stealth_options = ("stdin",)
    process_ends_here = False  # run from the command line, not called from Python

    def run_from_argv(self, argv: list[str]) -> None:
        self.process_ends_here = True
        super().run_from_argv(argv)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "hand",
            nargs="+",
            help=_(
                "The hand: cards separated by spaces, in one quoted argument or several "
                "(5b, 567b, Ew, Rd, J for a Mhing card, F for a flower, [ ... ] for an "
                "exposed set). A single - reads hands from standard input instead."
            ),
        )
        parser.add_argument(
            "--json",
            action="store_true",
            help=_("Print the result as one JSON object instead of a table."),
        )
        parser.add_argument(
            "--game",
            choices=(MHING, MAHJONGG),
            default=MHING,
            help=_(
                "The game: mhing (the default) or mahjongg, classical Mah-Jongg, whose lines "
                'are written as in its rule book, e.g. "123b 456b 789b 234c 55k seat=E '
                'round=E win=5k by=wall", or settle a game: "settle=diff winner=W E=38 S=280 '
                'W=130 N=12".'
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # Streams a caller passed in (call_command) are theirs to encode.
        if not options.get("stdout"):
            use_utf8(sys.stdout)
        if not options.get("stderr"):
            use_utf8(sys.stderr)
        hand = " ".join(options["hand"])
        mahjongg = options.get("game") == MAHJONGG
        if hand.strip() == READ_STDIN:
            answer_line = mahjongg_cli.answer if mahjongg else batch.answer
            self.score_stream(options.get("stdin") or sys.stdin, answer_line)
            return
        text = shown(hand)
        if text is None:  # argv held bytes that are not UTF-8
            if options["json"]:
                self.write_json(not_utf8(hand))
            raise CommandError(
                _("invalid hand: %(reason)s") % {"reason": _("not UTF-8 text")},
                returncode=INVALID,
            )
        if mahjongg:
            self.score_mahjongg(hand, options["json"])
            return
        outcome = score_or_error(hand)
        if options["json"]:
            self.write_result(hand, outcome)
        elif isinstance(outcome, Score):
            self.write_table(hand, outcome)
        refuse_failure(outcome)

    def score_mahjongg(self, line: str, as_json: bool) -> None:
        """One Mah-Jongg line, a hand or a settlement: its table or JSON, and the exit status
        as for a Mhing hand."""
        outcome = mahjongg_cli.outcome_of(line)
        if as_json:
            self.stdout.write(mahjongg_cli.result_json(line, outcome))
        elif isinstance(outcome, MahjonggScore):
            mahjongg_cli.write_score(self.stdout.write, line, outcome)
        elif isinstance(outcome, Settlement):
            mahjongg_cli.write_settlement(self.stdout.write, line, outcome)
        refuse_failure(outcome)

    def score_stream(self, stream: IO, answer_line: Callable[[str], str] = batch.answer) -> None:
        """One JSON line per hand, in input order; a failed hand is a line like any other,
        a line that is not UTF-8 too. `answer_line` gives the JSON of a stripped line that is
        not blank: the game's (Mhing's `batch.answer`, or Mah-Jongg's).

        The answers to the lines read so far are flushed before waiting for more input, so
        a client may feed hands and read answers one at a time; a batch is read and written
        in large blocks.
        """
        # The bytes under a text stream; a test's StringIO has none and gives text.
        stream = getattr(stream, "buffer", stream)
        # The answer to each line seen, by the line: it depends on nothing else, and real
        # batches repeat hands (a club exports the same hand from several sheets).
        known: dict[bytes | str, str | None] = {}
        first = True
        # What exists now (Django, the modules) lives as long as the process: out of the
        # collector's sight, a batch's collections walk only what it makes (a third of the
        # time went to walking Django's objects again and again).
        frozen_already = gc.get_freeze_count() > 0
        gc.freeze()
        try:
            for lines in arriving_lines(stream):
                out = []
                for line in lines:
                    if first:  # a byte-order mark (Windows editors write one) is no card
                        first = False
                        line = line.removeprefix(
                            b"\xef\xbb\xbf" if isinstance(line, bytes) else "\ufeff"
                        )
                    answer = known.get(line, UNSEEN)
                    if answer is UNSEEN:
                        answer = answer_to(line, answer_line)
                        if len(line) <= KEPT_LINE_LENGTH:
                            if len(known) >= ANSWERS_KEPT:
                                known.clear()
                            known[line] = answer
                    if answer is not None:
                        out.append(answer)
                        if len(out) == WRITE_LINES:
                            self.stdout.write("\n".join(out))
                            out.clear()
                if out:
                    self.stdout.write("\n".join(out))
                self.stdout.flush()
        except OSError as error:
            raise CommandError(
                _("could not read standard input: %(reason)s") % {"reason": error},
                returncode=UNREADABLE,
            ) from error
        finally:
            # Called from Python (call_command), give the collector back what it had. From the
            # command line the process ends with the batch: left frozen, what Django made is
            # not walked once more at exit, which would lengthen a short command.
            if not frozen_already and not self.process_ends_here:
                gc.unfreeze()

    def write_json(self, data: dict[str, Any]) -> None:
        self.stdout.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    def write_result(self, hand: str, outcome: Score | InvalidHand | NotWinningHand) -> None:
        self.stdout.write(result_json(hand, outcome))

    def write_table(self, hand: str, score: Score) -> None:
        kinds = {
            "sequence": _("sequence"),
            "triplet": _("triplet"),
            "pair": _("pair"),
            "single": _("single"),
        }
        language = (get_language() or "en").split("-")[0]
        out = self.stdout.write

        out(_("Hand: %(hand)s") % {"hand": hand})
        out("")
        if score.arrangement.kind is ArrangementKind.NOTHING_CONNECTS:
            out(_("Arrangement: nothing connects"))
        else:
            out(_("Arrangement: four sets and a pair"))
        for group in score.arrangement.groups:
            label = kinds[group.kind.value]
            mark = f"  ({_('exposed')})" if group.exposed else ""
            out(f"  {label:<10} {group.text}{mark}")
        if score.hand.flowers:
            out(f"  {_('flowers'):<10} {score.hand.flowers}")
        out("")

        rows = [
            (
                c.combination.names.get(language, c.combination.names["en"]),
                str(c.credits),
                str(c.count),
                str(c.total),
            )
            for c in score.combinations
        ]
        header = (_("Combination"), _("Credits"), _("Count"), _("Total"))
        widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]

        def line(cells: tuple[str, ...]) -> str:
            name, *numbers = cells
            right = "  ".join(n.rjust(w) for n, w in zip(numbers, widths[1:], strict=True))
            return f"{name.ljust(widths[0])}  {right}"

        out(line(header))
        out("-" * len(line(header)))
        if rows:
            for row in rows:
                out(line(row))
        else:
            out(_("(no combination: 0 credits)"))
        out("")
        out(_("Total credits: %(credits)d") % {"credits": score.credits})
        out(_("Points: %(points)d") % {"points": score.points})


def refuse_failure(outcome: object) -> None:
    """End with the exit status of a hand that does not win (1) or of invalid input (2), the
    reason on stderr; do nothing for a score or a settlement."""
    if isinstance(outcome, NotWinningHand | NotWinning):
        raise CommandError(str(outcome), returncode=NOT_WINNING)
    if isinstance(outcome, InvalidHand):
        raise CommandError(_("invalid hand: %(reason)s") % {"reason": outcome}, returncode=INVALID)
    if isinstance(outcome, InvalidLine):  # Mah-Jongg's: a hand or a settlement line
        raise CommandError(_("invalid line: %(reason)s") % {"reason": outcome}, returncode=INVALID)


def not_utf8(line: str | bytes) -> dict[str, Any]:
    """The JSON line of input that is not UTF-8: an invalid hand, shown with U+FFFD."""
    return {"hand": replaced(line), "ok": False, "error": "invalid", "message": NOT_UTF8}


# Reading a batch


READ_SIZE = 1 << 16
# Answers are written a hundred lines at a time (some 80 kB): a whole block's answers at
# once made strings of megabytes, each copied anew into fresh memory, whose page faults
# showed in the time.
WRITE_LINES = 100
ANSWERS_KEPT = 1 << 10
KEPT_LINE_LENGTH = 200  # a hand is shorter; a longer line is no hand to meet again
UNSEEN = object()


def arriving_lines(stream: IO) -> Iterator[list[bytes] | list[str]]:
    """The stream's lines (without their newline), in lists of those that have arrived.

    A binary stream is read in blocks of what is there (`read1`), so a batch is read in a few
    large reads, and a client feeding one line at a time still gets it answered before the
    command waits for the next. Another stream (a test's StringIO) is read line by line.
    """
    read1 = getattr(stream, "read1", None)
    if read1 is None:
        for line in stream:
            yield [line.removesuffix(b"\n" if isinstance(line, bytes) else "\n")]
        return
    started: list[bytes] = []  # the line that the last block cut off
    while block := read1(READ_SIZE):
        lines = block.split(b"\n")
        if len(lines) == 1:  # still within one long line
            started.append(block)
            continue
        if started:
            lines[0] = b"".join([*started, lines[0]])
            started = []
        last = lines.pop()
        if last:
            started.append(last)
        yield lines
    if started:
        yield [b"".join(started)]


def answer_to(line: bytes | str, answer_line: Callable[[str], str]) -> str | None:
    """The JSON line for a line of input; None for a blank line or a comment."""
    text = shown(line)
    if text is None:
        raw = line.strip()
        if raw[:1] in (b"#", "#"):  # a comment is skipped, UTF-8 or not
            return None
        return json.dumps(not_utf8(raw), ensure_ascii=False, separators=(",", ":"))
    text = text.strip()
    if not text or text.startswith("#"):
        return None
    return answer_line(text)
