import Foundation

/// The OSC 52 escape sequence that asks the terminal to put text on the clipboard, wrapped
/// for the multiplexer in between, so a copy reaches the user's own machine even over SSH.
///
/// - Plain: `ESC ] 52 ; c ; <base64> BEL`.
/// - Inside tmux (`TMUX` set) two sequences are sent: the plain one, which tmux takes into
///   its paste buffer and passes on when `set -s set-clipboard on`, and the same wrapped in
///   tmux's passthrough (`ESC P tmux; … ESC \`, every ESC inside doubled), which reaches
///   the outer terminal when `set -g allow-passthrough on`. Either setting is enough.
/// - Inside GNU screen (`STY` set): screen's passthrough, `ESC P … ESC \`, in pieces of at
///   most 76 bytes (screen drops longer strings).
public struct ClipboardSequence: Equatable, Sendable {
  /// The bytes to write, in order.
  public var bytes: [UInt8]
  /// How the copy travels, for the status line: `OSC 52`, `OSC 52 through tmux` …
  public var route: String

  /// Terminals cap what OSC 52 may carry (xterm's default is about 100 KB of base64).
  public static let maximumBytes = 74_994

  /// The sequence for `text`, or nil when it is too long to send.
  public init?(copying text: String, environment: [String: String]) {
    let encoded = Array(Data(text.utf8).base64EncodedString().utf8)
    guard encoded.count <= Self.maximumBytes else { return nil }
    let escape: UInt8 = 0x1B
    let plain = [escape] + Array("]52;c;".utf8) + encoded + [0x07]
    if !(environment["TMUX"] ?? "").isEmpty {
      let doubled = plain.flatMap { $0 == escape ? [escape, escape] : [$0] }
      bytes = plain + [escape] + Array("Ptmux;".utf8) + doubled + [escape] + Array("\\".utf8)
      route = "OSC 52 through tmux"
    } else if !(environment["STY"] ?? "").isEmpty {
      bytes = stride(from: 0, to: plain.count, by: 76).flatMap { start in
        [escape, UInt8(ascii: "P")] + plain[start..<min(plain.count, start + 76)] + [escape, UInt8(ascii: "\\")]
      }
      route = "OSC 52 through screen"
    } else {
      bytes = plain
      route = "OSC 52"
    }
  }
}
