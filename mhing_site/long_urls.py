"""Over-long addresses get an answer: 414 URI Too Long, with a page saying so.

Daphne parses HTTP with Twisted, whose `HTTPChannel` reads the request line as a line of at
most 16,384 bytes (`LineReceiver.MAX_LENGTH`) and, past that, closes the connection without
a word: a calculator link of 17,000 characters left the browser with "connection reset".
(The request line and headers together are also capped at 16,384 bytes; past that Twisted
answers a bare 400.)

So, two layers:

* `LongUrlMiddleware`: Django answers any address longer than `MAX_URL_LENGTH` (8 KiB, the
  request-line limit of common proxies such as nginx's default buffers) with 414 and a page
  in the visitor's language that links back to the page without its query. No page of this
  site needs more: a calculator hand is a few dozen characters.
* `let_daphne_read_long_lines()`: raises Twisted's limits to `REQUEST_LINE_LIMIT` (64 KiB),
  so requests between 8 and 64 KiB reach Django and get that page; and a request line even
  longer now gets a plain 414 from Twisted, a header line that long a 431, instead of a
  dropped connection. Called from mhing_site/asgi.py when daphne serves (also
  `manage.py runserver`, which is daphne's here), before it accepts a connection.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

from mhing_site.views import uri_too_long

MAX_URL_LENGTH = 8 * 1024
REQUEST_LINE_LIMIT = 64 * 1024
# Twisted's own allowance for the headers after the request line, kept as it was.
HEADERS_ALLOWANCE = 16 * 1024


class LongUrlMiddleware(MiddlewareMixin):
    """Answers 414 before any view sees an address longer than MAX_URL_LENGTH. Last in
    MIDDLEWARE, so the page has the visitor's language and account like any other."""

    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        length = len(request.get_full_path())
        if length <= MAX_URL_LENGTH:
            return None
        return uri_too_long(request, length=length, limit=MAX_URL_LENGTH)


def _plain_answer(status: bytes, text: bytes) -> bytes:
    return (
        b"HTTP/1.1 " + status + b"\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Content-Length: " + str(len(text)).encode() + b"\r\nConnection: close\r\n\r\n" + text
    )


def _answer_line_too_long(channel, line: bytes) -> None:
    """Replaces LineReceiver's silent disconnect: say why, then close. The request line is
    the first line (nothing of this request counted yet); any later line is a header."""
    if getattr(channel, "_mhing_refused", False):
        return  # the rest of the same request keeps arriving while the connection closes
    channel._mhing_refused = True
    if channel._receivedHeaderSize == 0:
        answer = _plain_answer(
            b"414 URI Too Long",
            b"414 URI Too Long: this address is longer than the server reads.\n",
        )
    else:
        answer = _plain_answer(
            b"431 Request Header Fields Too Large",
            b"431 Request Header Fields Too Large: a header is longer than the server reads.\n",
        )
    channel.transport.write(answer)
    channel.loseConnection()


def let_daphne_read_long_lines() -> None:
    """Raise Twisted's line limits for every HTTP connection daphne accepts from now on."""
    from twisted.web.http import HTTPChannel

    HTTPChannel.MAX_LENGTH = REQUEST_LINE_LIMIT
    HTTPChannel.totalHeadersSize = REQUEST_LINE_LIMIT + HEADERS_ALLOWANCE
    HTTPChannel.lineLengthExceeded = _answer_line_too_long
