/// Why the shelf refused a request, as one plain sentence.
public enum ShelfError: Error, Sendable, Hashable, CustomStringConvertible {
  /// This account may not read the shelf.
  case notReadable
  /// This account may read but not write.
  case readOnly
  /// Only owners manage roles and the shelf's settings.
  case notOwner
  /// The shelf has an owner already (`create`).
  case alreadyOwned
  /// The shelf has no owner yet.
  case noOwner
  /// No account of that name has used this cloud.
  case noSuchAccount(String)
  /// Several accounts of that name exist in different groups.
  case ambiguousAccount(String, groups: [String])
  /// The last owner can't be removed or made less.
  case lastOwner
  /// No bookmark with that id.
  case noSuchBookmark(String)
  /// A name or URL the shelf does not take.
  case invalid(String)
  /// The cloud can't be reached or failed; the sentence says why.
  case unavailable(String)

  public var description: String {
    switch self {
    case .notReadable:
      "This account has no role on the team shelf, and the shelf is not world-readable; an owner can grant one."
    case .readOnly:
      "This account reads the team shelf only; an owner can make it an editor (cloudy shelf grant)."
    case .notOwner: "Only an owner of the team shelf can do that."
    case .alreadyOwned: "The team shelf already has an owner; ask one of them for a role."
    case .noOwner: "The team shelf has no owner yet; `cloudy shelf create` makes this account its owner."
    case .noSuchAccount(let account):
      "No account “\(account)” has used this cloud yet; it must open Cloudy on it once first."
    case .ambiguousAccount(let account, let groups):
      "Several accounts are named “\(account)” (roles \(groups.joined(separator: ", "))); name one with --pg-role."
    case .lastOwner: "The team shelf must keep an owner; grant another account owner first."
    case .noSuchBookmark(let id): "There is no bookmark \(id) on the team shelf."
    case .invalid(let reason): reason
    case .unavailable(let sentence): sentence
    }
  }
}
