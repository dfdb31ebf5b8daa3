/// How far a `C` check of the links shown is.
public struct LinkCheckProgress: Hashable, Sendable {
  public var done: Int
  public var total: Int
  public var dead: Int
  public var moved: Int
}
