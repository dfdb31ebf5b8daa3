import Foundation

/// The checked-in seed inputs: `Corpus/<target>/`, one input a file, read in file-name order.
/// Valid files and borderline ones; the driver runs each unchanged before mutating them.
enum FuzzCorpus {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

  /// Folders of other test targets whose files seed a target too, so browser files are
  /// kept once: the import tests' fixtures seed the Netscape reader.
  static let shared: [String: URL] = [
    "netscape": directory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("BookmarkFormatsTests/Fixtures")
  ]

  /// The inputs for `target`; empty when its folders are missing or empty.
  static func entries(_ target: String) -> [[UInt8]] {
    [directory.appendingPathComponent(target), shared[target]].compactMap { $0 }.flatMap(files)
  }

  private static func files(in folder: URL) -> [[UInt8]] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
      (try? Data(contentsOf: folder.appendingPathComponent(name))).map { Array($0) }
    }
  }
}
