// Two single instructions Swift has no spelling for, for the world's grid queries.
//
// A float's integer part with no range check: Swift's `Int(Float)` checks that the value fits
// and traps otherwise, which costs a few instructions more per call; the world's grid finds
// cells this way for millions of queries a tick, after checking the range itself.
//
// A prefetch: the queries load the cells the next row of queries will read first.
#ifndef TRAITSANDBOX_CTRUNCATION_H
#define TRAITSANDBOX_CTRUNCATION_H

/// The integer part of `value`, which the caller has checked is at least 0 and less than 2^62.
static inline long traitsandbox_truncate(float value) { return (long)value; }

/// Asks the processor to start loading the cache line at `address` for reading, to be read
/// soon; it never faults, whatever the address.
static inline void traitsandbox_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#endif
