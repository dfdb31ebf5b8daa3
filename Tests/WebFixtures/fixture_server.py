#!/usr/bin/env python3
"""The web the link and title tests see: one HTTP server (and, with --tls, one HTTPS server
with a self-signed certificate) on 127.0.0.1, each path one case. Prints the ports as
`http PORT` and `https PORT` lines, then serves until killed. Never reaches the internet."""
import gzip
import os
import socket
import http.server
import socketserver
import ssl
import sys
import threading
import time
import zlib

COUNTS = {}
COUNTS_LOCK = threading.Lock()


def page(title_html, head_extra="", body="<p>Hello</p>"):
    return f"<!DOCTYPE html><html><head>{head_extra}<title>{title_html}</title></head><body>{body}</body></html>"


def html(text, charset="utf-8"):
    return text.encode(charset)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", content_type="text/html; charset=utf-8", headers=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def redirect(self, status, location):
        self.send(status, b"", None, [("Location", location)])

    def count(self, key):
        with COUNTS_LOCK:
            COUNTS[key] = COUNTS.get(key, 0) + 1
            return COUNTS[key]

    def do_HEAD(self):
        self.route()

    def do_GET(self):
        self.route()

    def route(self):
        path = self.path.split("?")[0]
        handler = ROUTES.get(path)
        if handler is None:
            for prefix, prefixed in PREFIX_ROUTES.items():
                if path.startswith(prefix):
                    return prefixed(self, path[len(prefix):])
            return self.send(404, html(page("Not Found")))
        handler(self)


def stream_huge(h):
    """A title at the top of 50 MB: the client must stop reading long before the end."""
    h.send_response(200)
    h.send_header("Content-Type", "text/html; charset=utf-8")
    h.send_header("Content-Length", str(50 * 1024 * 1024))
    h.end_headers()
    if h.command == "HEAD":
        return
    head = html(page("Huge Page"))[:-len("</body></html>")]
    h.wfile.write(head)
    chunk = b"<p>" + b"x" * 65530 + b"</p>"
    sent = len(head)
    try:
        while sent < 50 * 1024 * 1024:
            piece = chunk[: 50 * 1024 * 1024 - sent]
            h.wfile.write(piece)
            sent += len(piece)
    except (BrokenPipeError, ConnectionResetError):
        pass
    h.close_connection = True


def hang(h):
    time.sleep(8)
    try:
        h.send(200, html(page("Too Late")))
    except (BrokenPipeError, ConnectionResetError):
        pass


HELD = {}


def held_event(key):
    with COUNTS_LOCK:
        return HELD.setdefault(key, threading.Event())


def held_title(h, key):
    """Answers only once the test asked /release/KEY (at most 30 s): a page that is slow
    for exactly as long as the test needs."""
    held_event(key).wait(30)
    h.send(200, html(page("Worth The Wait")))


def release(h, key):
    held_event(key).set()
    h.send(200, b"released", "text/plain")


def needs_browser(h):
    if "Mozilla/5.0" in h.headers.get("User-Agent", ""):
        h.send(200, html(page("Browsers Only")))
    else:
        h.send(403, html(page("Forbidden")))


def gzipped(h):
    if "gzip" not in h.headers.get("Accept-Encoding", ""):
        return h.send(406, b"gzip only")
    h.send(200, gzip.compress(html(page("Squeezed With Gzip"))), headers=[("Content-Encoding", "gzip")])


def deflated(h):
    h.send(200, zlib.compress(html(page("Squeezed With Deflate"))), headers=[("Content-Encoding", "deflate")])


def head_refused(h):
    if h.command == "HEAD":
        return h.send(405, b"", None)
    h.send(200, html(page("GET Only")))


def flaky(h, key):
    if h.count("flaky/" + key) == 1:
        return h.send(500, html(page("Oops")))
    h.send(200, html(page("Better Now")))


def many(h, rest):
    n = int(rest)
    h.redirect(302, f"/many/{n + 1}")


