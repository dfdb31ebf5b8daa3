/// Why a change to a folder can't be made, as one plain sentence.
public enum FolderProblem: Error, Hashable, Sendable, CustomStringConvertible {
  case notFound([String])
  case exists([String])
  case intoItself
  case noName
  case slashInName
  case name(OrganisationProblem)

  public var description: String {
    switch self {
    case .notFound(let path): "There is no folder \(BookmarkOrganisation.folderText(path))."
    case .exists(let path):
      path.count > 1
        ? "\(BookmarkOrganisation.folderText(path.dropLast().map { $0 })) already has a folder named \(path.last!)."
        : "There is already a folder named \(path.last ?? "") at the top level."
    case .intoItself: "A folder can't be moved into itself or into a folder inside it."
    case .noName: "A folder needs a name."
    case .slashInName: "A folder name can't contain “/”; to put a folder inside another, move it."
    case .name(let problem): problem.description
    }
  }
}
