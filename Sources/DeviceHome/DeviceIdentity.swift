import BookmarkStoreInterface
import DurableFiles
import Foundation

/// This device's name in the cloud's records: a random id made once per home and kept in
/// `<data>/device-id`, so a device can tell its own changes from other devices'.
public enum DeviceIdentity {
  /// This device's name as the resolve dialog shows it: `name` (from `--device-name` or
  /// `CLOUDY_DEVICE_NAME`) if given, else the host name and the home folder's name,
  /// `laptop · device-a`. Control characters are dropped; at most 64 characters.
  public static func name(given name: String?, home: String) -> String {
    var text = name?.trimmingCharacters(in: .whitespaces) ?? ""
    if text.isEmpty {
      let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "this computer"
      let folder = (home as NSString).lastPathComponent
      text = folder.isEmpty || folder == "/" ? host : "\(host) · \(folder)"
    }
    let clean = text.unicodeScalars.filter {
      $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
    }
    return String(String.UnicodeScalarView(clean).prefix(64))
  }

  public static func load(in location: StoreLocation) throws -> String {
    let path = location.dataDirectory + "/device-id"
    return try StoreError.translating {
      if let data = try PrivateFiles.read(path) {
        let id = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !id.isEmpty { return id }
      }
      try PrivateFiles.makeDirectory(location.dataDirectory)
      return try PrivateFiles.withExclusiveLock(path + ".lock") {
        // A writer killed mid-save may have left its temporary; under the lock it is stale.
        PrivateFiles.removeStaleTemporaries(of: path)
        // Another process may have made it while we waited for the lock.
        if let data = try PrivateFiles.read(path), !data.isEmpty {
          return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let id = UUID().uuidString.lowercased()
        try PrivateFiles.replace(path, with: Data((id + "\n").utf8))
        return id
      }
    }
  }
}
