/// One random scenario of a model test: operations with their arguments, in an initial part,
/// a parallel part (one list per thread) and a post part.
package struct Scenario: Sendable, Equatable {
  /// One operation with its arguments: `operation` indexes the test's operations, `choices`
  /// each argument's domain.
  package struct Call: Sendable, Hashable {
    package var operation: Int
    package var choices: [Int]

    package init(operation: Int, choices: [Int] = []) {
      self.operation = operation
      self.choices = choices
    }
  }

  package var initial: [Call]
  package var parallel: [[Call]]
  package var post: [Call]

  package init(initial: [Call], parallel: [[Call]], post: [Call]) {
    self.initial = initial
    self.parallel = parallel
    self.post = post
  }

  /// The parts as lanes: each parallel thread, then the initial part, then the post part.
  package var lanes: [[Call]] { parallel + [initial, post] }

  /// Operations in all parts.
  package var count: Int { lanes.reduce(0) { $0 + $1.count } }

  /// A scenario drawn from `random`: `threads` threads of `options.operationsPerThread`
  /// operations, reads chosen with probability `readRatio` when there are reads and writes
  /// (`postReadRatio` in the post part, if given).
  package static func random<Instance>(
    _ operations: [ModelOperation<Instance>], threads: Int, options: ScenarioOptions,
    readRatio: Double, postReadRatio: Double? = nil, using random: inout SplitMix64
  ) -> Scenario {
    let reads = operations.indices.filter { operations[$0].isRead }
    let writes = operations.indices.filter { !operations[$0].isRead }
    func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }
    func call(_ readRatio: Double = readRatio) -> Call {
      let pool: [Int]
      if reads.isEmpty || writes.isEmpty {
        pool = Array(operations.indices)
      } else {
        pool = Double(random.next() >> 11) * 0x1p-53 < readRatio ? reads : writes
      }
      let operation = pool[draw(pool.count)]
      return Call(
        operation: operation, choices: operations[operation].domains.map { draw($0.count) })
    }
    let initial = (0..<draw(options.initialOperations + 1)).map { _ in call() }
    let parallel = (0..<threads).map { _ in
      (0..<options.operationsPerThread).map { _ in call() }
    }
    let post = (0..<draw(options.postOperations + 1)).map { _ in
      call(postReadRatio ?? readRatio)
    }
    return Scenario(initial: initial, parallel: parallel, post: post)
  }

  /// `name(arguments)`, as the scenario table shows a call.
  package static func describe<Instance>(_ call: Call, _ operations: [ModelOperation<Instance>])
    -> String
  {
    operations[call.operation].name + "("
      + zip(operations[call.operation].domains, call.choices).map { describe($0[$1]) }
      .joined(separator: ", ") + ")"
  }

  /// A value as a person writes it: optionals unwrapped, no result shown as nothing.
  package static func describe(_ value: ModelValue) -> String {
    var base: Any = value.base
    while let optional = Mirror(reflecting: base).displayStyle, optional == .optional {
      guard let wrapped = Mirror(reflecting: base).children.first?.value else { return "nil" }
      base = wrapped
    }
    if let text = base as? String { return "\"\(text)\"" }
    return String(describing: base)
  }
}
