from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from leagues.access import SignInRequired


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403 page saying why; visitors who only need to sign in are sent to do so."""
    if isinstance(exception, SignInRequired):
        return redirect_to_login(request.get_full_path())
    message = str(exception) if exception and str(exception) else ""
    return render(request, "403.html", {"message": message}, status=403)
