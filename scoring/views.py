from asgiref.sync import sync_to_async
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from scoring.picker import Picker, PickerUrls, Selection

# Offered on the empty page: the rule book's 17-credit hand, jokers and exposed sets, and a
# nothing-connects hand.
EXAMPLES = (
    "567b 567b 678b 789b 99b",
    "123c 123c 99b [5b J 7b] [RdRdRd] F F",
    "147b 258c 369k EwSw RdGdWd",
)


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@require_GET
@vary_on_headers("HX-Request", "HX-Target")
async def calculator(request: HtmxHttpRequest) -> HttpResponse:
    """Score the hand in the query string (`?hand=...&open=...`, see scoring.picker): the
    whole page, or for picker.js only the score and the picker's hint.

    Async, so that under ASGI picker.js's question is answered on the event loop: it needs
    no database, no session and no signed-in user, and a sync view costs a trip to a worker
    thread and back on every tap (docs/benchmarks.md). The whole page shows who is signed in
    (the database), so it is drawn in a worker thread as before."""
    picker = _picker(request)
    update = picker.answers(request)
    if update:
        return _render(request, picker, update)
    return await sync_to_async(_render)(request, picker, update)


def _picker(request: HtmxHttpRequest) -> Picker:
    return Picker(
        Selection.from_query(request.GET),
        PickerUrls(reverse("scoring:calculator")),
        target="calculator-result",
        status_id="calculator-status",
    )


def _render(request: HtmxHttpRequest, picker: Picker, update: bool) -> HttpResponse:
    template_name = "scoring/calculator.html" + ("#picker-update" if update else "")
    return render(
        request,
        template_name,
        {
            "picker": picker,
            "update": update,
            # Called by the template only when it shows them (no cards yet).
            "examples": lambda: [(text, picker.urls.for_notation(text)) for text in EXAMPLES],
        },
    )
