"""Classical Mah-Jongg at the live table: the table's play on the engine of
games.play.mahjongg, its frames per seat, its bots and its recording in a Mah-Jongg league.
Kept apart from the Mhing table's modules; `games.models.Table` dispatches on `Table.game`."""
