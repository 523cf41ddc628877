"""Mail sent after the response, on a thread of its own.

Talking to the mail server inside the request would tell anyone who asked which addresses
have an account: with a slow server a known address would answer in about a second and an
unknown one in milliseconds. The message is written in the request (its language, its link),
only the sending waits for the thread: both answers take the time of a database query.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor, wait

from django.core.mail import EmailMessage

log = logging.getLogger(__name__)

# One thread: mails leave one after another, and a slow server holds up only the queue.
_sender = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mail")
_pending: set[Future] = set()
_lock = threading.Lock()


def send_later(message: EmailMessage, about: object = "") -> None:
    """Send `message` on the mail thread; a failure is logged (the person who asked sees the
    same page either way, as Django's own reset does)."""

    def send() -> None:
        try:
            message.send()
        except Exception:
            log.exception("could not send the mail %r (%s)", message.subject, about)

    future = _sender.submit(send)
    with _lock:
        _pending.add(future)
    future.add_done_callback(_forget)


def _forget(future: Future) -> None:
    with _lock:
        _pending.discard(future)


def wait_for_mail(timeout: float = 30) -> None:
    """Return once every mail handed over so far has been sent (or failed); for tests and
    commands that must not exit with a mail still queued."""
    with _lock:
        pending = set(_pending)
    wait(pending, timeout=timeout)
