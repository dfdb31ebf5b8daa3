import CBuildStamp

/// What `cloudy --version` says about this build: the version, and the commit and build date
/// that `scripts/install` links into the binary (`Sources/CBuildStamp`). A plain `swift build`
/// has neither, and says so.
enum BuildStamp {
  /// The commit the binary was built from, with `-modified` when the tree had changes.
  static var commit: String? { text(cloudy_stamped_commit()) }

  /// The UTC date and time of the build.
  static var date: String? { text(cloudy_stamped_date()) }

  /// One line: `cloudy 0.6.0 (commit 1a2b3c4d5e6f, built 2026-11-28 01:50 UTC)`.
  static func versionLine(version: String) -> String {
    guard let commit, let date else { return "cloudy \(version) (not stamped: built without scripts/install)" }
    return "cloudy \(version) (commit \(commit), built \(date))"
  }

  private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    let string = String(cString: pointer)
    return string.isEmpty ? nil : string
  }
}
