import Foundation
import GameShell
import Testing

@testable import SandboxCLI

@Suite("sandbox run --threads")
struct ThreadsOptionTests {
  private func hash(threads: String, ticks: String = "8") throws -> String {
    let result = sandbox(
      "run", "--json", "--scenario", "swarm", "--entities", "9000", "--ticks", ticks,
      "--threads", threads)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    return try #require(object["stateHash"] as? String)
  }

  @Test("one thread and two print the same stateHash")
  func sameHash() throws {
    #expect(try hash(threads: "1") == hash(threads: "2"))
  }

  @Test(
    "more threads than cores, or than a type has columns to share, give one thread's stateHash",
    arguments: ["3", "9", "16"])
  func manyThreads(threads: String) throws {
    // Past the spatial sort of tick 16, which moves each type's columns a share per thread:
    // 4,500 Quirks' 22 columns cut 9 ways once made a ninth share past the last column.
    #expect(try hash(threads: "1", ticks: "20") == hash(threads: threads, ticks: "20"))
  }

  @Test("a thread count out of range is a usage error naming the range")
  func outOfRange() {
    let result = sandbox("run", "--threads", "0")
    #expect(result.status == 64)
    #expect(result.error.contains("'--threads <n>': expected a whole number from 1 to 256"))
  }
}