CONCURRENT = {}


def concurrent(h, rest):
    """Counts how many requests of one test (/concurrent/TOKEN/N) are inside at once."""
    token = rest.split("/")[0]
    with COUNTS_LOCK:
        now, most = CONCURRENT.get(token, (0, 0))
        CONCURRENT[token] = (now + 1, max(most, now + 1))
    time.sleep(0.2)
    with COUNTS_LOCK:
        now, most = CONCURRENT[token]
        CONCURRENT[token] = (now - 1, most)
    h.send(200, html(page("Counted")))


def concurrent_max(h, token):
    with COUNTS_LOCK:
        most = CONCURRENT.get(token, (0, 0))[1]
    h.send(200, str(most).encode(), "text/plain")


def stall(h):
    """Headers and the start of a page, then nothing: the fetch's deadline must cut it off."""
    h.send_response(200)
    h.send_header("Content-Type", "text/html")
    h.send_header("Content-Length", "100000")
    h.end_headers()
    if h.command == "HEAD":
        return
    try:
        h.wfile.write(b"<html><head><title>Stalled</title>")
        h.wfile.flush()
        time.sleep(8)
    except (BrokenPipeError, ConnectionResetError):
        pass
    h.close_connection = True


def after_padding(size, title):
    def handler(h):
        body = b"<!DOCTYPE html><html><head><!--" + b"p" * size + b"-->" + html(f"<title>{title}</title></head></html>")
        h.send(200, body)
    return handler


CP1251_TITLE = "Привет, мир"
SJIS_TITLE = "こんにちは世界"

