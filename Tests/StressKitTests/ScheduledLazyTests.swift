import Foundation
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitModel

/// `ScheduledLazy`: a value built once on first use, plain outside a run, and under the
/// scheduler a build whose askers wait for it, with the build ordered before every use.
@Suite struct ScheduledLazyTests {
  @Test func everyScheduleBuildsItOnceAndTheOtherAskerWaitsForTheBuild() throws {
    let scheduler = try ControlledScheduler(threads: 2)
    defer { scheduler.close() }
    let search = PreemptionBoundedSearch(bound: 2)
    var spelled: Set<String> = []
    var schedules = 0
    repeat {
      let builds = ScheduledAtomic<Int>(0, name: "builds")
      let seen = Shared(0, name: "seen")
      let lazy = ScheduledLazy(name: "config") { () -> Int in
        // The build writes a cell the other thread reads after asking: ordered, no race.
        seen.write(7)
        return builds.wrappingAdd(1, ordering: .relaxed).newValue
      }
      let answers = Mutex<[Int]>([])
      let failure = scheduler.run(
        [
          // Each asks outside the test's own mutex: asking is a point, where a thread may wait.
          {
            let value = lazy.value
            answers.withLock { $0.append(value) }
          },
          {
            let value = lazy.value * 10 + seen.read()
            answers.withLock { $0.append(value) }
          },
        ], chooser: search, schedule: schedules, stuckAfter: 2)
      #expect(failure == nil && scheduler.causality.race == nil, "\(String(describing: failure))")
      #expect(Set(answers.withLock { $0 }) == [1, 17], "\(answers.withLock { $0 })")
      #expect(builds.load(ordering: .relaxed) == 1)
      for step in scheduler.trace.steps { spelled.insert(scheduler.trace.spell(step.action)) }
      schedules += 1
    } while search.finish(choices: scheduler.trace.choices.count) == .sameScenario
    #expect(spelled.isSuperset(of: ["build(config)", "built(config)", "value(config)"]))
  }

  @Test func aBuilderThatAsksForItsOwnValueIsADeadlockThatNamesIt() throws {
    let scheduler = try ControlledScheduler(threads: 1)
    defer { scheduler.close() }
    final class Box: @unchecked Sendable { var lazy: ScheduledLazy<Int>? }
    let box = Box()
    box.lazy = ScheduledLazy(name: "self") { (box.lazy?.value ?? 0) + 1 }
    let failure = scheduler.run(
      [{ _ = box.lazy?.value }], chooser: RandomWalk(seed: 1), schedule: 0, stuckAfter: 2)
    guard case .deadlock(let blocked) = failure else {
      Issue.record("\(String(describing: failure))")
      return
    }
    #expect(blocked.count == 1 && blocked[0].holds == [0] && blocked[0].wait?.holder == 0)
  }

  @Test func outsideARunItIsBuiltOnceWhateverThreadsAskAtOnce() {
    let builds = Atomic<Int>(0)
    let lazy = ScheduledLazy { () -> String in
      builds.add(1, ordering: .relaxed)
      return "built"
    }
    DispatchQueue.concurrentPerform(iterations: 8) { _ in #expect(lazy.value == "built") }
    #expect(builds.load(ordering: .relaxed) == 1 && lazy.value == "built")
  }
}

/// A resource numbered by the build that made it: built once, every asker sees 1.
final class NumberedResource: @unchecked Sendable {
  private let builds = ScheduledAtomic<Int>(0, name: "builds")
  private lazy var box = ScheduledLazy(name: "resource") { [builds] in
    builds.wrappingAdd(1, ordering: .relaxed).newValue
  }
  var resource: Int { box.value }
}

enum NumberedResourceModel: ModelTest {
  static let info = SubjectInfo(id: "test-numbered-resource", summary: "", documented: .notListed)
  static func make() -> NumberedResource { NumberedResource() }
  static let operations: [ModelOperation<NumberedResource>] = [
    .read("resource") { $0.resource }
  ]
}

@Suite struct ScheduledLazyInitialPartTests {
  @Test func aValueTheInitialPartBuiltIsNotBuiltAgainByTheThreads() {
    // The initial part asks first, outside the scheduler: the threads must take that build.
    let result = NumberedResourceModel.explore(
      strategy: .exhaustive(preemptions: 2), schedules: 2_000)
    #expect(result.passed && result.exhausted, "\(result.report)")
  }
}
