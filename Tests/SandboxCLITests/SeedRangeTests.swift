import GameShell
import Testing

@testable import SandboxCLI

@Suite("SeedRange: --seeds")
struct SeedRangeTests {
  @Test("a-b is inclusive, and one seed is a range of one")
  func parsing() throws {
    let range = try SeedRange(parsing: "3-7")
    #expect(range.count == 5 && range[0] == 3 && range[4] == 7)
    #expect(range.description == "3-7")
    let one = try SeedRange(parsing: "18446744073709551615")
    #expect(one.count == 1 && one[0] == .max && one.description == "18446744073709551615")
  }

  @Test(
    "malformed, empty and oversized ranges are refused",
    arguments: ["", "-", "5-", "-5", "5-1", "1-2-3", "+1-3", "1 - 3", "a-b", "0-1000000000"])
  func refused(text: String) {
    #expect(throws: OptionValueError.self) { try SeedRange(parsing: text) }
  }

  @Test("the largest range allowed holds maximumCount seeds")
  func largest() throws {
    #expect(try SeedRange(parsing: "0-999999999").count == SeedRange.maximumCount)
  }
}
