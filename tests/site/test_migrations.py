"""Every model change has its migration: a fresh machine's `migrate` builds what the code
expects (a 'closed' table status once shipped without one)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

# PostgreSQL run: runs migrations.
pytestmark = pytest.mark.postgres


@pytest.mark.django_db
def test_no_model_change_is_missing_its_migration():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:
        pytest.fail(f"makemigrations would write (exit {exit_.code}):\n{out.getvalue()}")
