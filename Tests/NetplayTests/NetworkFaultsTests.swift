import Netplay
import Testing

@Suite("Netplay: simulated faults and session codes")
struct NetworkFaultsTests {
  @Test("faults read as percentages and times, and say themselves back")
  func reads() throws {
    let faults = try NetworkFaults(items: ["delay=0.2s", "loss=12.5%", "jitter=5ms"])
    #expect(faults.loss == 0.125)
    #expect(faults.delay == 0.2)
    #expect(faults.jitter == 0.005)
    #expect(faults.description == "loss=12.5%,delay=200ms,jitter=5ms")
    #expect(try NetworkFaults(items: []).isNone)
  }

  @Test(
    "a bad item is named with what it needs",
    arguments: [
      ("loss", "\"loss\" is not name=value, e.g. loss=5%"),
      ("lag=5ms", "\"lag=5ms\" names no fault: expected loss, delay, jitter, duplicate or reorder"),
      ("loss=5", "\"loss=5\" needs a percentage from 0% to 100%, e.g. 5%"),
      ("loss=150%", "\"loss=150%\" needs a percentage from 0% to 100%, e.g. 5%"),
      ("delay=50", "\"delay=50\" needs a time from 0 to 10 s, e.g. 50ms or 0.2s"),
      ("delay=11s", "\"delay=11s\" needs a time from 0 to 10 s, e.g. 50ms or 0.2s"),
      ("jitter=nanms", "\"jitter=nanms\" needs a time from 0 to 10 s, e.g. 50ms or 0.2s"),
    ])
  func refuses(item: String, message: String) {
    #expect(throws: NetworkFaultsError.self) { try NetworkFaults(items: [item]) }
    do {
      _ = try NetworkFaults(items: [item])
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("a fault given twice is refused")
  func repeated() {
    let error = #expect(throws: NetworkFaultsError.self) {
      try NetworkFaults(items: ["loss=1%", "loss=2%"])
    }
    #expect(error?.problem == .repeated)
    #expect(error?.item == "loss=2%")
  }

  @Test("the simulated link loses, delays and duplicates as asked, and is bounded")
  func link() throws {
    var faults = NetworkFaults()
    faults.loss = 0.5
    faults.delay = 0.05
    var link = FaultyLink(faults: faults, seed: 3, capacity: 100)
    for index in 0..<1000 { link.send([UInt8(index % 256)], now: 0) }
    #expect(link.due(now: 0.049).isEmpty)
    let arrived = link.due(now: 0.05).count
    #expect(arrived == 100)  // half of 1000 kept, of which the first 100 fit
    var duplicating = NetworkFaults()
    duplicating.duplicate = 1
    var twice = FaultyLink(faults: duplicating, seed: 3)
    twice.send([1], now: 0)
    #expect(twice.due(now: 0) == [[1], [1]])
  }

  @Test("a session code reads back from how it is shown, with or without dashes")
  func sessionCode() {
    let code = SessionCode(value: 0x0f9a_12cd_88e0_4b71)
    #expect(code.description == "0f9a-12cd-88e0-4b71")
    #expect(SessionCode("0f9a-12cd-88e0-4b71") == code)
    #expect(SessionCode("0F9A12CD88E04B71") == code)
    #expect(SessionCode("0f9a-12cd-88e0") == nil)
    #expect(SessionCode("zzzz-12cd-88e0-4b71") == nil)
  }
}
