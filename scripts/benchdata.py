#!/usr/bin/env python3
"""Deterministic benchmark data for Cloudy: N bookmarks with realistic variety.

The same seed and count give byte-identical files on every machine (no clock, no hash
randomisation, no locale). Names are short and long, Latin, CJK, Korean, emoji (with ZWJ
sequences and flags), right-to-left Arabic and Hebrew, combining marks and entities;
URLs are real-looking sites with paths, percent-escapes, fragments and query strings of up
to a dozen parameters; bookmarks sit in nested folders, have dates from 2006 to 2026, and
some have tags and notes. Every name of a filter query the benchmark types (`swift`,
`東京`, `🚀`) occurs often, and also as a substring inside other words.

Outputs (any combination):
  --html PATH     a Netscape bookmark file (what browsers export, buku and Cloudy import);
  --plist PATH    Cloudy's user-defaults domain (an XML property list, as Foundation writes);
  --json PATH     Cloudy's JSON import format (a list of objects).
--compact keeps each bookmark small (short URLs, no notes or tags), so that 1,024 of them
fit the key-value store's 1 MB quota; --icons adds a 1.5 KB ICON to every fifth bookmark
in the HTML file (browsers export favicons; importers must skip them cheaply).

Usage: scripts/benchdata.py --count 100000 [--seed 8] [--compact] [--icons]
                            [--html F] [--plist F] [--json F]
"""

import argparse
import base64
import datetime
import json
import os
import plistlib
import random
import sys

WORDS_EN = ("Swift", "swift", "Release", "notes", "Guide", "How", "to", "build", "a", "terminal", "app", "Linux",
            "ncurses", "bookmark", "sync", "the", "Weekly", "digest", "Recipes", "Travel", "Budget", "Design",
            "Swiftly", "Taylor Swift", "Documentation", "API", "Reference", "Forums", "Issue", "Pull request",
            "Benchmark", "Postgres", "SQLite", "Review", "Roadmap", "Tutorial", "Launch", "checklist")
WORDS_CJK = ("東京", "東京タワー", "東京都庁", "京都", "大阪", "北京大学", "上海", "台北", "旅行", "ラーメン", "天気予報",
             "新幹線", "東京駅の地図", "深圳", "漢字", "日本語の文法", "中文")
WORDS_KO = ("서울", "맛집", "부산", "한국어", "뉴스", "날씨")
WORDS_RTL = ("مرحبا بالعالم", "أخبار اليوم", "القاهرة", "תל אביב", "שלום עולם", "ירושלים", "وصفات")
EMOJI = ("🚀", "🚀🚀", "😀", "🎵", "👩‍💻", "🇯🇵", "🇫🇷", "✈️", "📚", "🔥", "❤️", "👍🏽", "🧑‍🚀")
MARKS = ("Ünïcödé", "Café", "Zürich", "São Paulo", "Łódź", "Ελληνικά", "Русский", "e\u0301tude", "ñandú")
ENTITIES = ("Tom & Jerry", "<script> tags", "\"quoted\" title", "it's", "5 > 3 < 7")

SITES = (
    ("github.com", lambda r: f"/{r.choice(OWNERS)}/{r.choice(REPOS)}/{r.choice(('issues', 'pull', 'blob/main/Sources', 'releases/tag', 'commit'))}/{r.randrange(1, 99999)}"),
    ("en.wikipedia.org", lambda r: f"/wiki/{r.choice(('Swift_(programming_language)', 'Tokyo', 'Caf%C3%A9', '%E6%9D%B1%E4%BA%AC', 'Unicode', 'Right-to-left_script'))}"),
    ("www.youtube.com", lambda r: f"/watch?v={token(r, 11)}&t={r.randrange(0, 3600)}s"),
    ("news.ycombinator.com", lambda r: f"/item?id={r.randrange(10**7, 4 * 10**7)}"),
    ("stackoverflow.com", lambda r: f"/questions/{r.randrange(10**6, 8 * 10**7)}/{slug(r)}"),
    ("docs.swift.org", lambda r: f"/swift-book/documentation/the-swift-programming-language/{r.choice(('closures', 'concurrency', 'generics', 'macros'))}"),
    ("forums.swift.org", lambda r: f"/t/{slug(r)}/{r.randrange(1000, 80000)}/{r.randrange(1, 40)}"),
    ("www.amazon.co.jp", lambda r: f"/dp/{token(r, 10).upper()}?ref_=nav_{token(r, 6)}&th=1"),
    ("maps.google.com", lambda r: f"/maps/place/{r.choice(('Tokyo+Tower', '%E6%9D%B1%E4%BA%AC%E9%A7%85', 'Cairo'))}/@{r.uniform(-80, 80):.6f},{r.uniform(-170, 170):.6f},15z"),
    ("www.bbc.co.uk", lambda r: f"/news/{r.choice(('world', 'technology', 'science'))}-{r.randrange(10**7, 7 * 10**7)}"),
    ("ar.wikipedia.org", lambda r: "/wiki/%D8%A7%D9%84%D9%82%D8%A7%D9%87%D8%B1%D8%A9"),
    ("www.reddit.com", lambda r: f"/r/{r.choice(('swift', 'linux', 'programming', 'japan'))}/comments/{token(r, 7)}/{slug(r)}/"),
    ("blog.example.org", lambda r: f"/{r.randrange(2006, 2027)}/{r.randrange(1, 13):02d}/{slug(r)}.html"),
    ("xn--wgv71a119e.jp", lambda r: f"/{token(r, 8)}"),
    ("192.168.1.20:8080", lambda r: f"/admin/{token(r, 5)}"),
)
OWNERS = ("apple", "swiftlang", "jarun", "torvalds", "sqlite", "postgres", "vapor", "pointfreeco")
REPOS = ("swift", "buku", "linux", "swift-nio", "sqlite", "postgres", "swift-format", "grdb")
FOLDERS = ("Bookmarks Toolbar", "Work", "Reading", "旅行", "🎵 Music", "Projects", "Archive", "Research", "أخبار",
           "Swift", "Recipes", "東京 2026", "Later")
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"


