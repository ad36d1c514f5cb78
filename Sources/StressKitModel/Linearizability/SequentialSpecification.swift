import StressKitCore

/// What a sequential run answers, explored lazily: a tree of states reached by calls, each
/// state the specification after its path of calls from a fresh instance (Lincheck's LTS).
///
/// A class instance cannot be copied, so a state off the current path is rebuilt by replaying
/// its path on a fresh specification; the search mostly goes forward, so most steps apply one
/// call to the instance at hand. Where the test can tell states apart (`ModelTest.state(of:)`),
/// equal states are one node, and the checker's memo merges their searches.
///
/// Not generic: the specification's calls and its state are erased once into a table of
/// non-generic closures, and each fresh instance into a `Run`. Code generic over the
/// instance's type, run unspecialized as a catalog's model tests are, would look types up at
/// run time at every step. A test whose fresh specification has no state (the default) is
/// never asked for one.
///
/// Unchecked Sendable, and its state unchecked for exclusive access: the checker that uses it
/// runs on one thread, and the dynamic check costs a runtime call on every access of a search.
package final class SequentialSpecification: @unchecked Sendable {
  /// Calls, the width of the tree's rows.
  private let width: Int
  private let fresh: () -> any Run
  /// Each node's parent and the call that first reached it, so its path is walked back rather
  /// than stored. The root has none.
  @exclusivity(unchecked) private var parents: [(node: Int, call: Int)] = [(-1, -1)]
  /// The tree flat, a row of `width` pairs per node: the child a call reaches (-1 while
  /// unexplored) and what it answered, as an answer's number, side by side so a step reads
  /// one place. No allocation per node beyond the rows' growth.
  @exclusivity(unchecked) private var tree: [(child: Int, answer: Int)]
  /// Answers by number, so the search compares integers, not values: a small one is its
  /// `compactIndex`, any other is numbered by hash from `ModelValue.compactCount` on.
  @exclusivity(unchecked) private var numbers: [ModelValue: Int] = [:]
  @exclusivity(unchecked) private var byState: [AnyHashable: Int] = [:]
  /// The path replayed to rebuild a state, kept to reuse its storage.
  @exclusivity(unchecked) private var path: [Int] = []
  /// Whether the test tells states apart: a fresh specification's state is not nil. Where it
  /// is, no state is asked for (`ModelTest.state(of:)`: nil, never merged).
  private let merges: Bool
  /// The instance at hand and the node it is in.
  @exclusivity(unchecked) private var cursor: (node: Int, run: any Run)?

  /// A specification for `calls` (a scenario's distinct calls, by index).
  package init<Instance>(
    operations: [ModelOperation<Instance>], calls: [Scenario.Call],
    make: @escaping () -> Instance, state: @escaping (Instance) -> AnyHashable?
  ) {
    // Each call's body and arguments, erased once into a table of non-generic closures: an
    // array of generic closures, read unspecialized, looks its element's function type up at
    // run time on every access.
    let table = CallTable(
      calls: calls.map { call in
        let body = operations[call.operation].body
        let arguments = call.choices
        return { run in
          let instance = unsafeDowncast(run, to: Instanced<Instance>.self).instance
          guard BlockSettlement.needed else { return body(instance, arguments) }
          // A call that hands work to a queue is done, to the specification, when it has run.
          let settlement = BlockSettlement(timersAtOnce: true)
          defer { _ = settlement.settle() }
          return settlement.run(call: 0) { body(instance, arguments) }
        }
      },
      tell: { run in state(unsafeDowncast(run, to: Instanced<Instance>.self).instance) })
    fresh = { Instanced(make(), table) }
    width = calls.count
    tree = Array(repeating: (-1, -1), count: calls.count)
    if let key = state(make()) { byState[key] = root }
    merges = !byState.isEmpty
  }

  /// The root: a fresh specification.
  package let root = 0

  /// The state after `call` from `node`, or nil if a sequential run from there would not have
  /// answered the answer numbered `answer` (see `number(of:)`).
  @inline(__always)
  package func step(_ node: Int, _ call: Int, _ answer: Int) -> Int? {
    let slot = node * width + call
    if tree[slot].child < 0 { explore(node, call, slot) }
    return tree[slot].answer == answer ? tree[slot].child : nil
  }

  /// The state after `call` from `node`, or nil if a sequential run from there would not have
  /// answered `result`.
  package func step(_ node: Int, _ call: Int, _ result: ModelValue) -> Int? {
    step(node, call, number(of: result))
  }

  /// The number of an answer: equal values, equal numbers.
  @inline(__always)
  package func number(of value: ModelValue) -> Int {
    value.compactIndex ?? numberByHash(value)
  }

  private func numberByHash(_ value: ModelValue) -> Int {
    if let known = numbers[value] { return known }
    numbers[value] = ModelValue.compactCount + numbers.count
    return ModelValue.compactCount + numbers.count - 1
  }

  /// States explored so far.
  package var explored: Int { parents.count }

  private func explore(_ node: Int, _ call: Int, _ slot: Int) {
    let run: any Run
    if let cursor, cursor.node == node {
      run = cursor.run
    } else {
      run = fresh()
      path.removeAll(keepingCapacity: true)
      var at = node
      while at != root {
        path.append(parents[at].call)
        at = parents[at].node
      }
      for past in path.reversed() { _ = run.apply(past) }
    }
    let answer = number(of: run.apply(call))
    let key = merges ? run.state() : nil
    let reached: Int
    if let key, let known = byState[key] {
      reached = known
    } else {
      reached = parents.count
      parents.append((node, call))
      tree.append(contentsOf: repeatElement((child: -1, answer: -1), count: width))
      if let key { byState[key] = reached }
    }
    cursor = (reached, run)
    tree[slot] = (reached, answer)
  }
}

/// A fresh instance of a specification, erased: one allocation per instance; its calls are the
/// specification's `CallTable`.
private protocol Run: AnyObject {
  /// Applies the call numbered `call`, answering its result.
  func apply(_ call: Int) -> ModelValue
  func state() -> AnyHashable?
}

/// A specification's calls and its state, for any of its instances (`Instanced`): built once
/// per specification, not per instance.
private final class CallTable {
  /// Call `c` applied to an instance, answering its result.
  let calls: [(AnyObject) -> ModelValue]
  let tell: (AnyObject) -> AnyHashable?
  init(calls: [(AnyObject) -> ModelValue], tell: @escaping (AnyObject) -> AnyHashable?) {
    (self.calls, self.tell) = (calls, tell)
  }
}

private final class Instanced<Instance>: Run {
  let instance: Instance
  private let table: CallTable

  init(_ instance: Instance, _ table: CallTable) {
    (self.instance, self.table) = (instance, table)
  }

  func apply(_ call: Int) -> ModelValue { table.calls[call](self) }
  func state() -> AnyHashable? { table.tell(self) }
}
