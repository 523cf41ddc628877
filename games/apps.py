from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # The live games, imported here and only here: the shell (games/*.py) reaches a
        # game through the registry (games.engine, docs/architecture.md). A third game
        # adds its line.
        from games import registry
        from games.mahjongg.live import MAHJONGG
        from games.mhing.live import MHING

        for game in (MHING, MAHJONGG):
            registry.register(game)