def token(r, n):
    return "".join(r.choice(ALPHABET) for _ in range(n))


def slug(r):
    return "-".join(r.choice(WORDS_EN).lower().replace(" ", "-") for _ in range(r.randint(2, 8)))


def name(r, i):
    kind = r.random()
    if kind < 0.30:
        words = [r.choice(WORDS_EN) for _ in range(r.randint(1, 6))]
    elif kind < 0.45:
        words = [r.choice(WORDS_CJK) for _ in range(r.randint(1, 3))]
    elif kind < 0.52:
        words = [r.choice(WORDS_KO), r.choice(WORDS_EN)]
    elif kind < 0.60:
        words = [r.choice(WORDS_RTL) for _ in range(r.randint(1, 3))]
    elif kind < 0.72:
        words = [r.choice(EMOJI), r.choice(WORDS_EN), r.choice(WORDS_CJK)]
    elif kind < 0.80:
        words = [r.choice(MARKS), r.choice(WORDS_EN)]
    elif kind < 0.84:
        words = [r.choice(ENTITIES)]
    elif kind < 0.88:
        words = [r.choice(WORDS_EN) for _ in range(r.randint(15, 40))]  # long titles
    elif kind < 0.92:
        words = [r.choice(("Go", "X", "GH", "📚", "京", "Mail"))]  # short titles
    else:
        words = [r.choice(WORDS_EN), r.choice(EMOJI), r.choice(WORDS_RTL), r.choice(WORDS_CJK)]  # mixed scripts
    return " ".join(words) + f" #{i}"


def url(r, compact):
    host, path = r.choice(SITES)
    scheme = "http" if r.random() < 0.05 else "https"
    text = f"{scheme}://{host}{path(r)}"
    if compact:
        return text[:120]
    if r.random() < 0.35:
        params = [f"utm_source={r.choice(('newsletter', 'twitter', 'hn'))}", f"utm_medium={token(r, 5)}"]
        params += [f"{token(r, r.randint(1, 6)).lower()}={token(r, r.randint(1, 24))}" for _ in range(r.randint(0, 10))]
        text += ("&" if "?" in text else "?") + "&".join(params)
    if r.random() < 0.1:
        text += "#" + slug(r)
    return text


