extension World {

  /// A 64-bit fingerprint of the whole simulation state: tick, random state, next identity and
  /// every entity's identity, position, faction and components, in a fixed order.
  ///
  /// - Complexity: O(n) in the number of entities.
  public func stateHash() -> StateHash {
    stateHash(random: random)
  }

  /// `stateHash()` with `random` for the world's random state.
  func stateHash(random: SeededRandom) -> StateHash {
    var hasher = StateHasher()
    hasher.combine(tick)
    hasher.combine(nextID)
    random.hash(into: &hasher)
    hasher.combine(tables.count)
    for table in tables { table.hashState(into: &hasher, threads: threadCount) }
    return hasher.finalize()
  }
}
