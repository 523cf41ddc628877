"""One request to a view that fails, in a process of its own started with the real settings
from the environment (DEBUG off): its stderr is what gunicorn's or daphne's log would hold.

    python -m tests.site.failing_request   # prints the status and the mails sent, as JSON
"""

import json

import django
from django.core import mail
from django.test import Client
from django.test.utils import override_settings, setup_test_environment

if __name__ == "__main__":
    django.setup()  # configures logging from settings.LOGGING, as a server's start does
    setup_test_environment()  # mail kept in mail.outbox instead of sent
    with override_settings(ROOT_URLCONF="tests.site.failing_urls"):
        response = Client(raise_request_exception=False).get(
            "/fail/", headers={"host": "localhost"}, secure=True
        )
    mails = [{"to": m.to, "subject": m.subject, "body": m.body} for m in mail.outbox]
    print(json.dumps({"status": response.status_code, "mails": mails}))
