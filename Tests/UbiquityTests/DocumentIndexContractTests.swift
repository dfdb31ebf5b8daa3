import CloudyTestDoubles
import DocumentContainer
import DocumentIndexSQLite
import Foundation
import XCTest

/// One contract for the document index, run against the SQLite index and its in-memory
/// twin: transactions all or nothing, one generation per transaction that saved, readers
/// finding what changed since a generation.
final class DocumentIndexContractTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-index-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func implementations() throws -> [(String, any DocumentIndex)] {
    [("sqlite", try SQLiteDocumentIndex(path: folder + "/index.sqlite")), ("in-memory", InMemoryDocumentIndex())]
  }

  private func entry(_ file: String, pending: Bool = false, written: Bool = true) -> DocumentIndexEntry {
    var entry = DocumentIndexEntry(
      file: file, contents: Data(file.utf8), versionID: "v-" + file, versionDevice: "d",
      versionSaved: Date(timeIntervalSince1970: 1_700_000_000), origin: "test")
    entry.pending = pending
    entry.signature = written ? "1:2:3.4" : nil
    return entry
  }

  func testEachTransactionThatSavesGetsTheNextGeneration() throws {
    for (name, index) in try implementations() {
      defer { index.close() }
      XCTAssertEqual(try index.read { try $0.generation() }, 0, name)
      let first = try index.write { session -> Int64 in
        try session.save(entry("a.bookmark"))
        try session.save(entry("b.bookmark"))
        return try session.generation()
      }
      XCTAssertEqual(first, 1, name)
      try index.write { try $0.setValue("t", for: "token") }
      XCTAssertEqual(try index.read { try $0.generation() }, 1, "\(name): a transaction that saved no entry")
      try index.write { try $0.save(entry("c.bookmark")) }
      let changed = try index.read { try $0.entries(changedAfter: 1) }.map(\.file)
      XCTAssertEqual(changed, ["c.bookmark"], name)
      XCTAssertEqual(try index.read { try $0.entry("a.bookmark")?.generation }, 1, name)
      XCTAssertEqual(try index.read { try $0.value("token") }, "t", name)
    }
  }

  /// Many files looked up at once give what looking up each one gives: removed entries
  /// included, files without one left out, across the SQLite index's chunks of 500, a file
  /// asked for twice given once.
  /// A catch-up's pages: every entry changed after a generation, each once, in the order of
  /// generation and then file (by UTF-8 bytes), whatever the page size; a row changed between
  /// two pages comes again, in a later page, with its new generation.
  func testChangesAreReadAPageAtATimeInTheOrderOfGenerationAndFile() throws {
    for (name, index) in try implementations() {
      defer { index.close() }
      let batches = [["m", "a", "é", "z", "b"], ["c"], ["a", "y", "x", "Z", "ü", "d"], ["n"]]
      for batch in batches {
        try index.write { session in for file in batch { try session.save(entry(file + ".bookmark")) } }
      }
      let all = try index.read { try $0.entries(changedAfter: 1) }
      let expected = all.sorted {
        $0.generation != $1.generation
          ? $0.generation < $1.generation : $0.file.utf8.lexicographicallyPrecedes($1.file.utf8)
      }.map(\.file)
      XCTAssertEqual(expected.count, 8, "the rows of generations 2 to 4, \"a\" once: \(name)")
      for limit in [1, 2, 3, 5, 8, 100] {
        var read: [String] = []
        var place: DocumentIndexPlace?
        while true {
          let page = try index.read { try $0.entries(changedAfter: 1, after: place, limit: limit) }
          read += page.map(\.file)
          guard page.count == limit, let last = page.last else { break }
          place = DocumentIndexPlace(of: last)
        }
        XCTAssertEqual(read, expected, "\(name), pages of \(limit)")
      }
      // A row changed after the first page was read comes again at the end.
      let first = try index.read { try $0.entries(changedAfter: 1, after: nil, limit: 2) }
      try index.write { session in try session.save(entry(first[0].file)) }
      let rest = try index.read { try $0.entries(changedAfter: 1, after: DocumentIndexPlace(of: first[1]), limit: 100) }
      XCTAssertEqual(first.map(\.file) + rest.map(\.file), expected + [first[0].file], name)
    }
  }

  func testEntriesOfManyFilesAreEachFilesEntry() throws {
    for (name, index) in try implementations() {
      defer { index.close() }
      try index.write { session in
        for n in 0..<1_200 {
          var stored = entry("f\(n).bookmark", pending: n % 3 == 0)
          stored.removed = n % 7 == 0
          try session.save(stored)
        }
      }
      let asked = (0..<1_300).map { "f\($0 * 2 % 1_400).bookmark" } + ["f1.bookmark", "f1.bookmark", "missing"]
      try index.read { session in
        let found = try session.entries(asked)
        var oneByOne: [String: DocumentIndexEntry] = [:]
        for file in asked { oneByOne[file] = try session.entry(file) }
        XCTAssertEqual(found, oneByOne, name)
        XCTAssertEqual(found.count, 601, name)
        XCTAssertEqual(found["f14.bookmark"]?.removed, true, name)
      }
      XCTAssertEqual(try index.read { try $0.entries([]) }, [:], name)
    }
  }

  func testAThrowingTransactionSavesNothing() throws {
    struct Stop: Error {}
    for (name, index) in try implementations() {
      defer { index.close() }
      try index.write { try $0.save(entry("kept.bookmark")) }
      XCTAssertThrowsError(
        try index.write { session in
          try session.save(entry("lost.bookmark"))
          try session.setValue("x", for: "token")
          throw Stop()
        })
      XCTAssertNil(try index.read { try $0.entry("lost.bookmark") }, name)
      XCTAssertNil(try index.read { try $0.value("token") }, name)
      XCTAssertEqual(try index.read { try $0.generation() }, 1, name)
    }
  }

  func testPendingUnwrittenAndConflictCounts() throws {
    for (name, index) in try implementations() {
      defer { index.close() }
      try index.write { session in
        try session.save(entry("p.bookmark", pending: true))
        try session.save(entry("u.bookmark", written: false))
        var conflicted = entry("c.bookmark")
        conflicted.conflicts = [
          DocumentVersion(id: "other", device: "e", saved: Date(timeIntervalSince1970: 1), contents: Data())
        ]
        try session.save(conflicted)
        var removed = entry("r.bookmark", written: false)
        removed.removed = true
        try session.save(removed)
      }
      try index.read { session in
        XCTAssertEqual(try session.pendingEntries().map(\.file), ["p.bookmark"], name)
        XCTAssertEqual(try session.pendingFiles(), ["p.bookmark"], name)
        XCTAssertEqual(try session.unwrittenFiles(), ["u.bookmark"], "\(name): a removed one is not to be written")
        let counts = try session.counts()
        XCTAssertEqual(counts.pending, 1, name)
        XCTAssertEqual(counts.conflicted, 1, name)
        XCTAssertEqual(try session.allEntries().count, 4, name)
      }
    }
  }

  func testASignatureIsRecordedWithoutANewGeneration() throws {
    for (name, index) in try implementations() {
      defer { index.close() }
      try index.write { try $0.save(entry("u.bookmark", written: false)) }
      try index.write { try $0.setSignature("5:6:7.8", of: "u.bookmark") }
      try index.read { session in
        XCTAssertEqual(try session.entry("u.bookmark")?.signature, "5:6:7.8", name)
        XCTAssertEqual(try session.unwrittenFiles(), [], "\(name): written now")
        XCTAssertEqual(try session.generation(), 1, "\(name): a reader of changes has nothing new to read")
        XCTAssertEqual(try session.entries(changedAfter: 1).map(\.file), [], name)
        XCTAssertEqual(try session.entry("u.bookmark")?.contents, Data("u.bookmark".utf8), name)
      }
      XCTAssertThrowsError(try index.read { try $0.setSignature(nil, of: "u.bookmark") }, "\(name): read only")
    }
  }

  func testAPushIsMarkedWithoutANewGenerationAndKeepsALaterChangePending() throws {
    for (name, index) in try implementations() {
      defer { index.close() }
      try index.write { session in
        try session.save(entry("sent.bookmark", pending: true))
        try session.save(entry("edited.bookmark", pending: true))
      }
      // The second was edited again after it was sent (generation 2).
      try index.write { try $0.save(entry("edited.bookmark", pending: true)) }
      try index.write { session in
        try session.markPushed("sent.bookmark", sequence: 41, sentAt: 1)
        try session.markPushed("edited.bookmark", sequence: 42, sentAt: 1)
        try session.markPushed("never.bookmark", sequence: 43, sentAt: 1)
      }
      try index.read { session in
        XCTAssertEqual(try session.generation(), 2, "\(name): a reader of changes has nothing new to read")
        XCTAssertEqual(try session.entries(changedAfter: 2).map(\.file), [], name)
        let sent = try session.entry("sent.bookmark")
        XCTAssertEqual(sent?.base, 41, name)
        XCTAssertEqual(sent?.pending, false, name)
        XCTAssertEqual(sent?.generation, 1, name)
        let edited = try session.entry("edited.bookmark")
        XCTAssertEqual(edited?.base, 42, name)
        XCTAssertEqual(edited?.pending, true, "\(name): the later edit is still to push")
        XCTAssertNil(try session.entry("never.bookmark"), name)
        XCTAssertEqual(try session.pendingEntries().map(\.file), ["edited.bookmark"], name)
        XCTAssertEqual(try session.pendingFiles(), ["edited.bookmark"], name)
      }
      XCTAssertThrowsError(
        try index.read { try $0.markPushed("sent.bookmark", sequence: 1, sentAt: 1) }, "\(name): read only")
    }
  }

  func testSyncStatesAreReadForManyFilesAtOnce() throws {
    for (name, index) in try implementations() {
      defer { index.close() }
      let files = (0..<1_203).map { "f\($0).bookmark" }
      try index.write { session in
        for (number, file) in files.enumerated() {
          var saved = entry(file, pending: number.isMultiple(of: 2))
          saved.base = Int64(number)
          saved.removed = number.isMultiple(of: 3)
          try session.save(saved)
        }
      }
      let states = try index.read { try $0.syncStates(files + ["absent.bookmark"]) }
      XCTAssertEqual(states.count, files.count, "\(name): an absent file is left out")
      for (number, file) in files.enumerated() {
        XCTAssertEqual(
          states[file],
          .init(base: Int64(number), pending: number.isMultiple(of: 2), removed: number.isMultiple(of: 3)),
          "\(name): \(file)")
      }
    }
  }

  func testAClosedIndexRefusesUse() throws {
    for (name, index) in try implementations() {
      index.close()
      XCTAssertThrowsError(try index.read { try $0.generation() }, name)
    }
  }
}