ROUTES = {
    "/title/plain": lambda h: h.send(200, html(page("Plain Title"))),
    "/title/og": lambda h: h.send(200, html('<html><head><meta property="og:title" content="Open Graph Title"></head></html>')),
    "/title/twitter": lambda h: h.send(200, html('<html><head><meta name="twitter:title" content="Twitter Card Title"></head></html>')),
    "/title/entities": lambda h: h.send(200, html(page("Tom &amp; Jerry &mdash; &#8220;Cats&#x201D; &lt;3 &nbsp;&copy;"))),
    "/title/whitespace": lambda h: h.send(200, html(page("\n    Lots\t of \n\n  space   "))),
    "/title/cp1251-header": lambda h: h.send(200, html(page(CP1251_TITLE), "windows-1251"), "text/html; charset=windows-1251"),
    "/title/cp1251-meta": lambda h: h.send(200, html(page(CP1251_TITLE, '<meta charset="windows-1251">'), "windows-1251"), "text/html"),
    "/title/cp1251-http-equiv": lambda h: h.send(200, html(page(CP1251_TITLE, '<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'), "windows-1251"), "text/html"),
    "/title/sjis-header": lambda h: h.send(200, html(page(SJIS_TITLE), "shift_jis"), "text/html; charset=Shift_JIS"),
    "/title/sjis-meta": lambda h: h.send(200, html(page(SJIS_TITLE, "<meta charset=shift_jis>"), "shift_jis"), "text/html"),
    "/title/xml-declaration": lambda h: h.send(200, html('<?xml version="1.0" encoding="windows-1251"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>' + CP1251_TITLE + "</title></head></html>", "windows-1251"), "application/xhtml+xml"),
    "/title/xml-utf8": lambda h: h.send(200, html('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html><html><head><title>Déclaration XML</title></head></html>'), "text/html"),
    "/title/bom": lambda h: h.send(200, b"\xef\xbb\xbf" + html(page("Byte Order Mark")), "text/html"),
    "/title/utf16": lambda h: h.send(200, b"\xff\xfe" + page("Wide Title").encode("utf-16-le"), "text/html"),
    "/title/latin1": lambda h: h.send(200, html(page("Café Crème"), "iso-8859-1"), "text/html; charset=ISO-8859-1"),
    "/title/gzip": gzipped,
    "/title/deflate": deflated,
    "/title/none": lambda h: h.send(200, b"<html><head></head><body>No title here</body></html>"),
    "/title/blank": lambda h: h.send(200, html(page("   ", '<meta property="og:title" content="Fallback After Blank">'))),
    "/title/escape": lambda h: h.send(200, html(page("\x1b[31mRed\x1b[0m \x1b]0;pwned\x07Alert\x07\x08"))),
    "/title/bidi": lambda h: h.send(200, html(page("safe\u202etxt.exe\u2066 name\u200b"))),
    "/title/svg-first": lambda h: h.send(200, html('<html><head></head><body><svg><title>Icon</title></svg><title>After The Icon</title></body></html>')),
    "/title/uppercase": lambda h: h.send(200, b'<HTML><HEAD><TITLE lang="en">Shouting Title</TITLE></HEAD></HTML>'),
    "/title/late": after_padding(100_000, "Found Late"),
    "/title/too-late": after_padding(3 * 1024 * 1024, "Beyond The Cap"),
    "/title/huge": stream_huge,
    "/title/image": lambda h: h.send(200, b"\x89PNG\r\n\x1a\n<title>Not A Page</title>", "image/png"),
    "/title/long": lambda h: h.send(200, html(page("Long " * 100))),
    "/title/redirect": lambda h: h.redirect(301, "/title/plain"),
    "/title/browser-only": needs_browser,
    "/title/not-found": lambda h: h.send(404, html(page("Missing Page"))),
    "/ok": lambda h: h.send(200, html(page("Fine"))),
    "/head-refused": head_refused,
    "/chain": lambda h: h.redirect(301, "/chain/2"),
    "/chain/2": lambda h: h.redirect(302, "/chain/3"),
    "/chain/3": lambda h: h.send(200, html(page("End Of Chain"))),
    "/permanent": lambda h: h.redirect(308, "/ok"),
    "/temporary": lambda h: h.redirect(307, "/ok"),
    "/see-other": lambda h: h.redirect(303, "/ok"),
    "/loop": lambda h: h.redirect(302, "/loop/2"),
    "/loop/2": lambda h: h.redirect(302, "/loop"),
    "/to-file": lambda h: h.redirect(302, "file:///etc/passwd"),
    "/gone": lambda h: h.send(404, html(page("Not Found"))),
    "/gone-for-good": lambda h: h.send(410, html(page("Gone"))),
    "/forbidden": lambda h: h.send(403, html(page("Forbidden"))),
    "/teapot": lambda h: h.send(418, html(page("Teapot"))),
    "/broken": lambda h: h.send(503, html(page("Down"))),
    "/hang": hang,
    "/gzip": gzipped,
    "/stall": stall,
    "/rate-limited": lambda h: h.send(429, html(page("Slow Down")), headers=[("Retry-After", "1")]),
    "/title/quoted-gt": lambda h: h.send(200, html('<html><head><meta property="og:title" content="A > B"></head></html>')),
    "/title/curly-latin1": lambda h: h.send(200, b"<title>It\x92s \x93quoted\x94</title>", "text/html; charset=iso-8859-1"),
}

PREFIX_ROUTES = {
    "/flaky/": flaky,
    "/many/": many,
    "/title/held/": held_title,
    "/release/": release,
    "/concurrent/": concurrent,
    "/concurrent-max/": concurrent_max,
}


# Pages kept (issue 41): an article with everything a reader drops, and pages that try harm.
ARTICLE = """<!DOCTYPE html><html><head><title>Kept &amp; Read</title>
<link rel="stylesheet" href="/archive/sub/style.css"><script src="/archive/sub/script.js"></script>
<style>p { color: red }</style><script>document.write("script text")</script></head>
<body><nav><a href="/home">Navigation link</a></nav><header><p>Site banner</p></header>
<main><article><h1>The Tower</h1>
<p>Visit <a href="/archive/tower">the t&ocirc;wer</a> in &quot;T&#333;ky&#333;&quot; &mdash; 東京タワー is tall.
<img src="/archive/sub/image.png" alt="a picture"></p>
<iframe src="/archive/sub/frame.html"></iframe>
<ul><li>First thing</li><li>Second <a href="https://example.org/x">thing</a></li></ul>
<ol><li>One</li><li>Two</li></ol>
<p>Привет, мир. Crème brûlée for dessert.</p>
<pre>  indented
    code</pre>
</article></main><aside>Sidebar text</aside><footer>Footer text</footer></body></html>"""


