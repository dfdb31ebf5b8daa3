import Foundation

/// A bookmark's archived page as the reader shows it: the runtime reads it from this device's
/// archives (`cloudy archive`, `W`) and hands it in.
public struct ReaderPage: Hashable, Sendable {
  public var title: String?
  /// The URL the page came from, after redirects.
  public var url: String
  public var fetched: Date
  /// The readable text: blocks apart by blank lines, links numbered `[1]` with the list at
  /// the end.
  public var text: String
  /// The numbered links: `links[0]` is `[1]`.
  public var links: [String]

  public init(title: String?, url: String, fetched: Date, text: String, links: [String]) {
    self.title = title
    self.url = url
    self.fetched = fetched
    self.text = text
    self.links = links
  }
}
