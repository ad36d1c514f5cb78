/// A mistake in what the user typed: one `Error:` line, a usage hint, exit 64 (EX_USAGE).
struct UsageError: Error, Equatable {
  var message: String
  /// The usage line of the command involved, shown under the error.
  var usage: String?

  init(_ message: String, usage: String? = nil) {
    self.message = message
    self.usage = usage
  }
}
