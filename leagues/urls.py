app_name = "leagues"

# Each page family adds its routes in its own section (see leagues/views/__init__.py).
urlpatterns = [
    # -- standings & league home (leagues/views/standings.py) --
    # -- players (leagues/views/players.py) --
    # -- matches & score sheet (leagues/views/matches.py) --
    # -- round entry & corrections (leagues/views/rounds.py) --
    # -- exports & import (leagues/views/exports.py) --
]
