"""The Mah-Jongg calculator page, /calculator/mahjongg/ (scoring/mahjongg_calculator.py)."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url, reswap

from scoring.mahjongg_calculator import (
    ACTIONS,
    Calculator,
    Draft,
    add_as_of,
    apply_change,
    url_for,
)
from scoring.mahjongg_picker import changed_parts
from scoring.views import HtmxHttpRequest


@require_GET
@vary_on_headers("HX-Request", "HX-Target", "HX-History-Restore-Request")
async def mahjongg_calculator(request: HtmxHttpRequest) -> HttpResponse:
    """Score the line in `?hand=`, after the one change the query asks for (a button of the
    picker): the whole page, or for htmx the part that changed, with the new line pushed
    into the address. Without JavaScript a change redirects to the new line's address.
    After a tap, htmx gets only the parts the change can alter (`changed_parts`).

    Async, as the Mhing calculator (scoring/views.py): a tap's answer needs no database, so
    under ASGI it is drawn on the event loop; the whole page (it shows who is signed in) is
    drawn in a worker thread."""
    if request.htmx and not request.htmx.history_restore_request:
        return _answer(request)
    return await sync_to_async(_answer)(request)


def _answer(request: HtmxHttpRequest) -> HttpResponse:
    base_url = reverse("scoring:mahjongg_calculator")
    draft = Draft.parse(request.GET.get("hand", ""))
    new, notice = apply_change(draft, request.GET)
    calculator = Calculator(new, base_url, add_as_of(request.GET), notice)
    changing = any(key in request.GET for key in ACTIONS)
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    if changing and not partial and notice is None:
        return HttpResponseRedirect(url_for(base_url, new.notation, calculator.add_as))
    parts = changed_parts(request.GET, refused=notice is not None) if partial else None
    template_name = "scoring/mahjongg_calculator.html"
    if parts is not None:
        template_name += "#mj-parts"
    elif partial:
        template_name += "#mj-live"
    response = render(
        request,
        template_name,
        {"calc": calculator, "partial": partial, "changing": changing, "parts": parts},
    )
    if partial:
        push_url(response, calculator.url)
    if parts is not None:
        reswap(response, "none")  # every part in the answer replaces itself (out of band)
    return response
