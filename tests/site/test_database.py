"""The suite runs on SQLite by default and on PostgreSQL under `make test-postgres`."""

import os

import pytest
from django.db import connection

# PostgreSQL run: the database settings and the connection pool.
pytestmark = pytest.mark.postgres


@pytest.mark.database
def test_it_uses_the_database_that_database_url_names() -> None:
    url = os.environ.get("DATABASE_URL", "")

    expected = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"

    assert connection.vendor == expected


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the pool is PostgreSQL only")
@pytest.mark.django_db
def test_postgres_connections_come_from_the_psycopg_pool() -> None:
    connection.ensure_connection()

    assert connection.pool is not None


@pytest.mark.django_db(transaction=True)
def test_a_committed_row_reads_back(django_user_model) -> None:
    django_user_model.objects.create_user("ada", password="correct horse battery")

    assert django_user_model.objects.get(username="ada").check_password("correct horse battery")
