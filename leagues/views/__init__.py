"""League pages, one module per page family: standings (league home and index), players,
matches (creation and the score sheet), rounds (entry, correction, undo), exports."""
