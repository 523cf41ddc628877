"""A league's table: table.py computes the standings and their order (columns by game,
leagues/kinds/), html.py writes their rows."""
