"""`yakubook serve` (yakubook/serve.py): serves a directory on 127.0.0.1."""

from __future__ import annotations

import threading
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
