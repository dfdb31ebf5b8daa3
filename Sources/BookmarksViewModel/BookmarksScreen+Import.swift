import BookmarkModel
import ScreenRendering

extension BookmarksScreen {
  /// The box of `I`: a title, the file's path, and an error or what is happening.
  static func drawImportPrompt(_ prompt: ImportPrompt, into buffer: inout ScreenBuffer) {
    let note: (String, Style) =
      if let error = prompt.error {
        (error, Style([.bold], role: .danger))
      } else if prompt.isReading {
        ("Reading…", Style([.dim]))
      } else {
        ("A bookmarks.html or a Cloudy JSON export; one step u takes back.", Style([.dim]))
      }
    drawFieldPrompt(
      title: "Import bookmarks", label: "File ", text: prompt.field.text, note: note, maximumWidth: 76, into: &buffer)
  }
}
