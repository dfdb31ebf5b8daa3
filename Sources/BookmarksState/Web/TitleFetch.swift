/// The Add dialog's fetch of the page's title for an empty Name.
public struct TitleFetch: Hashable, Sendable {
  /// The URL fetched, as the dialog would save it.
  public var url: String
  /// True until the answer came.
  public var isFetching: Bool

  public init(url: String, isFetching: Bool) {
    self.url = url
    self.isFetching = isFetching
  }
}
