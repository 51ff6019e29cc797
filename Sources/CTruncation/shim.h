// A float's integer part with no range check: one conversion instruction.
//
// Swift's `Int(Float)` checks that the value fits and traps otherwise, which costs a few
// instructions more per call; the world's grid finds cells this way for millions of queries a
// tick, after checking the range itself.
#ifndef TRAITSANDBOX_CTRUNCATION_H
#define TRAITSANDBOX_CTRUNCATION_H

/// The integer part of `value`, which the caller has checked is at least 0 and less than 2^62.
static inline long traitsandbox_truncate(float value) { return (long)value; }

#endif
