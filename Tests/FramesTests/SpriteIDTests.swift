import Dispatch
import Frames
import Testing

@Suite("Sprite ids")
struct SpriteIDTests {
  @Test("ids of one name are equal and keep the name; other names differ; order is by name")
  func identity() {
    // Made in an order unlike the names' order.
    let zebra = SpriteID("sprite-id-test-zebra")
    let apple = SpriteID("sprite-id-test-apple")
    #expect(SpriteID("sprite-id-test-zebra") == zebra)
    #expect(zebra != apple)
    #expect(zebra.name == "sprite-id-test-zebra" && apple.description == "sprite-id-test-apple")
    #expect([zebra, apple].sorted() == [apple, zebra])
    #expect(Set([zebra, apple, SpriteID("sprite-id-test-apple")]).count == 2)
    #expect(SpriteID("") != SpriteID(" ") && SpriteID("").name.isEmpty)
  }

  @Test("threads making ids of the same names at once get the same ids")
  func concurrentMaking() {
    let names = (0..<64).map { "sprite-id-test-concurrent-\($0)" }
    let results = Results(count: 8)
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      results.store(names.shuffled().map { SpriteID($0) }.sorted(), at: worker)
    }
    let expected = names.map(SpriteID.init).sorted()
    for worker in 0..<8 { #expect(results.value(at: worker) == expected) }
    #expect(expected.map(\.name) == names.sorted())
  }
}

/// Per-worker results, each slot written by one worker only.
private final class Results: @unchecked Sendable {
  private var slots: [[SpriteID]]
  private let lock = DispatchSemaphore(value: 1)

  init(count: Int) { slots = Array(repeating: [], count: count) }

  func store(_ ids: [SpriteID], at index: Int) {
    lock.wait()
    slots[index] = ids
    lock.signal()
  }

  func value(at index: Int) -> [SpriteID] {
    lock.wait()
    defer { lock.signal() }
    return slots[index]
  }
}
