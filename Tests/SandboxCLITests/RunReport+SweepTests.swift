import Testing

@testable import SandboxCLI

@Suite("RunReport+Sweep: JSON without the wall clock")
struct RunReportSweepTests {
  @Test("removes every member of that name, wherever it sits, and nothing else")
  func removesMembers() {
    let json =
      #"{"a":1,"wallSeconds":0.25,"b":{"wallSeconds":null,"c":2},"d":{"wallSeconds":1},"#
      + #""wallSeconds":3e-07}"#
    #expect(
      RunReport.removingMembers(named: "wallSeconds", from: json)
        == #"{"a":1,"b":{"c":2},"d":{}}"#)
  }

  @Test("a key's name inside a string value is left alone")
  func ignoresStrings() {
    let json = #"{"scenario":"x,\"wallSeconds\":1","wallSeconds":0.5,"seed":1}"#
    #expect(
      RunReport.removingMembers(named: "wallSeconds", from: json)
        == #"{"scenario":"x,\"wallSeconds\":1","seed":1}"#)
  }
}
