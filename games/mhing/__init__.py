"""Mhing at the live table: what the shared shell (games/) asks of the table's game through
the registry (leagues.kinds.mhing's `live_table`): its snapshot's match and rules, its
recording in a Mhing league and its page's additions. Its engine is games.play."""
