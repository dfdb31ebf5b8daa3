/// How a cell looks: attributes plus a colour role the terminal maps to real colours.
///
/// Roles, not colours, so `NO_COLOR` and monochrome terminals drop colour without losing
/// meaning: selection is always reverse video, URLs always dim.
public struct Style: Hashable, Sendable {
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
  }

  /// What a colour means; the terminal chooses the colour.
  public enum Role: UInt8, Hashable, Sendable, CaseIterable {
    case plain
    case accent
    case danger
    case bar
  }

  public var attributes: Attributes
  public var role: Role

  public init(_ attributes: Attributes = [], role: Role = .plain) {
    self.attributes = attributes
    self.role = role
  }

  public static let plain = Style()

  /// This style with more attributes.
  public func adding(_ more: Attributes) -> Style {
    Style(attributes.union(more), role: role)
  }
}
