"""The QR code on a running match's page: a phone at the table scans it and lands on the
round entry. Drawn on the server as inline SVG (segno): no script, no image request, and no
style attribute, which the CSP would block (settings.CONTENT_SECURITY_POLICY); nights.css
colours it."""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


@dataclass(frozen=True)
class RoundEntryQR:
    url: str
    svg: SafeString


def round_entry_qr(request: HttpRequest, match) -> RoundEntryQR:
    # The game's entry page: a Mah-Jongg match's phone enters a game, a Mhing match's a round.
    entry = reverse(match.kind.entry_url, args=[match.league.slug, match.pk])
    url = request.build_absolute_uri(entry)
    code = segno.make(url, error="m")
    # segno escapes the title; role="img" makes it the picture's name for screen readers.
    svg = code.svg_inline(
        scale=4, omitsize=True, svgclass="qr-code", lineclass="qr-dark", title=_("QR code")
    )
    return RoundEntryQR(url, mark_safe(svg.replace("<svg ", '<svg role="img" ', 1)))
