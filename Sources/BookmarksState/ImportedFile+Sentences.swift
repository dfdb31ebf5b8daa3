import BookmarkModel

/// What an import says.
extension ImportedFile {
  /// What it brings: `12 bookmarks`, `1 bookmark and 2 empty folders`.
  package var brought: String {
    let folderCount = folders.count
    guard folderCount > 0 else { return Self.count(additions.count) }
    let made = folderCount == 1 ? "1 empty folder" : "\(NumberText.grouped(folderCount)) empty folders"
    return additions.isEmpty ? made : Self.count(additions.count) + " and " + made
  }

  /// `12 bookmarks`, `1 bookmark`.
  package static func count(_ number: Int) -> String {
    number == 1 ? "1 bookmark" : "\(NumberText.grouped(number)) bookmarks"
  }

  /// What it says once it is stored.
  package var storedSentence: String {
    var sentence = "Imported \(brought) from \(name)"
    if duplicates > 0 { sentence += ", \(NumberText.grouped(duplicates)) already here" }
    if repeats > 0 { sentence += ", \(NumberText.grouped(repeats)) repeated in the file" }
    if skipped > 0 { sentence += ", \(NumberText.grouped(skipped)) skipped" }
    return sentence + "; u takes it back."
  }
}
