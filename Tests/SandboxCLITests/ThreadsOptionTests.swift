import Foundation
import Testing

@testable import SandboxCLI

@Suite("sandbox run --threads")
struct ThreadsOptionTests {
  private func hash(threads: String) throws -> String {
    let result = sandbox(
      "run", "--json", "--scenario", "swarm", "--entities", "9000", "--ticks", "8", "--threads",
      threads)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    return try #require(object["stateHash"] as? String)
  }

  @Test("one thread and two print the same stateHash")
  func sameHash() throws {
    #expect(try hash(threads: "1") == hash(threads: "2"))
  }

  @Test("a thread count out of range is a usage error naming the range")
  func outOfRange() {
    let result = sandbox("run", "--threads", "0")
    #expect(result.status == 64)
    #expect(result.error.contains("'--threads <n>': expected a whole number from 1 to 256"))
  }
}
