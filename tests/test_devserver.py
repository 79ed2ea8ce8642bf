"""The tests' static server (devtools/server.py): a browser that drops a connection mid-answer is not an error."""
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
