import Testing

/// The tests that run the catalog's subjects in this process, one at a time. Run at once, two
/// of them would share whatever a subject keeps process-wide (a `static let` instance, a
/// default center, a formatter cache) from threads no wrapper coordinates: a race in the test
/// process itself, whose corrupted heap then crashes another test (seen in CI: a JSON decode
/// trapping inside Foundation beside a `free` in another thread).
@Suite(.serialized) enum InProcessSubjects {}
