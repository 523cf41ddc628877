"""Helpers for the Mah-Jongg rules tests: hands are written in the notation of
MAHJONGG.md §1.2."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# The repository's own copy of shared/golden/ (tests/test_golden_copy.py keeps it complete),
# so that a clone with nothing beside it tests alone.
GOLDEN_DIR = REPO / "tests" / "golden"
GOLDEN = GOLDEN_DIR / "mahjongg.tsv"
# The lines of the rule book's corrections of 2026-11-28 (its "Changes" section), kept apart
# from mahjongg.tsv by the book's authors; read with it.
GOLDEN_CHANGES = GOLDEN_DIR / "mahjongg_changes.tsv"
