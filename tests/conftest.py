"""Fixtures shared by the whole suite.

Personas (an organiser, a player, an outsider) arrive with the league models; keep fixtures
here only when more than one test package needs them.
"""
