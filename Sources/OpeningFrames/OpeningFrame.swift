import BookmarkStoreInterface
import DurableFiles
import Foundation
import ScreenRendering
import StoreSupport

/// The list as a start would first show it, kept at the end of a session (`opening.frame`,
/// 0600, in the data folder) and drawn at the next start before the store is opened, if the
/// store still holds exactly what the frame was made from (issue 39: a first frame that does
/// not grow with the library).
///
/// The frame is stamped with the store's stamp (``StampedSnapshot``: an index's identity and
/// generation, a file's signature) and the window's size; a start draws it only when both
/// are the same, so it never shows a list other than the one the store holds. It is never
/// the only copy of anything: the store is read as before, and its first full frame replaces
/// this one.
///
/// A ``CacheFile`` with the magic `CLDYOPF\0`, stamped with the store's stamp and the size.
/// Payload: the cursor (row and column plus one, 0 for none; UInt32 each), then each cell in
/// rows: a tag (0 a character, 1 the right half of a wide one, 2 a line glyph), the
/// character's UTF-8 or the glyph's number, the attributes and the role; then the place the
/// frame shows, which the start takes as the place to open at until the account's arrives.
public enum OpeningFrame {
  static let file = CacheFile(magic: Array("CLDYOPF\0".utf8), formatVersion: 1)
  public static let fileName = "opening.frame"

  /// The frame kept at `path` for a store stamped `stamp` and a window of `columns` × `rows`,
  /// with the place it shows, or nil: none kept, another stamp or size, or a file that isn't
  /// whole.
  public static func read(_ path: String, stamp: String, columns: Int, rows: Int) -> (
    frame: ScreenBuffer, place: ReadingPlace?
  )? {
    CacheFile.withContents(of: path) { raw in
      file.decode(raw, stamp: stamped(stamp, columns, rows)) { reader in
        guard let frame = decode(&reader, columns: columns, rows: rows), let place = place(&reader) else {
          return nil
        }
        return (frame, place)
      }
    }
  }

  /// Keeps `frame`, which shows `place`, for a store stamped `stamp` (failures are ignored: it
  /// only saves time).
  public static func write(_ frame: ScreenBuffer, place: ReadingPlace?, stamp: String, to path: String) {
    // The data folder, private, where a store that keeps nothing there has not made it.
    try? PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
    CacheFile.write(encode(frame, place: place, stamp: stamp), to: path)
  }

  /// Removes the frame kept at `path`, if any.
  public static func remove(_ path: String) {
    unlink(path)
  }

  static func encode(_ frame: ScreenBuffer, place: ReadingPlace?, stamp: String) -> [UInt8] {
    file.encode(stamp: stamped(stamp, frame.width, frame.height), capacity: frame.cells.count * 8) { writer in
      defer { append(place, to: &writer) }
      writer.append(UInt32(frame.cursor.map { $0.row + 1 } ?? 0))
      writer.append(UInt32(frame.cursor.map { $0.column + 1 } ?? 0))
      for cell in frame.cells {
        switch cell.content {
        case .character(let character):
          writer.append(UInt8(0))
          writer.append(String(character))
        case .continuation:
          writer.append(UInt8(1))
        case .line(let glyph):
          writer.append(UInt8(2))
          writer.append(UInt8(LineGlyph.all.firstIndex(of: glyph) ?? 0))
        }
        writer.append(cell.style.attributes.rawValue)
        writer.append(cell.style.role.rawValue)
      }
    }
  }

  private static func decode(_ reader: inout CacheReader, columns: Int, rows: Int) -> ScreenBuffer? {
    guard let cursorRow = reader.uint32(), let cursorColumn = reader.uint32(), cursorRow <= rows,
      cursorColumn <= columns
    else { return nil }
    var frame = ScreenBuffer(width: columns, height: rows)
    if cursorRow > 0, cursorColumn > 0 {
      frame.cursor = ScreenBuffer.Position(row: Int(cursorRow) - 1, column: Int(cursorColumn) - 1)
    }
    for row in 0..<rows {
      for column in 0..<columns {
        guard let tag = reader.byte() else { return nil }
        let content: Cell.Content
        switch tag {
        case 0:
          // One character that draws as itself: a file someone else wrote can't reach the
          // terminal as control sequences.
          guard let text = reader.string(), text.count == 1, let character = text.first,
            DisplayText.sanitize(text) == text
          else { return nil }
          content = .character(character)
        case 1:
          content = .continuation
        case 2:
          guard let number = reader.byte(), Int(number) < LineGlyph.all.count else { return nil }
          content = .line(LineGlyph.all[Int(number)])
        default:
          return nil
        }
        guard let attributes = reader.byte(), let role = reader.byte().flatMap(Style.Role.init(rawValue:)) else {
          return nil
        }
        frame[row, column] = Cell(content, style: Style(Style.Attributes(rawValue: attributes), role: role))
      }
    }
    return frame
  }

  /// The place after the cells: 0 for none, else 1 and its folder (0 for the flat list, else
  /// 1 and its names), then its selection, order and filter (each 0 for none, else 1 and it).
  private static func append(_ place: ReadingPlace?, to writer: inout CacheWriter) {
    guard let place else { return writer.append(UInt8(0)) }
    writer.append(UInt8(1))
    writer.append(UInt8(place.folder == nil ? 0 : 1))
    if let folder = place.folder { writer.append(folder) }
    for text in [place.selected, place.sort, place.filter] {
      writer.append(UInt8(text == nil ? 0 : 1))
      if let text { writer.append(text) }
    }
  }

  /// The place after the cells (`.some(nil)` for none), or nil if the bytes aren't one.
  private static func place(_ reader: inout CacheReader) -> ReadingPlace?? {
    guard let kept = reader.byte(), kept <= 1 else { return nil }
    guard kept == 1 else { return .some(nil) }
    func optional<T>(_ read: (inout CacheReader) -> T?) -> T?? {
      switch reader.byte() {
      case 0: return .some(nil)
      case 1: return read(&reader).map { .some($0) }
      default: return nil
      }
    }
    guard let folder = optional({ $0.strings() }), let selected = optional({ $0.string() }),
      let sort = optional({ $0.string() }), let filter = optional({ $0.string() })
    else { return nil }
    return .some(ReadingPlace(folder: folder, selected: selected, sort: sort, filter: filter))
  }

  private static func stamped(_ stamp: String, _ columns: Int, _ rows: Int) -> [UInt8] {
    Array("\(columns)x\(rows) \(stamp)".utf8)
  }
}

extension LineGlyph {
  /// Every glyph, numbered by its place here in the file.
  fileprivate static let all: [LineGlyph] = [.horizontal, .vertical, .topLeft, .topRight, .bottomLeft, .bottomRight]
}
