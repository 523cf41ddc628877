"""Classical Mah-Jongg at the live table: its game interface (live.py, games.engine.LiveGame)
on the engine of games.play.mahjongg, its lobby fields, snapshot summary, page additions,
refusals' words and its recording in a Mah-Jongg league."""