def generate(count, seed, compact):
    r = random.Random(seed)
    epoch = 1136073600  # 2006-01-01T00:00:00Z
    span = 1798761600 - epoch  # to 2027-01-01
    bookmarks = []
    folder = []
    seen = set()
    for i in range(count):
        if i % 250 == 0:  # a new folder one to three deep every 250 bookmarks
            folder = [r.choice(FOLDERS)] + [f"{r.choice(FOLDERS)} {i // 250}"][: r.randint(0, 1)]
            if r.random() < 0.3:
                folder.append(f"子フォルダ {i % 7}")
        created = epoch + span * i // max(count, 1) + r.randrange(0, 3600)
        modified = created + (r.randrange(0, 10**7) if r.random() < 0.3 else 0)
        b = {
            "id": f"{r.getrandbits(32):08X}-{r.getrandbits(16):04X}-4{r.getrandbits(12):03X}-8{r.getrandbits(12):03X}-{r.getrandbits(48):012X}",
            "name": name(r, i), "url": url(r, compact), "created": created, "modified": modified,
            "folder": [] if compact else list(folder), "notes": "", "tags": [],
        }
        if b["url"] in seen:  # every URL distinct, so no importer skips a duplicate
            base, hash_, fragment = b["url"].partition("#")
            b["url"] = base + ("&" if "?" in base else "?") + f"ref={i}" + hash_ + fragment
        seen.add(b["url"])
        if compact:
            b["name"] = b["name"][:60]
        else:
            if r.random() < 0.1:
                b["notes"] = f"Notes for {i}: {r.choice(ENTITIES)} — {r.choice(WORDS_CJK)}"
            if r.random() < 0.3:
                b["tags"] = sorted({r.choice(("swift", "linux", "read-later", "旅行", "work", "ref")) for _ in range(r.randint(1, 3))})
        bookmarks.append(b)
    return bookmarks


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def write_html(bookmarks, path, icons, seed):
    r = random.Random(seed + 1)
    icon = "data:image/png;base64," + base64.b64encode(bytes(r.getrandbits(8) for _ in range(1500))).decode()
    out = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n'
           '<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n']
    open_path = []
    for i, b in enumerate(bookmarks):
        if b["folder"] != open_path:
            common = 0
            while common < min(len(open_path), len(b["folder"])) and open_path[common] == b["folder"][common]:
                common += 1
            for depth in reversed(range(common, len(open_path))):
                out.append("    " * (depth + 1) + "</DL><p>\n")
            for depth in range(common, len(b["folder"])):
                ind = "    " * (depth + 1)
                out.append(f'{ind}<DT><H3 ADD_DATE="{b["created"]}" LAST_MODIFIED="{b["created"]}">'
                           f'{esc(b["folder"][depth])}</H3>\n{ind}<DL><p>\n')
            open_path = b["folder"]
        ind = "    " * (len(open_path) + 1)
        attrs = f'HREF="{esc(b["url"])}" ADD_DATE="{b["created"]}" LAST_MODIFIED="{b["modified"]}"'
        if icons and i % 5 == 0:
            attrs += f' ICON_URI="https://{b["url"].split("/")[2]}/favicon.ico" ICON="{icon}"'
        if b["tags"]:
            attrs += f' TAGS="{esc(",".join(b["tags"]))}"'
        out.append(f'{ind}<DT><A {attrs}>{esc(b["name"])}</A>\n')
        if b["notes"]:
            out.append(f'{ind}<DD>{esc(b["notes"])}\n')
    for depth in reversed(range(len(open_path))):
        out.append("    " * (depth + 1) + "</DL><p>\n")
    out.append("</DL><p>\n")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(out))


def write_plist(bookmarks, path):
    def stamp(s):
        return datetime.datetime.fromtimestamp(s, tz=datetime.timezone.utc).replace(tzinfo=None)
    items = []
    for b in bookmarks:
        item = {"id": b["id"], "name": b["name"], "url": b["url"], "created": stamp(b["created"]),
                "modified": stamp(b["modified"])}
        if b["folder"]:
            item["folder"] = b["folder"]
        if b["notes"]:
            item["notes"] = b["notes"]
        if b["tags"]:
            item["tags"] = b["tags"]
        items.append(item)
    os.makedirs(os.path.dirname(os.path.abspath(path)), mode=0o700, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        plistlib.dump({"bookmarks": items}, f, fmt=plistlib.FMT_XML, sort_keys=True)


def write_json(bookmarks, path):
    def iso(s):
        return datetime.datetime.fromtimestamp(s, tz=datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    items = [{"id": b["id"], "name": b["name"], "url": b["url"], "created": iso(b["created"]),
              "modified": iso(b["modified"]), "folder": b["folder"], "notes": b["notes"], "tags": b["tags"]}
             for b in bookmarks]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(items, f, ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--compact", action="store_true", help="small bookmarks (1,024 fit the key-value quota)")
    parser.add_argument("--icons", action="store_true", help="a 1.5 KB ICON on every fifth bookmark (HTML)")
    parser.add_argument("--html")
    parser.add_argument("--plist")
    parser.add_argument("--json")
    args = parser.parse_args()
    if not (args.html or args.plist or args.json):
        parser.error("name at least one of --html, --plist, --json")
    bookmarks = generate(args.count, args.seed, args.compact)
    if args.html:
        write_html(bookmarks, args.html, args.icons, args.seed)
    if args.plist:
        write_plist(bookmarks, args.plist)
    if args.json:
        write_json(bookmarks, args.json)


if __name__ == "__main__":
    sys.exit(main())
