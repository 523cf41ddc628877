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
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    """Score the hand in the query string (`?hand=...&open=...`, see scoring.picker): the
    whole page, or for picker.js only the score and the picker's hint."""
    urls = PickerUrls(reverse("scoring:calculator"))
    picker = Picker(
        Selection.from_query(request.GET),
        urls,
        target="calculator-result",
        status_id="calculator-status",
    )
    update = picker.answers(request)
    template_name = "scoring/calculator.html" + ("#picker-update" if update else "")
    return render(
        request,
        template_name,
        {
            "picker": picker,
            "update": update,
            "examples": [(text, urls.for_notation(text)) for text in EXAMPLES],
        },
    )