def changing(h, key):
    n = h.count("changing/" + key)
    h.send(200, html(page(f"Version {n}", body=f"<p>This is version {n} of the page.</p>")))


def sub_resource(h, rest):
    h.count("archive-sub")
    h.send(200, b"not a page", "text/plain")


def sub_count(h):
    with COUNTS_LOCK:
        n = COUNTS.get("archive-sub", 0)
    h.send(200, str(n).encode(), "text/plain")


def bomb(h):
    """Forty megabytes of spaces in a few kilobytes of gzip: decoding must stop at the cap."""
    body = gzip.compress(b" " * (40 * 1024 * 1024), 9)
    h.send(200, body, headers=[("Content-Encoding", "gzip")])
    h.close_connection = True


ROUTES.update({
    "/archive/article": lambda h: h.send(200, html(ARTICLE)),
    "/archive/moved": lambda h: h.redirect(301, "/archive/article"),
    "/archive/escape": lambda h: h.send(200, html(page("Escapes", body="<p>\x1b[31mRed\x1b[0m and \x1b]0;pwned\x07 safe\u202etxt.exe\u2066 end</p>"))),
    "/archive/deep": lambda h: h.send(200, html(page("Deep", body="<div>" * 200_000 + "<p>At the bottom</p>" + "</div>" * 200_000))),
    "/archive/bomb": bomb,
    "/archive/sub-count": sub_count,
})
PREFIX_ROUTES.update({
    "/archive/changing/": changing,
    "/archive/sub/": sub_resource,
})


TUNNELS = []


class ProxyHandler(http.server.BaseHTTPRequestHandler):
    """A CONNECT proxy (the kind AsyncHTTPClient speaks): records each tunnel's target and
    Proxy-Authorization, then relays bytes both ways. GET /tunnels lists them."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        body = "\n".join(TUNNELS).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_CONNECT(self):
        with COUNTS_LOCK:
            TUNNELS.append(f"{self.path} {self.headers.get('Proxy-Authorization', '-')}")
        host, port = self.path.rsplit(":", 1)
        try:
            upstream = socket.create_connection((host, int(port)), timeout=5)
        except OSError:
            self.send_error(502)
            return
        self.send_response(200, "Connection Established")
        self.end_headers()
        self.wfile.flush()

        def pump(source, sink):
            try:
                while True:
                    data = source.recv(65536)
                    if not data:
                        break
                    sink.sendall(data)
            except OSError:
                pass
            finally:
                try:
                    sink.shutdown(socket.SHUT_WR)
                except OSError:
                    pass

        other = threading.Thread(target=pump, args=(upstream, self.connection), daemon=True)
        other.start()
        pump(self.connection, upstream)
        other.join(10)
        upstream.close()
        self.close_connection = True


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    servers = [("http", Server(("127.0.0.1", 0), Handler)), ("proxy", Server(("127.0.0.1", 0), ProxyHandler))]
    if "--tls" in sys.argv:
        cert, key = sys.argv[sys.argv.index("--tls") + 1: sys.argv.index("--tls") + 3]
        secure = Server(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        secure.socket = context.wrap_socket(secure.socket, server_side=True)
        servers.append(("https", secure))
    for name, server in servers:
        print(name, server.server_address[1], flush=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
    # Ends with the test process that started it, however that ends.
    parent = os.getppid()
    while os.getppid() == parent:
        time.sleep(0.5)


if __name__ == "__main__":
    main()
