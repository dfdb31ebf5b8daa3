import BookmarksState
import CNcurses

/// Turns what `wget_wch` returns into a ``Key``.
enum KeyDecoder {
  /// What one `wget_wch` call read.
  enum Input: Equatable {
    case key(Key)
    case resize
    /// ncurses has a mouse event queued (`KEY_MOUSE`); `getmouse` reads it.
    case mouse
    case ignored
  }

  /// Decodes a result: `isKeyCode` is true when `wget_wch` returned `KEY_CODE_YES`.
  static func decode(_ value: UInt32, isKeyCode: Bool) -> Input {
    isKeyCode ? decodeKeyCode(Int32(bitPattern: value)) : decodeCharacter(value)
  }

  private static func decodeKeyCode(_ code: Int32) -> Input {
    switch code {
    case KEY_UP: .key(.up)
    case KEY_DOWN: .key(.down)
    case KEY_LEFT: .key(.left)
    case KEY_RIGHT: .key(.right)
    case KEY_PPAGE: .key(.pageUp)
    case KEY_NPAGE: .key(.pageDown)
    case KEY_HOME: .key(.home)
    case KEY_END: .key(.end)
    case KEY_ENTER: .key(.enter)
    case KEY_BACKSPACE: .key(.backspace)
    case KEY_DC: .key(.delete)
    case KEY_BTAB: .key(.backTab)
    case cloudy_key_resize(): .resize
    case KEY_MOUSE: .mouse
    case (KEY_F0 + 1)...(KEY_F0 + 12): .key(.function(Int(code - KEY_F0)))
    default: .key(.other)
    }
  }

  private static func decodeCharacter(_ value: UInt32) -> Input {
    switch value {
    case 9: return .key(.tab)
    case 10, 13: return .key(.enter)
    case 27: return .key(.escape)
    case 8, 127: return .key(.backspace)
    case 1...26: return .key(.control(Character(Unicode.Scalar(value + 96)!)))
    case 0, 28...31, 0x80...0x9F: return .ignored
    default:
      guard let scalar = Unicode.Scalar(value) else { return .ignored }
      return .key(.character(Character(scalar)))
    }
  }
}
