"""Tournaments: a day or weekend of sessions for one game. The planning here is pure Python,
no Django (tests/test_purity.py keeps it so)."""
