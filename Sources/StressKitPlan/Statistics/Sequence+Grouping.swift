extension Sequence {
  /// The elements grouped by `key`, groups in the order their first element appears and
  /// elements in their own order: how every table and report lists cells and subjects.
  package func groupedInOrder<Key: Hashable>(by key: (Element) -> Key) -> [(
    key: Key, elements: [Element]
  )] {
    var index: [Key: Int] = [:]
    var groups: [(key: Key, elements: [Element])] = []
    for element in self {
      let k = key(element)
      if let i = index[k] {
        groups[i].elements.append(element)
      } else {
        index[k] = groups.count
        groups.append((k, [element]))
      }
    }
    return groups
  }
}
