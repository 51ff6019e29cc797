/// What the end of a step took, after its systems, in seconds (see `World.lastTickEndTimes`).
public struct TickEndTimes: Sendable, Equatable {
  /// Removing the entities the tick despawned from their tables.
  public var despawns: Double = 0
  /// Moving the tick's spawns into their tables.
  public var spawns: Double = 0
  /// Putting the tables back in grid-cell order, which a step does every
  /// `World.spatialSortInterval` ticks; zero on the others.
  public var spatialSort: Double = 0

  /// No time at all.
  public init() {}
}
