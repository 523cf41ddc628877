"""League pages every game shares, one module per page family: standings (league home and
index), players, matches (creation and the match page, drawn by the league's game), nights,
printing, exports and import, roster, members, seasons, settings. How a round or a game is
entered is the game's own (leagues/kinds/<game>/views.py)."""
