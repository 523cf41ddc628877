from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from scoring.hand_errors import error_kind, error_message
from scoring.mhing import MhingError, Score
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
@vary_on_headers("HX-Request")
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    """Score the hand in the query string (`?hand=...&open=...`, see scoring.picker)."""
    selection = Selection.from_query(request.GET)
    outcome = selection.outcome()
    urls = PickerUrls(reverse("scoring:calculator"))
    template_name = "scoring/calculator.html"
    # A history restore after a cache miss asks for the whole page, with HX-Request set.
    if request.htmx and not request.htmx.history_restore_request:
        template_name += "#calculator"
    return render(
        request,
        template_name,
        {
            "picker": Picker(selection, urls, target="#calculator"),
            "score": outcome if isinstance(outcome, Score) else None,
            "problem": error_message(outcome) if isinstance(outcome, MhingError) else None,
            "problem_kind": error_kind(outcome) if isinstance(outcome, MhingError) else None,
            "examples": [(text, urls.for_notation(text)) for text in EXAMPLES],
        },
    )
