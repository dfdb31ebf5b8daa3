import ArgumentParser
import BookmarkStoreInterface

/// `--store` and `--to` take a backend's name; ArgumentParser lists the choices in the help
/// and refuses anything else.
extension StoreBackend: ExpressibleByArgument {}
