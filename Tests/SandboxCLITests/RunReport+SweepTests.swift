import Foundation
import GameShell
import JSON
import MonsterWars
import Testing

@testable import SandboxCLI

@Suite("RunReport+Sweep: JSON without the wall clock")
struct RunReportSweepTests {
  @Test("removes every member of that name, wherever it sits, and nothing else")
  func removesMembers() throws {
    let json =
      #"{"a":1,"wallSeconds":0.25,"b":{"wallSeconds":null,"c":2},"d":[{"wallSeconds":1}],"#
      + #""scenario":"x,\"wallSeconds\":1","ticksPerSecond":3e-07}"#
    let value = try JSONValue.parse(Data(json.utf8))
    #expect(
      value.removingMembers(named: ["wallSeconds", "ticksPerSecond"]).rendered
        == #"{"a":1,"b":{"c":2},"d":[{}],"scenario":"x,\"wallSeconds\":1"}"#)
  }
}
