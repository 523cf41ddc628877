"""A mail server that takes its time, as a busy SMTP server does: Django's in-memory backend
after a pause (tests/site/test_reset_timing.py)."""

from __future__ import annotations

import time

from django.core.mail.backends.locmem import EmailBackend

DELAY = 0.8


class SlowEmailBackend(EmailBackend):
    def send_messages(self, messages):
        time.sleep(DELAY)
        return super().send_messages(messages)
