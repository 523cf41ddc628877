"""Error frames for the table's websocket, worded in the player's language.

The frame's `code` is the broad kind a client branches on (malformed, illegal, not_seated,
not_started, finished, …); `reason` the exact one (the engine's error code, such as
not_your_turn); `message` a sentence for people. Clients may show `message` as it is.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import registry
from games.errors import TableError

PROBLEMS = {
    "unknown_frame": gettext_lazy(
        'Unknown frame: send {"type": "action"}, {"type": "sync"} or {"type": "next_round"}.'
    ),
    "frame_fields": gettext_lazy("This %(kind)s frame is missing a field or has one too many."),
    "frame_id": gettext_lazy('A frame\'s "id" is a number or a text of up to 64 characters.'),
    "frames_are_text": gettext_lazy("Frames are JSON text, not binary."),
    "not_json": gettext_lazy("A frame is a JSON object."),
    "frame_too_large": gettext_lazy("A frame is at most %(limit)s characters long."),
    "busy": gettext_lazy(
        "The server is busy with other tables' moves; nothing changed. Send your move again."
    ),
    "server_error": gettext_lazy(
        "The server could not handle this frame; nothing changed. Try again, or reload the page."
    ),
    "sync_version": gettext_lazy("A sync frame gives the last version seen, a whole number."),
    "not_seated": gettext_lazy("You are watching: only the players at the table may play."),
    "too_many_frames": gettext_lazy(
        "Too many frames: at most %(rate)s a second. This one was ignored; wait a moment."
    ),
    "too_many_syncs": gettext_lazy(
        "Too many sync frames: at most %(rate)s a minute. Wait a moment, then sync again."
    ),
}


def illegal_words() -> dict[str, Any]:
    """The engines' refusals worded for players, by reason: every game's own, the first
    registered game's words for a reason two games share (docs/live_protocol.md)."""
    words: dict[str, Any] = {}
    for game in reversed(registry.live_games()):
        words.update(game.refusal_words())
    return words


def language_of(scope: dict[str, Any]) -> str:
    """The language the pages use for this browser: the language cookie (set by the
    language switcher), else the Accept-Language header, else the site's default."""
    supported = {code for code, _name in settings.LANGUAGES}
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    if cookie in supported:
        return cookie
    headers = dict(scope.get("headers", []))
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    for code, _quality in translation.trans_real.parse_accept_lang_header(accept):
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


def error_frame(
    code: str | None, problem: str | Exception, version: int, **fields: Any
) -> dict[str, Any]:
    """The error frame for a refused frame: `problem` is a key of PROBLEMS, or the error
    the table or the engine raised."""
    if isinstance(problem, str):
        message = PROBLEMS[problem] % fields if fields else str(PROBLEMS[problem])
        return {
            "type": "error",
            "code": code,
            "reason": problem,
            "message": message,
            "version": version,
        }
    if isinstance(problem, TableError):
        code, reason, message = problem.code, problem.code, problem.messages[0]
    elif isinstance(problem, registry.refusals()) and problem.code == "malformed_action":
        code, reason = "malformed", problem.code
        message = _("That is not an action the game knows (%(problem)s).") % {
            "problem": problem.fields.get("problem", "")
        }
    elif isinstance(problem, registry.refusals()):
        reason = problem.code
        code = "finished" if reason == "match_over" else "illegal"
        values = {k: " ".join(v) if isinstance(v, list) else v for k, v in problem.fields.items()}
        template = illegal_words().get(reason)
        message = template % values if template is not None else problem.message
    else:  # the table was deleted while someone played at it
        code, reason, message = "no_table", "no_table", _("This table no longer exists.")
    return {"type": "error", "code": code, "reason": reason, "message": message, "version": version}
