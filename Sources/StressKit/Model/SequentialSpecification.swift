/// What a sequential run answers, explored lazily: a tree of states reached by calls, each
/// state the specification after its path of calls from a fresh instance (Lincheck's LTS).
///
/// A class instance cannot be copied, so a state off the current path is rebuilt by replaying
/// its path on a fresh specification; the search mostly goes forward, so most steps apply one
/// call to the instance at hand. Where the test can tell states apart (`ModelTest.state(of:)`),
/// equal states are one node, and the checker's memo merges their searches.
///
/// Unchecked Sendable: the checker that uses it runs on one thread.
package final class SequentialSpecification<Instance>: @unchecked Sendable {
  private struct Node {
    var path: [Int]
    var children: [Int: (result: ModelValue, node: Int)] = [:]
  }

  private let operations: [ModelOperation<Instance>]
  private let calls: [Scenario.Call]
  private let make: () -> Instance
  private let state: (Instance) -> AnyHashable?
  private var nodes = [Node(path: [])]
  private var byState: [AnyHashable: Int] = [:]
  /// The instance at hand and the node it is in.
  private var cursor: (node: Int, instance: Instance)?

  /// A specification for `calls` (a scenario's distinct calls, by index).
  package init(
    operations: [ModelOperation<Instance>], calls: [Scenario.Call],
    make: @escaping () -> Instance, state: @escaping (Instance) -> AnyHashable?
  ) {
    self.operations = operations
    self.calls = calls
    self.make = make
    self.state = state
    if let key = state(make()) { byState[key] = root }
  }

  /// The root: a fresh specification.
  package let root = 0

  /// The state after `call` from `node`, or nil if a sequential run from there would not have
  /// answered `result`.
  package func step(_ node: Int, _ call: Int, _ result: ModelValue) -> Int? {
    let (answer, next) = child(node, call)
    return answer == result ? next : nil
  }

  /// States explored so far.
  package var explored: Int { nodes.count }

  private func child(_ node: Int, _ call: Int) -> (result: ModelValue, node: Int) {
    if let known = nodes[node].children[call] { return known }
    let instance: Instance
    if let cursor, cursor.node == node {
      instance = cursor.instance
    } else {
      instance = make()
      for past in nodes[node].path { _ = apply(past, to: instance) }
    }
    let result = apply(call, to: instance)
    let reached: Int
    if let key = state(instance), let known = byState[key] {
      reached = known
      cursor = (known, instance)
    } else {
      reached = nodes.count
      nodes.append(Node(path: nodes[node].path + [call]))
      if let key = state(instance) { byState[key] = reached }
      cursor = (reached, instance)
    }
    nodes[node].children[call] = (result, reached)
    return (result, reached)
  }

  private func apply(_ call: Int, to instance: Instance) -> ModelValue {
    operations[calls[call].operation].body(instance, calls[call].choices)
  }
}
