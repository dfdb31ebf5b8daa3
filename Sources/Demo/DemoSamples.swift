/// The demo's sample bookmarks: varied names and URLs, with CJK, Hangul, emoji, accented
/// letters and a name too long for the screen, so a recording shows what the list can draw.
package enum DemoSamples {
  /// One sample: a name over a URL.
  package struct Sample {
    package var name: String
    package var url: String
  }

  /// The samples, in the order the list shows them.
  package static let all: [Sample] = [
    Sample(name: "Apple", url: "https://www.apple.com"),
    Sample(name: "東京タワー", url: "https://www.tokyotower.co.jp/ja"),
    Sample(name: "🚀 Launch checklist", url: "https://example.com/launch?step=1"),
    Sample(name: "Swift.org — Documentation", url: "https://www.swift.org/documentation/"),
    Sample(name: "Hacker News", url: "https://news.ycombinator.com"),
    Sample(name: "Café de Flore ☕", url: "https://cafedeflore.fr"),
    Sample(
      name: "The Complete Guide to Terminal Interfaces That Work over SSH, in tmux and in Recordings",
      url: "https://example.org/guides/terminal-ui?chapter=12&section=ssh-and-tmux#redraws"),
    Sample(name: "Debian — The Universal Operating System", url: "https://www.debian.org"),
    Sample(name: "서울 지하철 노선도", url: "https://www.seoulmetro.co.kr/kr/cyberStation.do"),
    Sample(name: "ncurses", url: "https://invisible-island.net/ncurses/"),
    Sample(name: "OpenStreetMap — Tokyo", url: "https://www.openstreetmap.org/#map=12/35.6586/139.7454"),
    Sample(name: "🎧 Focus playlist", url: "https://example.com/music/focus"),
    Sample(name: "Zürich HB departures", url: "https://www.sbb.ch/en"),
    Sample(name: "PostgreSQL 17 manual", url: "https://www.postgresql.org/docs/17/"),
    Sample(name: "北京烤鸭 — recipe", url: "https://example.com/recipes/peking-duck"),
    Sample(name: "Weather in Reykjavík", url: "https://en.vedur.is"),
    Sample(name: "asciinema", url: "https://asciinema.org"),
    Sample(name: "Wikipedia: Unicode", url: "https://en.wikipedia.org/wiki/Unicode"),
    Sample(name: "🧳 Lisbon trip itinerary", url: "https://example.com/trips/lisbon-2026"),
    Sample(name: "Radio Garden 📻", url: "https://radio.garden"),
  ]
}
