"""Helpers for the Mah-Jongg rules tests: hands are written in the notation of
MAHJONGG.md §1.2."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# shared/ sits beside the repository, here and in CI's clone.
SHARED = (REPO / ".." / "shared").resolve()
GOLDEN = SHARED / "golden" / "mahjongg.tsv"
# The lines of the rule book's corrections of 2026-11-28 (its "Changes" section), kept apart
# from mahjongg.tsv by the book's authors; read with it.
GOLDEN_CHANGES = SHARED / "golden" / "mahjongg_changes.tsv"
