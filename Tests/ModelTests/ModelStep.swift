import TestSupport

/// One thing a person (or the world) does: which, on which device, and a number that picks
/// the row, the field, the folder or the answer when the step runs. A pick is taken modulo
/// what is there then, so a step still means something after the shrinker removed the steps
/// before it.
struct ModelStep: Hashable, Sendable, CustomStringConvertible {
  enum Kind: String, CaseIterable, Sendable {
    case add, editName, editURL, editNotes, editTags, editFolder, delete, move, reorder
    case newFolder, renameFolder, moveFolder, deleteFolder
    case importFew, importMany
    case undo, redo
    case restore, deleteForGood, emptyDeleted
    case resolve
    /// `H` on a bookmark, an older version chosen, Enter: a revert, which `u` takes back.
    case revert
    /// `H` on a bookmark, read, `Esc`: the history listed keeps the device's limits.
    case history
    /// `p` on a bookmark: a copy published to the team shelf.
    case publish
    /// `Tab`, a shelf row, `P`: a copy saved into my bookmarks (`u` takes it back), `Tab` back.
    case saveFromShelf
    case offline, online, restart, daysAhead
    /// An add whose push is held on its way while the next key changes the list (a delete,
    /// an edit, a move, an undo): what a person typing ahead of the network does.
    case pushInFlight
    /// Every device online and synced until quiet; the model compared with every device.
    case settle
  }

  var kind: Kind
  var device: Int
  var pick: UInt64

  var description: String {
    let who = kind == .settle || kind == .daysAhead ? "" : "device \(["A", "B", "C"][device]): "
    return who + "\(kind.rawValue) (pick \(pick))"
  }

  /// The Swift that makes this step again, for a regression test.
  var swift: String {
    "ModelStep(kind: .\(kind.rawValue), device: \(device), pick: \(pick))"
  }

  /// How often each kind is chosen: most weight where features meet (undo with folders, an
  /// import undone under the mass-delete guard, Recently Deleted, devices offline).
  static let weights: [(Kind, Int)] = [
    (.add, 10), (.editName, 4), (.editURL, 3), (.editNotes, 3), (.editTags, 3), (.editFolder, 3), (.delete, 6),
    (.move, 4), (.reorder, 4), (.newFolder, 3), (.renameFolder, 2), (.moveFolder, 2), (.deleteFolder, 2),
    (.importFew, 3), (.importMany, 1), (.undo, 10), (.redo, 4), (.restore, 3), (.deleteForGood, 2), (.emptyDeleted, 1),
    (.resolve, 2), (.revert, 2), (.history, 2), (.publish, 2), (.saveFromShelf, 2), (.offline, 3), (.online, 3),
    (.restart, 2), (.daysAhead, 1), (.settle, 4),
    (.pushInFlight, 3),
  ]

  /// `count` random steps over `devices` devices, from `seed`; the last one settles.
  static func random(count: Int, devices: Int, seed: UInt64) -> [ModelStep] {
    var random = SplitMix64(seed: seed)
    let total = weights.reduce(0) { $0 + $1.1 }
    var steps: [ModelStep] = []
    for _ in 0..<max(0, count - 1) {
      var roll = random.below(total)
      var kind = Kind.settle
      for (candidate, weight) in weights {
        if roll < weight {
          kind = candidate
          break
        }
        roll -= weight
      }
      steps.append(ModelStep(kind: kind, device: random.below(devices), pick: random.next() % 1_000_000))
    }
    steps.append(ModelStep(kind: .settle, device: 0, pick: random.next() % 1_000_000))
    return steps
  }
}
