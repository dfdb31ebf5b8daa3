import Foundation

/// The checked-in seed inputs: `Corpus/<target>/`, one input a file, read in file-name order.
/// Valid files and borderline ones; the driver runs each unchanged before mutating them.
enum FuzzCorpus {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

  /// The inputs for `target`; empty when its folder is missing or empty.
  static func entries(_ target: String) -> [[UInt8]] {
    let folder = directory.appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
      (try? Data(contentsOf: folder.appendingPathComponent(name))).map { Array($0) }
    }
  }
}
