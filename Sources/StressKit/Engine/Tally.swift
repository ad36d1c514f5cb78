/// What one thread of a trial did, reported once at its end.
struct Tally: Sendable {
  var reads = 0
  var writes = 0
  var violations = Violations()
}
