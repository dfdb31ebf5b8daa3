import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension PrivateFiles {
  /// Makes one of Cloudy's own folders private again if its mode was loosened by hand: group
  /// and other bits are taken off the folder and what is directly in it (0777 → 0700,
  /// 0666 → 0600), the owner's left as they are (a home made read-only stays read-only).
  /// Everything deeper is then out of other users' reach through the folder. Symbolic links
  /// and what isn't the user's are left alone; a folder that doesn't exist yet is nothing to do.
  public static func keepPrivate(_ folder: String) {
    var info = stat()
    guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else { return }
    if info.st_mode & 0o077 != 0 { chmod(folder, info.st_mode & 0o700) }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names {
      let path = folder + "/" + name
      guard lstat(path, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 != 0 else { continue }
      let kind = info.st_mode & S_IFMT
      if kind == S_IFREG || kind == S_IFDIR { chmod(path, info.st_mode & 0o700) }
    }
  }
}
