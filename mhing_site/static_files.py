"""servestatic's middleware, without reading every static file where it will not use them.

With `SERVESTATIC_AUTOREFRESH` (development, and the tests: settings.py) servestatic looks a
request's file up when it comes (`find_file`, through the finders), and its table of files is
never read. Yet servestatic 4.4.0 builds that table whenever it starts: it stats every file
the finders list and prepares its headers. Django starts the middleware once per handler,
which is once per test client, so the tests paid for that table thousands of times.
Reported upstream: docs/upstream.md, "servestatic".

Under autorefresh this registers only the finders' directories, which is all `find_file`
needs of them: a file found must lie in one (`finder_path_is_allowed`). Without autorefresh
(production: DEBUG off, the manifest) nothing changes.
"""

from __future__ import annotations

from django.contrib.staticfiles import finders
from servestatic.middleware import ServeStaticMiddleware


class AutorefreshServeStaticMiddleware(ServeStaticMiddleware):
    def add_files_from_finders(self) -> None:
        if not self.autorefresh:
            super().add_files_from_finders()
            return
        for finder in finders.get_finders():
            # FileSystemFinder and AppDirectoriesFinder keep one storage per directory.
            storages = getattr(finder, "storages", None)
            if storages is None:  # another finder: servestatic's own way, every file read
                super().add_files_from_finders()
                return
            for storage in storages.values():
                self.insert_directory(storage.location, self.static_prefix)
