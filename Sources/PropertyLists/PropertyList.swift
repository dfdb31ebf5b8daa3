import Foundation

/// A property-list value: what user defaults and the key-value store hold.
///
/// A typed, `Sendable` value instead of Foundation's `Any`, so stores can keep and compare
/// values they do not understand and write them back unchanged.
public enum PropertyList: Hashable, Sendable {
  case string(String)
  case integer(Int)
  case real(Double)
  case bool(Bool)
  case date(Date)
  case data(Data)
  case array([PropertyList])
  case dictionary([String: PropertyList])

  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var date: Date? {
    if case .date(let value) = self { return value }
    return nil
  }

  public var array: [PropertyList]? {
    if case .array(let value) = self { return value }
    return nil
  }

  public var dictionary: [String: PropertyList]? {
    if case .dictionary(let value) = self { return value }
    return nil
  }
}
