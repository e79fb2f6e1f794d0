"""`yakubook serve` (yakubook/serve.py): serves a directory on 127.0.0.1."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request

from yakubook import serve


def test_make_server_serves_the_directory(tmp_path):
    (tmp_path / "index.html").write_text("<p>滿貫</p>", encoding="utf-8")
    server = serve.make_server(tmp_path, 0)
    host, port = server.server_address[:2]
    assert host == "127.0.0.1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as r:
            assert r.status == 200 and "滿貫" in r.read().decode("utf-8")
    finally:
        server.shutdown()
        server.server_close()


def test_run_serve_without_pages_explains(tmp_path, capsys):
    assert serve.run_serve(tmp_path, 0) == 2
    assert "yakubook build" in capsys.readouterr().err


def _get(url: str) -> tuple[int, str, str]:
    """(status, content type, body) of a GET, an HTTP error's answer included."""
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read().decode("utf-8")


def _serving(directory):
    server = serve.make_server(directory, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def test_unknown_url_gets_the_sites_404_page_with_status_404(tmp_path):
    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (tmp_path / "404.html").write_text("<h1>找不到頁面 · page not found</h1>", encoding="utf-8")
    server, port = _serving(tmp_path)
    try:
        status, ctype, body = _get(f"http://127.0.0.1:{port}/yaku/9-99-99/")
        assert status == 404
        assert ctype.startswith("text/html")
        assert "找不到頁面 · page not found" in body
        assert "Error response" not in body
        request = urllib.request.Request(f"http://127.0.0.1:{port}/nothing.css", method="HEAD")
        try:
            urllib.request.urlopen(request, timeout=10)
            raise AssertionError("HEAD of an unknown URL answered 2xx")
        except urllib.error.HTTPError as e:
            assert e.code == 404 and e.read() == b""
    finally:
        server.shutdown()
        server.server_close()


def test_unknown_url_without_a_404_page_still_answers_404(tmp_path):
    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    server, port = _serving(tmp_path)
    try:
        status, _, _ = _get(f"http://127.0.0.1:{port}/missing/")
        assert status == 404
    finally:
        server.shutdown()
        server.server_close()
