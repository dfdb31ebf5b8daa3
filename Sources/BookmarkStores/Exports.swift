/// The store interface (the protocol, snapshots, status, errors) comes with the stores, so
/// code that opens a store needn't import both; the view model and the terminal UI import
/// the interface alone.
@_exported import BookmarkStoreInterface
