"""The round as a pure state machine (deal, draw, discard, claims); imports no Django."""
