import DurableFiles
import Foundation

/// This device's name in the cloud's records: a random id made once per home and kept in
/// `<data>/device-id`, so a device can tell its own changes from other devices'.
public enum DeviceIdentity {
  public static func load(in location: StoreLocation) throws -> String {
    let path = location.dataDirectory + "/device-id"
    return try StoreError.translating {
      if let data = try PrivateFiles.read(path) {
        let id = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !id.isEmpty { return id }
      }
      try PrivateFiles.makeDirectory(location.dataDirectory)
      return try PrivateFiles.withExclusiveLock(path + ".lock") {
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
