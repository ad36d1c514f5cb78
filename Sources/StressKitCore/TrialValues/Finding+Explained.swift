extension Finding {
  /// A failure under stress, its shrunk scenario then explored under the controlled scheduler:
  /// what that found.
  package indirect enum Explained: Sendable, Codable, Equatable {
    /// A schedule failed the same way: the exploration's own finding, with its interleaving
    /// and the token that replays it.
    case found(Finding)
    /// No schedule of `schedules` failed the same way.
    case notFound(schedules: Int)
    /// The operations reached no scheduled primitive in `schedules` schedules: the type is not
    /// built on them, and the scheduler could switch only between whole operations.
    case blind(schedules: Int)
    /// Not explored, and why.
    case notRun(String)
  }
}
