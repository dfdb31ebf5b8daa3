// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  // Linux only: the code uses Glibc, inotify and ncursesw directly, so no Apple platform is
  // declared.
  name: "Cloudy",
  products: [
    .executable(name: "cloudy", targets: ["cloudy"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    // C boundary: the ncursesw system library plus static inline wrappers for its macros.
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),

    // Pure layers, bottom to top. None of them imports ncurses or does terminal I/O.
    .target(name: "BookmarkModel"),
    .target(name: "BookmarkFormats", dependencies: ["BookmarkModel"]),
    .target(name: "DurableFiles"),
    // The cloud contract (no database code) and the key-value store that syncs through it.
    .target(name: "Cloud"),
    // The one sync engine (a state machine and the actor that performs it) for both zones.
    .target(name: "Sync", dependencies: ["Cloud"]),
    .target(name: "Ubiquity", dependencies: ["Cloud", "Sync", "BookmarkModel", "DurableFiles"]),
    // What a store is (the protocol, snapshot, status, versions, errors): no I/O, so the view
    // model and the terminal UI depend on it rather than on the stores.
    .target(name: "BookmarkStoreInterface", dependencies: ["BookmarkModel"]),
    .target(
      name: "BookmarkStores",
      dependencies: ["BookmarkStoreInterface", "BookmarkModel", "DurableFiles", "Ubiquity", "Sync", "Cloud"]),
    .target(name: "ScreenRendering", dependencies: ["BookmarkModel"]),
    .target(name: "BookmarksViewModel", dependencies: ["BookmarkModel", "BookmarkStoreInterface", "ScreenRendering"]),

    // Leaf with real terminal I/O: the only importer of CNcurses.
    .target(
      name: "TerminalUI", dependencies: ["CNcurses", "BookmarksViewModel", "ScreenRendering", "BookmarkStoreInterface"]),

    // Leaf with everything SQLite: the embedded cloud and the document container's metadata
    // index. The only importer of GRDB.
    .target(
      name: "CloudSQLite",
      dependencies: ["Cloud", "DurableFiles", "Ubiquity", .product(name: "GRDB", package: "GRDB.swift")]),

    // Leaf with everything PostgreSQL: the server-backed cloud. The only importer of PostgresNIO.
    .target(
      name: "CloudPostgres",
      dependencies: [
        "Cloud", .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    .executableTarget(
      name: "cloudy",
      dependencies: [
        "BookmarkModel", "BookmarkStores", "ScreenRendering", "TerminalUI", "Cloud", "CloudSQLite",
        "CloudPostgres", "BookmarkFormats", "DurableFiles",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Helpers shared by the test targets (bounded waits).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "BookmarkModelTests", dependencies: ["BookmarkModel"]),
    .testTarget(
      name: "BookmarkFormatsTests", dependencies: ["BookmarkFormats", "BookmarkModel"], exclude: ["Fixtures"]),
    .testTarget(
      name: "BookmarkStoresTests",
      dependencies: [
        "BookmarkStores", "BookmarkModel", "Ubiquity", "Cloud", "CloudSQLite", "TestSupport", "cloudy",
      ]),
    .testTarget(
      name: "CloudTests", dependencies: ["Cloud", "CloudSQLite", "CloudPostgres", "DurableFiles", "TestSupport"]),
    .testTarget(
      name: "UbiquityTests",
      dependencies: ["Ubiquity", "Cloud", "CloudSQLite", "BookmarkModel", "TestSupport"]),
    .testTarget(name: "SyncTests", dependencies: ["Sync", "Cloud"]),
    .testTarget(name: "ScreenRenderingTests", dependencies: ["ScreenRendering", "BookmarkModel"]),
    .testTarget(
      name: "BookmarksViewModelTests",
      dependencies: ["BookmarksViewModel", "ScreenRendering", "BookmarkModel", "BookmarkStores"],
      exclude: ["Snapshots"]
    ),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "ScreenRendering"]),
    .testTarget(name: "EndToEndTests", dependencies: ["cloudy", "TestSupport"]),
    .testTarget(
      name: "FuzzTests",
      dependencies: ["BookmarkFormats", "BookmarkModel", "Ubiquity", "TerminalUI", "BookmarksViewModel"],
      exclude: ["Corpus"]),
  ],
  swiftLanguageModes: [.v6]
)
