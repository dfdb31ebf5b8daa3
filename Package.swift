// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  // Linux only: the code uses Glibc, inotify and ncursesw directly, so no Apple platform is
  // declared.
  name: "Cloudy",
  products: [
    .executable(name: "cloudy", targets: ["cloudy"])
  ],
  // Minor versions pinned: Package.resolved is not committed (the package copies here carry
  // commit ids that are not upstream's), so a clone anywhere resolves within these.
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
    .package(url: "https://github.com/groue/GRDB.swift", .upToNextMinor(from: "7.10.0")),
    .package(url: "https://github.com/vapor/postgres-nio", .upToNextMinor(from: "1.33.2")),
    .package(url: "https://github.com/apple/swift-log", .upToNextMinor(from: "1.16.2")),
    .package(url: "https://github.com/swift-server/async-http-client", .upToNextMinor(from: "1.37.0")),
    .package(url: "https://github.com/apple/swift-nio", .upToNextMinor(from: "2.101.2")),
  ],
  targets: [
    // C boundary: the ncursesw system library plus static inline wrappers for its macros.
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    // The commit and build date scripts/install links in (weak symbols: a plain build has none).
    .systemLibrary(name: "CBuildStamp"),
    // zlib, for the pages kept before xz (version 1 assets).
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    // liblzma, for the archived pages: their text and HTML in one xz stream.
    .systemLibrary(name: "CLzma", providers: [.apt(["liblzma-dev"])]),
    // Zstandard, for the archive index's folded texts, which every search decompresses.
    .systemLibrary(name: "CZstd", providers: [.apt(["libzstd-dev"])]),
    // Substring search over many bookmarks' or pages' text, two bytes at 32 places at once.
    .target(name: "CSubstring"),

    // Values and logic without I/O, bottom to top.
    // Property lists: the values, our XML and binary readers, the XML writer.
    .target(name: "PropertyLists"),
    // The one subscriber fan-out (an AsyncStream per subscriber).
    .target(name: "Broadcasting"),
    .target(name: "RandomIDs"),
    .target(name: "BookmarkModel", dependencies: ["PropertyLists", "RandomIDs"]),
    .target(name: "BookmarkFormats", dependencies: ["BookmarkModel", "PropertyLists"]),
    // The cloud contract, and the in-memory cloud that keeps it for tests.
    .target(name: "Cloud"),
    // The one sync engine (a state machine and the actor that performs it) for both zones.
    .target(name: "Sync", dependencies: ["Cloud"]),
    // The team shelf's contract (the cloud's public database): roles, pages, edits. No I/O.
    .target(name: "Shelf"),

    // Files: atomic private writes, locks, inotify.
    .target(name: "DurableFiles"),
    // Apple's two ubiquity APIs on those files, a module each: the key-value store (and its
    // cache), and the document container (its metadata index contract and query). What their
    // zones share (the mass-delete guard, the status line's sentences) is in Sync.
    .target(name: "KeyValueStore", dependencies: ["Cloud", "Sync", "PropertyLists", "DurableFiles", "Broadcasting"]),
    .target(
      name: "DocumentContainer",
      dependencies: ["Cloud", "Sync", "PropertyLists", "DurableFiles", "Broadcasting", "RandomIDs"]),
    // What a store is (the protocol, snapshot, status, versions, errors): no I/O, so the view
    // model and the terminal UI depend on it rather than on the stores.
    .target(name: "BookmarkStoreInterface", dependencies: ["BookmarkModel"]),
    // This device's home: its folders, saved settings, identity and link checks.
    .target(
      name: "DeviceHome", dependencies: ["BookmarkModel", "BookmarkStoreInterface", "DurableFiles", "PropertyLists"]),
    // What the backends share: the binary cache's framing and the bookmark list in it, and a
    // synced zone's phase and held deletes as a store reports them.
    .target(
      name: "StoreSupport",
      dependencies: ["BookmarkModel", "BookmarkStoreInterface", "DurableFiles", "Sync"]),
    // One module per backend: user defaults, the key-value store, the document container.
    .target(
      name: "DefaultsBookmarks",
      dependencies: [
        "BookmarkModel", "BookmarkStoreInterface", "Broadcasting", "DeviceHome", "DurableFiles", "PropertyLists",
        "StoreSupport",
      ]),
    .target(
      name: "KeyValueBookmarks",
      dependencies: [
        "BookmarkModel", "BookmarkStoreInterface", "Broadcasting", "PropertyLists", "StoreSupport", "KeyValueStore",
      ]),
    .target(
      name: "DocumentBookmarks",
      dependencies: [
        "BookmarkModel", "BookmarkStoreInterface", "Broadcasting", "DurableFiles", "PropertyLists", "StoreSupport",
        "DocumentContainer",
      ]),
    .target(name: "ScreenRendering"),
    // The list as a start first shows it, kept at the end of a session and drawn at the next
    // start while the store opens, if the store's stamp is the same (issue 39).
    .target(
      name: "OpeningFrames",
      dependencies: ["BookmarkStoreInterface", "DurableFiles", "ScreenRendering", "StoreSupport"]),
    // Web pages without I/O: titles (charsets, entities), what a link check found, the
    // checker's plan (limits per host, HEAD then GET, one retry) over a fetcher it is given.
    .target(name: "WebPages", dependencies: ["BookmarkModel"]),
    // Pages kept (issue 41): readable text from HTML, the content-addressed assets (SHA-256,
    // xz) and the library over them; the index is a contract here, SQLite in a leaf.
    .target(
      name: "Archives", dependencies: ["CLzma", "CZlib", "CZstd", "DurableFiles", "ScreenRendering", "WebPages"]),
    // Kept pages through the cloud, as CloudKit's assets: chunks and lists of versions as
    // records of two zones of their own, sent after a page is kept, fetched when it is read.
    .target(name: "ArchiveSync", dependencies: ["Archives", "Cloud"]),
    // The bookmark screen, in layers (issue 38): the `/` filter's search (folding, query, index,
    // highlight); the values the reducer changes and the screen draws, with the actions and
    // effects between them; the drawing (state to buffer); the effects done on a store or the
    // shelf; and the reducer itself.
    .target(name: "ListSearch", dependencies: ["BookmarkModel", "CSubstring"]),
    .target(
      name: "BookmarksState",
      dependencies: [
        "BookmarkModel", "BookmarkStoreInterface", "ListSearch", "PropertyLists", "ScreenRendering", "Shelf",
      ]),
    .target(
      name: "BookmarksDrawing",
      dependencies: [
        "BookmarkModel", "BookmarkStoreInterface", "BookmarksState", "ListSearch", "ScreenRendering", "Shelf",
      ]),
    .target(
      name: "BookmarksEffects", dependencies: ["BookmarkModel", "BookmarkStoreInterface", "BookmarksState", "Shelf"]),
    .target(
      name: "BookmarksViewModel",
      dependencies: [
        "BookmarkModel", "BookmarkStoreInterface", "BookmarksDrawing", "BookmarksState", "ListSearch", "Shelf",
      ]),

    // Leaf with real terminal I/O: the only importer of CNcurses.
    .target(
      name: "TerminalUI",
      dependencies: [
        "CNcurses", "BookmarksViewModel", "BookmarksState", "BookmarksDrawing", "BookmarksEffects", "ListSearch",
        "ScreenRendering", "BookmarkStoreInterface", "BookmarkModel", "Shelf", "OpeningFrames",
      ]),

    // Leaves with SQLite (the only importers of GRDB): the embedded cloud, and the document
    // container's local metadata index.
    .target(
      name: "CloudSQLite",
      dependencies: [
        "Cloud", "Shelf", "DurableFiles", "Broadcasting", .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .target(
      name: "DocumentIndexSQLite",
      dependencies: [
        "DocumentContainer", "DurableFiles", "Broadcasting", .product(name: "GRDB", package: "GRDB.swift"),
      ]),

    // Leaf with SQLite: the archives' index (versions, folded text, FTS5 trigram search).
    .target(
      name: "ArchiveIndexSQLite",
      dependencies: [
        "Archives", "CSubstring", "DurableFiles", .product(name: "GRDB", package: "GRDB.swift"),
      ]),

    // Leaf with everything PostgreSQL: the server-backed cloud. The only importer of PostgresNIO.
    .target(
      name: "CloudPostgres",
      dependencies: [
        "Cloud", "Shelf", "Broadcasting", .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    // Leaf with HTTP: fetching pages for titles and link checks. The only importer of
    // AsyncHTTPClient.
    .target(
      name: "WebFetching",
      dependencies: [
        "BookmarkModel", "WebPages", .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]),

    // Wiring: a choice of store, home, cloud and account (flags, environment, saved settings)
    // made into a store, and `migrate`'s copy-verify-remove. Knows every implementation.
    .target(
      name: "StoreWiring",
      dependencies: [
        "BookmarkModel", "BookmarkStoreInterface", "Cloud", "CloudSQLite", "CloudPostgres", "DefaultsBookmarks",
        "DeviceHome", "DocumentBookmarks", "DocumentIndexSQLite", "DurableFiles", "KeyValueBookmarks", "Shelf",
        "KeyValueStore", "DocumentContainer",
      ]),

    // What the commands share that is not parsing (issue 38): the one-line error, standard
    // output and error written with write(2), the progress bar, a bookmark file read in chunks.
    .target(
      name: "CommandLineIO", dependencies: ["BookmarkFormats", "BookmarkStoreInterface", "ScreenRendering", "Shelf"]),
    // Pages as the commands and the app reach them: the web with the user's proxy and timeout
    // (titles, link checks), this device's kept pages, and the app's `W` and `r` over both.
    .target(
      name: "PageAccess",
      dependencies: [
        "ArchiveIndexSQLite", "Archives", "ArchiveSync", "BookmarkModel", "BookmarkStoreInterface", "BookmarksState",
        "CommandLineIO", "DeviceHome", "ListSearch", "TerminalUI", "WebFetching", "WebPages",
      ]),
    // The JSON forms that `--json` prints (list, trash, history, check, the shelf's list).
    .target(name: "JSONListings", dependencies: ["BookmarkModel", "Shelf"]),
    // What `cloudy demo` runs on: a throwaway home, the sample bookmarks, a fixed clock and
    // sequential ids, and a user-defaults store that reports only its first snapshot.
    .target(
      name: "Demo",
      dependencies: ["BookmarkModel", "BookmarkStoreInterface", "CommandLineIO", "DefaultsBookmarks", "DeviceHome"]),

    .executableTarget(
      name: "cloudy",
      dependencies: [
        "BookmarkModel", "BookmarkStoreInterface", "DeviceHome", "StoreWiring", "BookmarksState", "ListSearch",
        "ScreenRendering", "TerminalUI", "Cloud", "Shelf", "BookmarkFormats", "DurableFiles", "PropertyLists",
        "WebPages", "CBuildStamp", "Archives", "ArchiveSync", "CommandLineIO", "Demo", "JSONListings", "PageAccess",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Helpers shared by the test targets: bounded waits, the one child-process runner, a
    // temporary folder, a PostgreSQL server of a test's own.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // The in-memory twins of the cloud and the document index, for tests only: no production
    // module ships them.
    .target(
      name: "CloudyTestDoubles", dependencies: ["Cloud", "DocumentContainer", "Broadcasting"],
      path: "Tests/CloudyTestDoubles"),
    .testTarget(name: "PropertyListsTests", dependencies: ["PropertyLists"]),
    .testTarget(name: "BroadcastingTests", dependencies: ["Broadcasting"]),
    .testTarget(name: "BookmarkModelTests", dependencies: ["BookmarkModel", "PropertyLists", "RandomIDs"]),
    .testTarget(
      name: "BookmarkFormatsTests", dependencies: ["BookmarkFormats", "BookmarkModel", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "BookmarkStoresTests",
      dependencies: [
        "DefaultsBookmarks", "KeyValueBookmarks", "DocumentBookmarks", "DeviceHome", "StoreSupport",
        "BookmarkStoreInterface", "BookmarkModel", "PropertyLists", "DurableFiles", "KeyValueStore",
        "DocumentContainer", "Cloud", "CloudSQLite",
        "CloudPostgres", "DocumentIndexSQLite", "TestSupport", "CloudyTestDoubles", "BookmarksViewModel",
        "BookmarksState", "BookmarksEffects", "BookmarkFormats",
        "ScreenRendering",
      ]),
    .testTarget(name: "DurableFilesTests", dependencies: ["DurableFiles", "TestSupport"]),
    .testTarget(
      name: "CloudTests",
      dependencies: [
        "Cloud", "CloudSQLite", "CloudPostgres", "Shelf", "TestSupport", "CloudyTestDoubles", "ArchiveSync", "Archives",
        "ArchiveIndexSQLite", "PageAccess", "DeviceHome",
      ]),
    .testTarget(
      name: "UbiquityTests",
      dependencies: [
        "KeyValueStore", "DocumentContainer", "Cloud", "CloudSQLite", "DocumentIndexSQLite", "DurableFiles",
        "PropertyLists", "TestSupport",
        "CloudyTestDoubles",
      ]),
    .testTarget(name: "SyncTests", dependencies: ["Sync"]),
    .testTarget(name: "ScreenRenderingTests", dependencies: ["ScreenRendering"]),
    .testTarget(
      name: "BookmarksViewModelTests",
      dependencies: [
        "BookmarksViewModel", "BookmarksState", "BookmarksDrawing", "BookmarksEffects", "ListSearch",
        "ScreenRendering", "BookmarkModel", "BookmarkStoreInterface", "DefaultsBookmarks", "Shelf",
        "CloudSQLite", "TestSupport",
      ],
      exclude: ["Snapshots"]
    ),
    .testTarget(name: "WebPagesTests", dependencies: ["WebPages", "BookmarkModel"]),
    .testTarget(
      name: "ArchivesTests",
      dependencies: [
        "Archives", "ArchiveIndexSQLite", "ListSearch", "WebPages", "WebFetching", "TestSupport",
      ]),
    .testTarget(
      name: "WebFetchingTests", dependencies: ["WebFetching", "WebPages", "BookmarkModel", "TestSupport"]),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "TerminalUI", "BookmarksState", "BookmarkStoreInterface", "CNcurses", "OpeningFrames", "ScreenRendering",
        "TestSupport",
      ]),
    // End to end: the real binary, on the command line and in tmux. The only tests that
    // depend on the executable.
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["cloudy", "TestSupport", "DefaultsBookmarks", "BookmarkModel", "DurableFiles", "PropertyLists"]),
    .testTarget(
      name: "StoreWiringTests",
      dependencies: ["StoreWiring", "BookmarkStoreInterface", "DeviceHome", "BookmarkModel", "TestSupport"]),
    // The model-checked core (issue 37): a reference model of one account, and a seeded
    // random driver of several devices through the view model and the real stores.
    .testTarget(
      name: "ModelTests",
      dependencies: [
        "BookmarksViewModel", "BookmarksState", "BookmarksEffects", "DocumentBookmarks", "BookmarkStoreInterface",
        "BookmarkModel", "BookmarkFormats", "Cloud",
        "CloudSQLite", "CloudPostgres", "DocumentIndexSQLite", "DocumentContainer", "ScreenRendering", "TestSupport",
        "CloudyTestDoubles", "Shelf", "KeyValueBookmarks", "KeyValueStore",
      ]),
    .testTarget(
      name: "FuzzTests",
      dependencies: [
        "BookmarkFormats", "BookmarkModel", "PropertyLists", "KeyValueStore", "DocumentContainer", "TerminalUI",
        "CNcurses",
        "TestSupport",
      ],
      exclude: ["Corpus"]),
  ],
  swiftLanguageModes: [.v6]
)
