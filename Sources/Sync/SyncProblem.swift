import Cloud

/// The sentence the bottom line shows for a failed sync step: short enough to fit beside
/// `offline · N pending`.
public enum SyncProblem {
  public static func sentence(for error: any Error) -> String {
    if case CloudError.unreachable(_, let reason) = error { return "Can't reach the cloud (\(reason))." }
    let text = "\(error)"
    return text.hasSuffix(".") ? text : text + "."
  }
}
