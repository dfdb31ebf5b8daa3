/// Why a folder path, tags or notes can't be stored, as one plain sentence.
public enum OrganisationProblem: Error, Hashable, Sendable, CustomStringConvertible {
  case nameTooLong(characters: Int)
  case folderNameInvisible
  case folderNameHasSlash(String)
  case folderNameTooLong(characters: Int)
  case foldersTooDeep(levels: Int)
  case tagHasSpace(String)
  case tagInvisible
  case tagTooLong(characters: Int)
  case tooManyTags(Int)
  case notesInvisible
  case notesTooLong(characters: Int)

  public var description: String {
    let limits = BookmarkOrganisation.self
    switch self {
    case .nameTooLong(let characters):
      return "A name can be at most \(NumberText.grouped(limits.maximumNameLength)) characters; this one has "
        + "\(NumberText.grouped(characters))."
    case .folderNameInvisible:
      return "A folder name can't contain control or invisible characters."
    case .folderNameHasSlash(let name):
      return "A folder name can't contain “/” (“\(name)”)."
    case .folderNameTooLong(let characters):
      return "A folder name can be at most \(limits.maximumFolderNameLength) characters; this one has \(characters)."
    case .foldersTooDeep(let levels):
      return "Folders can nest at most \(limits.maximumDepth) deep; this path has \(levels)."
    case .tagHasSpace(let tag):
      return "A tag can't contain spaces (“\(tag)”); separate tags with spaces or commas."
    case .tagInvisible:
      return "A tag can't contain control or invisible characters."
    case .tagTooLong(let characters):
      return "A tag can be at most \(limits.maximumTagLength) characters; this one has \(characters)."
    case .tooManyTags(let count):
      return "A bookmark can have at most \(limits.maximumTags) tags; these are \(count)."
    case .notesInvisible:
      return "Notes can't contain control characters other than line breaks and tabs."
    case .notesTooLong(let characters):
      return "Notes can be at most \(NumberText.grouped(limits.maximumNotesLength)) characters; these have "
        + "\(NumberText.grouped(characters))."
    }
  }

  /// The problem as a clause about an entry in a list of skipped ones: "a name can be at most
  /// 1,000 characters; this one has 65,537".
  public var clause: String {
    var sentence = description
    if sentence.hasSuffix(".") { sentence.removeLast() }
    return sentence.prefix(1).lowercased() + sentence.dropFirst()
  }
}
