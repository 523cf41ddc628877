from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project itself, as an app: its system checks, and Django's middleware kept on the
    event loop under ASGI (mhing_site/loop_middleware.py)."""

    name = "mhing_site"
    verbose_name = "Mhing League site"

    def ready(self) -> None:
        from django.core import checks

        from mhing_site.checks import static_files_collected

        checks.register(static_files_collected)

        from mhing_site.loop_middleware import middleware_on_the_loop

        middleware_on_the_loop()
