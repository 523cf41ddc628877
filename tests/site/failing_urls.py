"""The site's addresses and one view that fails, as a bug would: for the tests of what a
500 shows the visitor and tells the operator."""

from django.http import HttpRequest
from django.urls import path

from mhing_site.urls import handler403, handler500  # noqa: F401
from mhing_site.urls import urlpatterns as site_patterns

FAILURE = "a view that fails, for the tests"


def fail(request: HttpRequest):
    raise RuntimeError(FAILURE)


urlpatterns = [path("fail/", fail), *site_patterns]
