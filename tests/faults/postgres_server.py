"""A throwaway PostgreSQL server a test owns, so that it may stop and start it (an outage)
without touching the server the rest of the run uses: initdb in a temporary directory, a
free port on 127.0.0.1, as scripts/with_postgres.sh does."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.games.servers import free_port


def pg_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: p.parts)
    return found[-1].parent if found else None


class Postgres:
    def __init__(self, directory: Path) -> None:
        self.bin = pg_bin()
        self.directory = directory
        self.data = directory / "data"
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/mhing"

    def _run(self, *command: str) -> None:
        # initdb refuses to run as root: as root, the server runs as the postgres user.
        prefix = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        subprocess.run(prefix + list(command), check=True, capture_output=True)

    def init(self) -> None:
        if os.getuid() == 0:
            shutil.chown(self.directory, "postgres")
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
            "--no-sync", "--encoding=UTF8", "--locale=C.UTF-8",
        )  # fmt: skip

    def start(self) -> None:
        options = (
            f"-F -p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.directory / "pg.log"),
            "-w", "-o", options, "start",
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        """As `pg_ctl restart -m fast`: every open connection is closed by the server."""
        self.stop("fast")
        self.start()

    def createdb(self) -> None:
        self._run(
            str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U",
            "postgres", "mhing",
        )  # fmt: skip


@contextmanager
def own_postgres() -> Iterator[Postgres]:
    """A started server with an empty database `mhing`; stopped and removed afterwards.
    In a directory of its own under /tmp: pytest's tmp_path is closed to the postgres user."""
    directory = Path(tempfile.mkdtemp(prefix="mhing-pg-"))
    server = Postgres(directory)
    server.init()
    server.start()
    try:
        server.createdb()
        yield server
    finally:
        try:
            server.stop("immediate")
        except subprocess.CalledProcessError:
            pass  # already stopped
        shutil.rmtree(directory, ignore_errors=True)
