"""`yakubook serve` (yakubook/serve.py): serves a directory on 127.0.0.1."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.serving import running
from yakubook import serve
from yakubook.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_make_server_serves_the_directory(tmp_path):
    (tmp_path / "index.html").write_text("<p>滿貫</p>", encoding="utf-8")
    server = serve.make_server(tmp_path, 0)
    host, port = server.server_address[:2]
    assert host == "127.0.0.1"
    with running(server), urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as r:
        assert r.status == 200 and "滿貫" in r.read().decode("utf-8")


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


def test_unknown_url_gets_the_sites_404_page_with_status_404(tmp_path):
    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (tmp_path / "404.html").write_text("<h1>找不到頁面 · page not found</h1>", encoding="utf-8")
    with running(serve.make_server(tmp_path, 0, quiet=True)) as server:
        port = server.server_address[1]
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


def test_unknown_url_without_a_404_page_still_answers_404(tmp_path):
    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    with running(serve.make_server(tmp_path, 0, quiet=True)) as server:
        status, _, _ = _get(f"http://127.0.0.1:{server.server_address[1]}/missing/")
    assert status == 404


# -- hostile cases (issue #42 point 5, issue #39's serve) -----------------------------------


def _one_line_refusal(code: int, err: str) -> None:
    assert code == 2
    assert "Traceback" not in err and len(err.splitlines()) == 1, err


@pytest.mark.parametrize("port", ["70000", "-1", "65536"])
def test_a_port_out_of_range_is_one_line_exit_2(capsys, port):
    code = main(["serve", "--port", port])
    err = capsys.readouterr().err
    _one_line_refusal(code, err)
    assert err == f"error: --port {port}: a port is a number from 0 to 65535 (0: any free port)\n"


def test_a_port_in_use_is_one_line_exit_2(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port)])
    err = capsys.readouterr().err
    _one_line_refusal(code, err)
    assert err.startswith(f"error: cannot listen on 127.0.0.1:{port}: ")


def fake_checkout(root: Path) -> Path:
    (root / "sources").mkdir(parents=True)
    (root / "sources" / "manifest.toml").write_text("", encoding="utf-8")
    (root / "extract").mkdir()
    (root / "site" / "docs").mkdir(parents=True)
    (root / "site" / "docs" / "index.md").write_text("# home\n", encoding="utf-8")
    return root


def test_the_port_is_bound_before_the_site_is_built(tmp_path, monkeypatch, capsys):
    root = fake_checkout(tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    seen = []

    def build_site(root_arg, dest=None, quiet=True):
        with socket.socket() as client:  # the server's socket listens already
            seen.append(client.connect_ex(("127.0.0.1", port)))
        return 1  # mkdocs failed: run_serve stops there

    monkeypatch.setattr(serve, "build_site", build_site)
    code = serve.run_serve(root, port)
    err = capsys.readouterr().err
    assert seen == [0]
    assert code == 2 and err.endswith("error: mkdocs build failed (exit 1)\n")


def test_outside_a_checkout_serve_says_so_in_one_line(tmp_path):
    # An installed yakubook: the package alone, no stage folders beside it and no
    # site-packages (-S) holding the checkout's editable install.
    shutil.copytree(ROOT / "yakubook", tmp_path / "pkg" / "yakubook",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    proc = subprocess.run(
        [sys.executable, "-S", "-m", "yakubook.cli", "serve", "--port", "0"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path / "pkg")},
    )
    _one_line_refusal(proc.returncode, proc.stderr)
    assert proc.stderr.startswith("error: yakubook serve serves the site a checkout")
    assert proc.stdout == ""


def test_a_nul_in_the_path_gets_an_answer_and_no_traceback(tmp_path, capsys):
    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    with running(serve.make_server(tmp_path, 0)) as server, socket.create_connection(
        server.server_address[:2], timeout=10
    ) as s:
        s.sendall(b"GET /%00 HTTP/1.0\r\n\r\n")
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.0 404 ")
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.splitlines()) <= 2  # the error and the request
