import Synchronization

/// Where measured results go so the optimiser cannot prove them unused and delete the work.
///
/// Never inlined, and it stores into an atomic the optimiser must assume others read.
@inline(never)
public func blackHole(_ value: UInt64) {
  blackHoleSink.wrappingAdd(value, ordering: .relaxed)
}

private let blackHoleSink = Atomic<UInt64>(0)
