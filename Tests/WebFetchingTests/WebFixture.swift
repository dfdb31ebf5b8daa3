import TestSupport
import WebFetching

/// One fixture server for the whole test process (it ends when the process does).
let webFixture = Result { try WebFixtureServer() }

/// A fetcher with short timeouts, so the hanging cases end quickly.
func makeFetcher() -> HTTPPageFetcher {
  HTTPPageFetcher(environment: [:], connectTimeout: .seconds(2), requestTimeout: .seconds(2))
}
