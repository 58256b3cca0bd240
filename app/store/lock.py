"""One ``forest-table serve`` per SQLite database (issue 32).

Two servers on one SQLite file would each save their own phones' taps and neither's phones
would see the other's (each keeps its tables in memory). :func:`hold` takes an exclusive
``flock`` on a file beside the database (``<name>.serve-lock``, mode 0600) for the
server's life and writes in it who holds it (process id and the address phones use); a
second ``serve`` finds the lock taken and is told who. The operating system lets go of
the lock when the process ends however it ends (a crash, ``kill -9``): a lock file left
behind is never "stale". The file itself stays (deleting it would let two servers lock
two different files of the same name).

PostgreSQL is not locked: several server processes on one database are a supported
deployment (``serve --workers N``, docs/deployment.md); nor are ``records`` or ``tables``
commands, which write through the database's own locks while a server runs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SUFFIX = ".serve-lock"


class Held(Exception):
    """The database is served by another process: its id and address ("" when unknown)."""

    def __init__(self, path: Path, pid: str = "", url: str = "") -> None:
        super().__init__(f"{path} is held by process {pid or '?'}")
        self.path = path
        self.pid = pid
        self.url = url


def lock_path(database: Path) -> Path:
    """The lock file of the SQLite file ``database`` (symbolic links followed: one file,
    one lock, whatever path names it)."""
    real = database.expanduser().resolve()
    return real.with_name(real.name + SUFFIX)


class ServeLock:
    """The lock :func:`hold` took; :meth:`release` (or the process's end) lets it go."""

    def __init__(self, fd: int, path: Path) -> None:
        self.fd = fd
        self.path = path

    def release(self) -> None:
        if self.fd >= 0:
            try:
                os.ftruncate(self.fd, 0)  # nobody is named once it is let go
            except OSError:
                pass
            os.close(self.fd)  # closing the descriptor releases the lock
            self.fd = -1


def _lock(fd: int) -> bool:
    """An exclusive lock on ``fd`` without waiting; False if another process holds one."""
    if sys.platform == "win32":  # a lock on the file's first byte
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _holder(path: Path) -> tuple[str, str]:
    """Who wrote that they hold the lock: (process id, address), each "" when unknown."""
    try:
        with open(path, "rb") as fh:
            text = fh.read(512).decode("utf-8", "replace")
    except OSError:
        return "", ""
    pid, _, url = text.strip().partition(" ")
    url = url.strip()
    ok = pid.isascii() and pid.isdigit() and len(pid) <= 10 and url.isprintable()
    return (pid, url[:200]) if ok else ("", "")


def hold(database: Path, url: str) -> ServeLock:
    """Lock ``database`` for this server, writing its process id and ``url`` (the address
    phones use, never a token) in the lock file. Raises :class:`Held` when another process
    holds it, ``OSError`` when the file cannot be made (a read-only or missing folder)."""
    path = lock_path(database)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)  # not inherited by child processes
    try:
        if not _lock(fd):
            raise Held(path, *_holder(path))
        try:  # who holds it: for the message of a second server (a full disk: unsaid)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()} {url}\n".encode(), 0)
        except (OSError, AttributeError):
            pass
    except BaseException:
        os.close(fd)
        raise
    return ServeLock(fd, path)
