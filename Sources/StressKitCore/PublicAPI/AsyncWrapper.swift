/// A protection whose operations are awaited rather than called: an actor. Driven by tasks
/// (the `tasks` driver), never by threads blocking on tasks, and named so in the results.
public protocol AsyncWrapper: AnyObject, Sendable {
  static var info: WrapperInfo { get }

  init()

  func read<S: StressSubject>(_ subject: S, _ step: Step) async -> String?
  func write<S: StressSubject>(_ subject: S, _ step: Step) async
}
