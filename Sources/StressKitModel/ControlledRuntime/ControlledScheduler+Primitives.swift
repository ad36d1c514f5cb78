extension ControlledScheduler {
  /// `object`'s number in this schedule's trace, given at its first use, the same in every
  /// replay; its kind and `name` label it there.
  @inline(__always)
  package func number(_ object: AnyObject, _ kind: String, _ name: String?) -> Int {
    if let known = numbers[ObjectIdentifier(object)] { return known }
    return register(object, kind, name)
  }

  private func register(_ object: AnyObject, _ kind: String, _ name: String?) -> Int {
    let number = primitives.count
    numbers[ObjectIdentifier(object)] = number
    own(object, number)
    primitives.append((object, nil))
    trace.primitives.append((kind, name))
    return number
  }

  /// `object`'s state in this schedule, made at its first use, and its number in the trace.
  package func state<State: ControlledState>(
    _ object: AnyObject, _ kind: String, _ name: String?, as: State.Type = State.self
  ) -> (state: State, number: Int) {
    let number = number(object, kind, name)
    if let state = primitives[number].state {
      return (unsafeDowncast(state, to: State.self), number)
    }
    let state = State()
    primitives[number].state = state
    return (state, number)
  }

  /// `object`'s state in this schedule if it was used in it, without making one (nor a
  /// number in the trace).
  func stateIfUsed<State: ControlledState>(_ object: AnyObject, as: State.Type) -> (
    state: State, number: Int
  )? {
    guard let number = numbers[ObjectIdentifier(object)], let state = primitives[number].state
    else { return nil }
    return (unsafeDowncast(state, to: State.self), number)
  }
}
