"""A static server on 127.0.0.1 whose every response crosses ONE shared, slow link.

The benchmark's "phone link" scenario: a player's first visit on mobile data,
where bytes cost time. Chromium's own network emulation (CDP) is not used on
purpose: it throttles each request of a page on its own and does not reliably
apply to a service worker's fetches, so a page and its service worker
downloading at once would each get the whole bandwidth. Here the server
throttles instead, so every byte the browser receives — page, worker,
service worker — shares one link:

* **bandwidth**: one token bucket (a "link free at" clock) shared by every
  connection; responses go out in 16 KB chunks, each waiting for its turn;
* **latency**: one round trip before each response's first byte, and one
  more when a connection opens (its handshake);
* **compression**: gzip (level 6, as common static hosts use) for
  compressible types when the browser accepts it — wasm, JavaScript, JSON,
  HTML, CSS, SVG; not zip, wheel or images. With ``brotli=True`` the server
  is a host that serves precompressed files (nginx ``brotli_static``, Caddy
  ``precompressed br``): a file's ``.br`` copy beside it, when the build wrote
  one and the browser accepts ``br``, and gzip as before for the rest.

Every response is logged (path, bytes on the wire, when its last byte left),
so the benchmark can say how many bytes had crossed by a given moment.
"""
from __future__ import annotations

import gzip
import http.server
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

CHUNK = 16 * 1024
GZIP_LEVEL = 6
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".webmanifest": "application/manifest+json", ".whl": "application/zip",
         ".zip": "application/zip", ".svg": "image/svg+xml", ".css": "text/css", ".html": "text/html",
         ".xml": "application/xml", ".txt": "text/plain", ".png": "image/png", ".ico": "image/x-icon",
         ".yml": "text/yaml", ".gz": "application/gzip"}
COMPRESSIBLE = {"text/javascript", "application/wasm", "application/json", "application/manifest+json",
                "image/svg+xml", "text/css", "text/html", "application/xml", "text/plain", "text/yaml"}

PROFILES = {
    "phone": {"mbit": 9.0, "rtt_ms": 60.0},
    "slow": {"mbit": 1.6, "rtt_ms": 150.0},
}


class Link:
    """One shared link: a byte rate and a round-trip time; logs what crossed it."""

    def __init__(self, mbit: float, rtt_ms: float):
        self.rate = mbit * 1e6 / 8  # bytes per second
        self.rtt = rtt_ms / 1000
        self._lock = threading.Lock()
        self._free_at = 0.0  # time.monotonic() when the link is next idle
        self._wall = time.time() - time.monotonic()
        self.sent = 0
        self.log: list[dict] = []  # one entry per response: path, status, bytes, asked and end (epoch s)

    def reset(self):
        with self._lock:
            self.sent = 0
            self.log = []

    def transmit(self, write, data: bytes) -> float:
        """Send ``data`` through the link (blocking for its share); returns when its last byte left (epoch s)."""
        end = time.monotonic()
        for i in range(0, len(data), CHUNK):
            chunk = data[i:i + CHUNK]
            with self._lock:
                start = max(time.monotonic(), self._free_at)
                self._free_at = end = start + len(chunk) / self.rate
                self.sent += len(chunk)
            delay = end - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            write(chunk)
        return end + self._wall

    def bytes_by(self, epoch: float) -> int:
        """Bytes of the responses whose last byte had left by ``epoch`` (seconds since the epoch)."""
        with self._lock:
            return sum(e["bytes"] for e in self.log if e["end"] <= epoch)

    def entries(self) -> list[dict]:
        with self._lock:
            return list(self.log)


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as a browser and a host use
    folder: Path
    link: Link
    cache_control: str
    gz_cache: dict
    brotli: bool

    def log_message(self, *args):
        pass

    def setup(self):
        super().setup()
        time.sleep(self.link.rtt)  # the connection's handshake

    def _file(self) -> Path | None:
        path = unquote(urlsplit(self.path).path)
        target = (self.folder / path.lstrip("/")).resolve()
        if not str(target).startswith(str(self.folder.resolve())):
            return None
        if target.is_dir():
            target = target / "index.html"
        return target if target.is_file() else None

    def do_GET(self):  # http.server's naming
        asked = time.time()
        time.sleep(self.link.rtt)  # the request travels up, the first byte of the answer down
        target = self._file()
        if target is None:
            body, status, ctype, encoding = b"not found", 404, "text/plain", None
        else:
            status, ctype = 200, TYPES.get(target.suffix, "application/octet-stream")
            body, encoding = target.read_bytes(), None
            accepted = self.headers.get("Accept-Encoding", "")
            brotli = target.with_name(target.name + ".br")
            if self.brotli and ctype in COMPRESSIBLE and "br" in accepted and brotli.is_file():
                body, encoding = brotli.read_bytes(), "br"
            elif ctype in COMPRESSIBLE and "gzip" in accepted:
                key = (str(target), target.stat().st_mtime_ns)
                if key not in self.gz_cache:
                    self.gz_cache[key] = gzip.compress(body, GZIP_LEVEL, mtime=0)
                body, encoding = self.gz_cache[key], "gzip"
        head = [f"HTTP/1.1 {status} {'OK' if status == 200 else 'Not Found'}",
                f"Content-Type: {ctype}", f"Content-Length: {len(body)}",
                f"Cache-Control: {self.cache_control}", "Vary: Accept-Encoding"]
        if encoding:
            head.append(f"Content-Encoding: {encoding}")
        data = ("\r\n".join(head) + "\r\n\r\n").encode() + body
        try:
            end = self.link.transmit(self.wfile.write, data)
        except (BrokenPipeError, ConnectionResetError):
            return
        with self.link._lock:
            self.link.log.append({"path": urlsplit(self.path).path, "status": status, "bytes": len(data),
                                  "asked": asked, "end": end})


class PhoneServer:
    """Serve ``folder`` on 127.0.0.1 (a free port) through one :class:`Link`."""

    def __init__(self, folder: Path, mbit: float, rtt_ms: float, cache_control: str = "max-age=3600",
                 brotli: bool = False):
        self.link = Link(mbit, rtt_ms)
        handler = type("PhoneHandler", (_Handler,), {
            "folder": Path(folder), "link": self.link, "cache_control": cache_control, "gz_cache": {},
            "brotli": brotli})
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def gzip_size(path: Path) -> int:
    """What this link sends for a file's body (gzip level 6 for compressible types)."""
    data = Path(path).read_bytes()
    if TYPES.get(Path(path).suffix, "") in COMPRESSIBLE:
        return len(gzip.compress(data, GZIP_LEVEL, mtime=0))
    return len(data)
