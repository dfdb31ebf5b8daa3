import Foundation

/// A file name for one account in one cloud: the account, percent-encoded where it isn't a
/// letter, digit, `-`, `_` or `.`, then `@` and a short stable hash of the cloud's address.
/// One name per pair, so switching accounts or clouds never mixes their data.
public enum AccountCloudName {
  public static func make(account: String, cloud: String) -> String {
    var name = ""
    for byte in account.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        name.append(Character(UnicodeScalar(byte)))
      default:
        name += String(format: "%%%02X", byte)
      }
    }
    // FNV-1a: a stable short name for the cloud address.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in cloud.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return name + "@" + String(hash, radix: 16)
  }
}
