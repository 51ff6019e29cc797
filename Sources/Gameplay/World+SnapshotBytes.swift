import TraitSandbox

extension World {
  /// The world's whole state as bytes in memory, as `save(to:)` writes it: what a game built
  /// on one world returns from `Game.snapshot()`.
  ///
  /// - Complexity: O(n) in the number of entities.
  public func snapshotBytes() throws -> [UInt8] {
    var bytes: [UInt8] = []
    try save(to: &bytes)
    return bytes
  }

  /// Replaces the world's tick, random state and entities with those `snapshotBytes()` made,
  /// for a world set up as the saved one was (see `restore(from:)`); on error it is unchanged.
  ///
  /// - Throws: `ArchiveError` if the bytes are damaged, truncated, have bytes after the world,
  ///   or come from another kind of world.
  /// - Complexity: O(n log n) in the number of entities.
  public mutating func restore(fromSnapshot bytes: [UInt8]) throws(ArchiveError) {
    var reader = SnapshotReader(bytes)
    var restored = self
    try restored.restore(from: &reader)
    guard reader.isAtEnd else { throw reader.error("the snapshot has bytes after the world") }
    self = restored
  }
}
