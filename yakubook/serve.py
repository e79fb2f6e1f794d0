"""`yakubook serve`: serve the built website (site/public) on 127.0.0.1.

The site is built with MkDocs first if site/public does not exist yet (`make serve` builds
it anyway). The pages under site/docs come from `yakubook build`.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO

from yakubook.report import terminal_safe

HOST = "127.0.0.1"


# Each edition is its own MkDocs build (its language, chrome and search index): the Chinese
# one into the site's folder, the English one into its en/.
EDITIONS = (("mkdocs.yml", ""), ("mkdocs.en.yml", "en"))


def build_site(root: Path, dest: Path | None = None, quiet: bool = True) -> int:
    """`mkdocs build --strict` of both editions into dest (site/public if not given) and
    dest/en; the exit code of the first that fails, else 0.

    The two builds run at the same time, one process each (a build is single-threaded and
    takes seconds). The Chinese build empties its whole folder first, so the English one
    is built into a folder beside it and moved into en/ once both are done."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    public = (dest if dest is not None else root / "site" / "public").resolve()
    english = public.with_name(f".{public.name}-en-building")
    shutil.rmtree(english, ignore_errors=True)
    running = []
    for config, sub in EDITIONS:
        cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
               str(root / "site" / config), "-d", str(english if sub else public)]
        if quiet:
            cmd.append("--quiet")
        running.append(subprocess.Popen(cmd, cwd=root, env=env))
    codes = [proc.wait() for proc in running]
    failed = next((code for code in codes if code), 0)
    if failed:
        shutil.rmtree(english, ignore_errors=True)
        return failed
    shutil.rmtree(public / EDITIONS[1][1], ignore_errors=True)
    os.replace(english, public / EDITIONS[1][1])
    return 0


class _SiteHandler(SimpleHTTPRequestHandler):
    """Serves the directory; an unknown URL gets the site's own 404.html (status 404)."""

    NOT_FOUND_PAGE = "404.html"

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        page = Path(self.directory) / self.NOT_FOUND_PAGE
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_head(self) -> BinaryIO | None:  # the base class's: an open file, or None
        try:
            return super().send_head()
        except ValueError:  # a NUL in the path (GET /%00): no file has that name
            self.send_error(HTTPStatus.NOT_FOUND, "no such file")
            return None


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        # One line for a request the handler could not answer, not socketserver's
        # traceback: what a client sends must not fill the terminal.
        error = sys.exc_info()[1]
        line = f"{client_address[0]} request failed: {type(error).__name__}: {error}"
        sys.stderr.write(terminal_safe(line[:200]) + "\n")


class _Handler(_SiteHandler):
    def log_message(self, format: str, *args: object) -> None:
        # The request line is the client's text: an ESC or a bidi override in it must not
        # act on the terminal (escaped, as build and evaluate print theirs).
        line = f"{self.address_string()} {format % args}"
        sys.stderr.write(terminal_safe(line) + "\n")


class _QuietHandler(_SiteHandler):
    # The browser tests capture the CLI's stderr in-process; a request log written from the
    # server thread would land in the middle of it.
    def log_message(self, format: str, *args: object) -> None:
        pass


def make_server(directory: Path, port: int, host: str = HOST,
                quiet: bool = False) -> ThreadingHTTPServer:
    """An HTTP server for directory on host:port (port 0 picks a free port).

    quiet drops the per-request log lines (the tests' servers run beside captured output).
    """
    handler = functools.partial(_QuietHandler if quiet else _Handler, directory=str(directory))
    return _Server((host, port), handler)


MAX_PORT = 65535


def run_serve(root: Path, port: int) -> int:
    from yakubook.checkout import is_checkout

    if not is_checkout(root):
        _error(f"yakubook serve serves the site a checkout of the project builds (no "
               f"sources/manifest.toml in {root}); clone it and run `yakubook build`")
        return 2
    if not 0 <= port <= MAX_PORT:
        _error(f"--port {port}: a port is a number from 0 to {MAX_PORT} (0: any free port)")
        return 2
    public = root / "site" / "public"
    # The port first: a port in use is known at once, not after a minute of mkdocs.
    try:
        server = make_server(public, port)
    except OSError as e:
        _error(f"cannot listen on {HOST}:{port}: {e.strerror or e}")
        return 2
    try:
        if not (public / "index.html").exists():
            if not (root / "site" / "docs" / "index.md").exists():
                _error("site/docs has no pages yet: run `yakubook build` first")
                return 2
            print("site/public is missing: building it with mkdocs …", file=sys.stderr)
            code = build_site(root)
            if code != 0:
                _error(f"mkdocs build failed (exit {code})")
                return 2
        return _serve(server, public)
    finally:
        server.server_close()


def _error(message: str) -> None:
    print(f"error: {terminal_safe(message)}", file=sys.stderr)


def _serve(server: ThreadingHTTPServer, public: Path) -> int:
    host, real_port = server.server_address[:2]
    print(f"serving {public} at http://{host}:{real_port}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", file=sys.stderr)
    return 0


if __name__ == "__main__":  # `make site`: both editions, from the project's root
    sys.exit(build_site(Path.cwd()))
