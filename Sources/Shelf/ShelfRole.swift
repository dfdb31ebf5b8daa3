/// A role on the shelf.
public enum ShelfRole: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Manages roles, and edits.
  case owner
  /// Adds, edits and removes bookmarks.
  case editor
  /// Reads.
  case reader

  public var canWrite: Bool { self != .reader }

  public static func < (lhs: ShelfRole, rhs: ShelfRole) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// What one account may do on the shelf.
public struct ShelfAccess: Sendable, Hashable {
  /// This account's role, if it has one.
  public var role: ShelfRole?
  /// Whether accounts without a role may read.
  public var worldReadable: Bool
  /// Whether anyone owns the shelf yet (`cloudy shelf create` makes the first owner).
  public var hasOwner: Bool

  public init(role: ShelfRole?, worldReadable: Bool, hasOwner: Bool) {
    self.role = role
    self.worldReadable = worldReadable
    self.hasOwner = hasOwner
  }

  public var canRead: Bool { role != nil || worldReadable }
  public var canWrite: Bool { role?.canWrite == true }
}

/// An account with a role.
public struct ShelfMember: Sendable, Hashable {
  public var account: String
  /// The group the account belongs to, where the cloud has them (PostgreSQL: its login role).
  public var group: String?
  public var role: ShelfRole

  public init(account: String, group: String?, role: ShelfRole) {
    self.account = account
    self.group = group
    self.role = role
  }

  /// `alice` or `alice (role cloudy)`.
  public var displayName: String {
    group.map { "\(account) (role \($0))" } ?? account
  }
}
