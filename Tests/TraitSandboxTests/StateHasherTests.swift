import Testing
import TraitSandbox

@Suite("StateHasher")
struct StateHasherTests {
  @Test(
    "a state hash prints as 16 lowercase hex digits, zero-padded",
    arguments: [
      (UInt64(0), "0000000000000000"),
      (UInt64(0xabc), "0000000000000abc"),
      (UInt64(0x0123_4567_89ab_cdef), "0123456789abcdef"),
      (UInt64(0x1000_0000_0000_0000), "1000000000000000"),
      (UInt64.max, "ffffffffffffffff"),
    ])
  func hexFormatting(rawValue: UInt64, text: String) {
    #expect(StateHash(rawValue: rawValue).description == text)
    #expect("\(StateHash(rawValue: rawValue))" == text)
  }

  /// Reference values computed independently from the documented algorithm (an FNV-style
  /// multiply with a shift, finalised with MurmurHash3's fmix64).
  @Test("hashes match reference values")
  func referenceValues() {
    #expect(StateHasher().finalize() == StateHash(rawValue: 0xefd0_1f60_ba99_2926))
    var one = StateHasher()
    one.combine(UInt64(1))
    #expect(one.finalize() == StateHash(rawValue: 0xad51_7786_ea51_de2d))
    var two = one
    two.combine(UInt64(2))
    #expect(two.finalize() == StateHash(rawValue: 0xd42e_89ef_f7eb_ef82))
  }

  @Test("the same inputs always give the same hash")
  func deterministic() {
    func hash() -> StateHash {
      var hasher = StateHasher()
      hasher.combine(UInt64(7))
      hasher.combine(-3)
      hasher.combine(Float(1.5))
      hasher.combine(true)
      hasher.combine(Vector2(2, 3))
      hasher.combine("castle")
      return hasher.finalize()
    }
    #expect(hash() == hash())
  }

  @Test("the order of inputs matters")
  func orderMatters() {
    var forward = StateHasher()
    forward.combine(UInt64(1))
    forward.combine(UInt64(2))
    var backward = StateHasher()
    backward.combine(UInt64(2))
    backward.combine(UInt64(1))
    #expect(forward.finalize() != backward.finalize())
  }

  @Test("typed combines feed the documented bits")
  func typedCombines() {
    func hash(_ body: (inout StateHasher) -> Void) -> StateHash {
      var hasher = StateHasher()
      body(&hasher)
      return hasher.finalize()
    }
    #expect(hash { $0.combine(-1) } == hash { $0.combine(UInt64.max) })
    #expect(hash { $0.combine(true) } == hash { $0.combine(UInt64(1)) })
    #expect(hash { $0.combine(false) } == hash { $0.combine(UInt64(0)) })
    #expect(hash { $0.combine(Float(1)) } == hash { $0.combine(UInt64(0x3f80_0000)) })
    #expect(
      hash { $0.combine(Vector2(1, 2)) }
        == hash {
          $0.combine(Float(1))
          $0.combine(Float(2))
        })
    // A float's exact bits: 0 and -0 compare equal but hash differently.
    #expect(hash { $0.combine(Float(0)) } != hash { $0.combine(Float(-0.0)) })
  }

  @Test("strings include their length, so splitting them differently changes the hash")
  func stringsIncludeLength() {
    var split = StateHasher()
    split.combine("ab")
    split.combine("c")
    var other = StateHasher()
    other.combine("a")
    other.combine("bc")
    #expect(split.finalize() != other.finalize())
    var empty = StateHasher()
    empty.combine("")
    #expect(
      empty.finalize()
        == {
          var zero = StateHasher(); zero.combine(0); return zero.finalize()
        }())
  }
}
