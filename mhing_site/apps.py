from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project itself, as an app: its system checks."""

    name = "mhing_site"
    verbose_name = "Mhing League site"

    def ready(self) -> None:
        from django.core import checks

        from mhing_site.checks import static_files_collected

        checks.register(static_files_collected)
