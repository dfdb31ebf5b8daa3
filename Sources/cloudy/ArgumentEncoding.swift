#if canImport(Glibc)
  import Glibc
#endif

/// Checks the raw `argv` bytes: Swift's `CommandLine.arguments` repairs bytes that are
/// not UTF-8 to U+FFFD, which would store a name the user never typed. Cloudy refuses
/// instead, naming the argument.
enum ArgumentEncoding {
  /// A one-line message for the first argument that is not UTF-8, or `nil` if all are.
  static func problem() -> String? {
    for index in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[index] else { continue }
      if String(validatingCString: raw) == nil {
        return "Argument \(index) is not valid UTF-8 text, so Cloudy won't guess what it says; nothing was changed."
      }
    }
    return nil
  }
}
