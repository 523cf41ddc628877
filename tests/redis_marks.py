"""The marks of a test that needs a Redis server: selected by `make test-redis` (which starts
one and sets REDIS_URL), skipped by the other runs."""

import os

import pytest

NEEDS_REDIS = [
    pytest.mark.redis,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (make test-redis)"),
]
