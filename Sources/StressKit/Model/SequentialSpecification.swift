/// What a sequential run answers, explored lazily: a tree of states reached by calls, each
/// state the specification after its path of calls from a fresh instance (Lincheck's LTS).
///
/// A class instance cannot be copied, so a state off the current path is rebuilt by replaying
/// its path on a fresh specification; the search mostly goes forward, so most steps apply one
/// call to the instance at hand. Where the test can tell states apart (`ModelTest.state(of:)`),
/// equal states are one node, and the checker's memo merges their searches.
///
/// Unchecked Sendable, and its state unchecked for exclusive access: the checker that uses it
/// runs on one thread, and the dynamic check costs a runtime call on every access of a search.
package final class SequentialSpecification<Instance>: @unchecked Sendable {
  private let operations: [ModelOperation<Instance>]
  private let calls: [Scenario.Call]
  private let make: () -> Instance
  private let state: (Instance) -> AnyHashable?
  /// Each node's parent and the call that first reached it, so its path is walked back rather
  /// than stored. The root has none.
  @exclusivity(unchecked) private var parents: [(node: Int, call: Int)] = [(-1, -1)]
  /// The tree flat, a row of `calls.count` per node: the child a call reaches (-1 while
  /// unexplored) and what it answered, as an answer's number. No allocation per node beyond
  /// the rows' growth.
  @exclusivity(unchecked) private var children: [Int]
  @exclusivity(unchecked) private var answers: [Int]
  /// Answers by number, so the search compares integers, not values.
  @exclusivity(unchecked) private var numbers: [ModelValue: Int] = [:]
  @exclusivity(unchecked) private var byState: [AnyHashable: Int] = [:]
  /// The instance at hand and the node it is in.
  @exclusivity(unchecked) private var cursor: (node: Int, instance: Instance)?

  /// A specification for `calls` (a scenario's distinct calls, by index).
  package init(
    operations: [ModelOperation<Instance>], calls: [Scenario.Call],
    make: @escaping () -> Instance, state: @escaping (Instance) -> AnyHashable?
  ) {
    self.operations = operations
    self.calls = calls
    self.make = make
    self.state = state
    children = [Int](repeating: -1, count: calls.count)
    answers = [Int](repeating: -1, count: calls.count)
    if let key = state(make()) { byState[key] = root }
  }

  /// The root: a fresh specification.
  package let root = 0

  /// The state after `call` from `node`, or nil if a sequential run from there would not have
  /// answered the answer numbered `answer` (see `number(of:)`).
  package func step(_ node: Int, _ call: Int, _ answer: Int) -> Int? {
    let slot = node * calls.count + call
    if children[slot] < 0 { explore(node, call, slot) }
    return answers[slot] == answer ? children[slot] : nil
  }

  /// The state after `call` from `node`, or nil if a sequential run from there would not have
  /// answered `result`.
  package func step(_ node: Int, _ call: Int, _ result: ModelValue) -> Int? {
    step(node, call, number(of: result))
  }

  /// The number of an answer: equal values, equal numbers.
  package func number(of value: ModelValue) -> Int {
    if let known = numbers[value] { return known }
    numbers[value] = numbers.count
    return numbers.count - 1
  }

  /// States explored so far.
  package var explored: Int { parents.count }

  private func explore(_ node: Int, _ call: Int, _ slot: Int) {
    let instance: Instance
    if let cursor, cursor.node == node {
      instance = cursor.instance
    } else {
      instance = make()
      var path: [Int] = []
      var at = node
      while at != root {
        path.append(parents[at].call)
        at = parents[at].node
      }
      for past in path.reversed() { _ = apply(past, to: instance) }
    }
    answers[slot] = number(of: apply(call, to: instance))
    let key = state(instance)
    let reached: Int
    if let key, let known = byState[key] {
      reached = known
    } else {
      reached = parents.count
      parents.append((node, call))
      children.append(contentsOf: repeatElement(-1, count: calls.count))
      answers.append(contentsOf: repeatElement(-1, count: calls.count))
      if let key { byState[key] = reached }
    }
    cursor = (reached, instance)
    children[slot] = reached
  }

  private func apply(_ call: Int, to instance: Instance) -> ModelValue {
    operations[calls[call].operation].body(instance, calls[call].choices)
  }
}
