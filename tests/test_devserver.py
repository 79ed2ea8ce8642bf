"""The tests' static server (devtools/server.py): a browser that drops a connection mid-answer is not an error;
a switch of folders (a new version deployed) answers every later request, on a connection opened before it too."""
from __future__ import annotations

import socket
import struct
import time
import urllib.request

from devtools.server import Server


def test_a_dropped_download_prints_nothing_and_the_server_goes_on(tmp_path, capfd):
    (tmp_path / "big.bin").write_bytes(b"x" * 8_000_000)
    (tmp_path / "small.txt").write_text("still here")
    server = Server(tmp_path)
    try:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        for _ in range(3):  # a page left while its download runs: the socket is reset, not closed cleanly
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            s.recv(1024)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
        time.sleep(0.5)
        with urllib.request.urlopen(server.url + "small.txt") as answer:
            assert answer.read() == b"still here"
    finally:
        server.close()
    err = capfd.readouterr().err
    assert "Exception occurred during processing of request" not in err, err


def test_a_request_after_a_switch_of_folders_is_answered_from_the_new_one_on_a_socket_opened_before(tmp_path):
    """Chromium opens sockets ahead of its requests. The offline copy's update tests deploy a new version by
    switching the folder, and the browser's next update check came on a socket opened before: its sw.js was
    answered from the old version (304) and the new version was found half a minute later, on a retry."""
    old, new = tmp_path / "old", tmp_path / "new"
    for folder, text in ((old, "first"), (new, "second")):
        folder.mkdir()
        (folder / "sw.js").write_text(text)
    server = Server(old)
    try:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        ahead = socket.create_connection(("127.0.0.1", port))  # opened before the deploy, used after it
        time.sleep(0.2)
        server.folder = new
        ahead.sendall(b"GET /sw.js HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := ahead.recv(4096):
            answer += chunk
        ahead.close()
    finally:
        server.close()
    assert answer.startswith(b"HTTP/1.0 200") and answer.endswith(b"second"), answer
