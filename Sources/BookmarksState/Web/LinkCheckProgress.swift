/// How far a `C` check of the links shown is.
public struct LinkCheckProgress: Hashable, Sendable {
  public var done = 0
  public var total: Int
  public var dead = 0
  /// The dead links whose bookmark has a page kept on this device.
  public var deadKept = 0
  public var moved = 0
  /// Links the check could not find anything out about (stopped, no network, 429).
  public var unchecked = 0

  public init(total: Int) { self.total = total }
}
