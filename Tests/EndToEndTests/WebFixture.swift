import TestSupport

/// One fixture web server for this test process (it ends when the process does).
let webFixture = Result { try WebFixtureServer() }
