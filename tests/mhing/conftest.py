"""Helpers for the rules tests: hands are written in the notation of RULES.md §1."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# The repository's own copy of shared/golden/ (tests/test_golden_copy.py keeps it complete),
# so that a clone with nothing beside it tests alone.
GOLDEN_DIR = REPO / "tests" / "golden"
GOLDEN = GOLDEN_DIR / "scoring.tsv"
