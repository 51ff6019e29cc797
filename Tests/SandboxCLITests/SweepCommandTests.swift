import Foundation
import GameShell
import Gameplay
import MonsterWars
import Testing

@testable import SandboxCLI

/// The JSON lines of a sweep's `--out` file.
private func lines(_ file: URL) throws -> [Substring] {
  try String(contentsOf: file, encoding: .utf8)
    .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
}

/// A JSON line as a dictionary.
private func object(_ line: some StringProtocol) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
}

/// The `sweepHash:` line of a sweep's summary.
private func sweepHash(_ output: String) -> Substring? {
  output.split(separator: "\n").first { $0.hasPrefix("sweepHash: ") }
}

@Suite("Command line: sandbox sweep")
struct SweepCommandTests {
  @Test("each --out line is its seed's run: its hash, tick and figures, in seed order")
  func linesAreRuns() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("sweep.jsonl")
    let sweep = sandbox(
      "sweep", "--seeds", "5-9", "--ticks", "300", "--jobs", "2", "--out", file.path)
    #expect(sweep.status == 0, "\(sweep.error)")
    let objects = try lines(file).map(object)
    #expect(objects.compactMap { $0["seed"] as? Int } == Array(5...9))
    for (offset, sweepObject) in objects.enumerated() {
      let seed = 5 + offset
      #expect(sweepObject["tick"] as? Int == 300)
      let run = try object(sandbox("run", "--seed", "\(seed)", "--ticks", "300", "--json").output)
      for key in ["stateHash", "entityCount", "atStart", "spawned", "killed", "removed", "alive"] {
        let (swept, ran) = (try #require(sweepObject[key]), try #require(run[key]))
        #expect(NSDictionary(dictionary: [key: swept]).isEqual(to: [key: ran]), "\(seed) \(key)")
      }
      #expect(sweepObject["wallSeconds"] == nil && sweepObject["ran"] == nil)
    }
  }

  @Test("--jobs changes nothing in the summary or the lines", arguments: ["2", "3", "8"])
  func jobsAgree(jobs: String) throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (one, many) = (folder.appending(path: "1.jsonl"), folder.appending(path: "n.jsonl"))
    let serial = sandbox(
      "sweep", "--seeds", "1-8", "--ticks", "300", "--jobs", "1", "--out", one.path)
    let parallel = sandbox(
      "sweep", "--seeds", "1-8", "--ticks", "300", "--jobs", jobs, "--out", many.path)
    #expect(serial.status == 0 && parallel.status == 0)
    #expect(try lines(one).count == 8)
    #expect(try Data(contentsOf: one) == Data(contentsOf: many))
    #expect(serial.output.replacing(one.path, with: many.path) == parallel.output)
  }

  @Test("shards 1/N to N/N, concatenated in order, are the whole sweep", arguments: [2, 3, 4])
  func shardsConcatenate(count: Int) throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = folder.appending(path: "whole.jsonl")
    #expect(sandbox("sweep", "--seeds", "11-17", "--ticks", "200", "--out", whole.path).status == 0)
    var concatenated = Data()
    for index in 1...count {
      let part = folder.appending(path: "\(index).jsonl")
      let shard = sandbox(
        "sweep", "--seeds", "11-17", "--ticks", "200", "--shard", "\(index)/\(count)", "--out",
        part.path)
      #expect(shard.status == 0)
      concatenated += try Data(contentsOf: part)
    }
    #expect(try lines(whole).count == 7)
    #expect(concatenated == (try Data(contentsOf: whole)))
  }

  @Test("a shard past the seeds plays nothing and says so")
  func emptyShard() {
    let result = sandbox("sweep", "--seeds", "1-2", "--ticks", "60", "--shard", "3/3")
    #expect(result.status == 0)
    #expect(
      result.output.contains("shard 3/3 of seeds 1-2: no seeds (0 games)"), "\(result.output)")
  }

  @Test("without --ticks each match plays to its end, and the outcomes add up")
  func toTheEnd() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("sweep.jsonl")
    let result = sandbox("sweep", "--seeds", "1-3", "--jobs", "2", "--json", "--out", file.path)
    #expect(result.status == 0, "\(result.error)")
    let summary = try object(result.output)
    #expect(summary["games"] as? Int == 3 && summary["tickLimit"] is NSNull)
    let objects = try lines(file).map(object)
    // Every duel ends with a castle down or at the tick limit.
    #expect(objects.allSatisfy { $0["outcome"] is String })
    let outcomes = try #require(summary["outcomes"] as? [[String: Any]])
    for outcome in outcomes {
      let name = try #require(outcome["outcome"] as? String)
      #expect(outcome["games"] as? Int == objects.count { $0["outcome"] as? String == name })
    }
    let counted = outcomes.compactMap { $0["games"] as? Int }.reduce(0, +)
    #expect(counted == 3)
    let ticks = try #require(summary["ticks"] as? [String: Any])
    #expect(ticks["max"] as? Int == objects.compactMap { $0["tick"] as? Int }.max())
  }

  @Test("--out writes the lines atomically; the summary names it")
  func outFile() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("sweep.jsonl")
    let toFile = sandbox("sweep", "--seeds", "1-3", "--ticks", "100", "--out", file.path)
    let plain = sandbox("sweep", "--seeds", "1-3", "--ticks", "100")
    #expect(toFile.status == 0 && toFile.error.isEmpty)
    #expect(toFile.output.hasPrefix("Sweep: monsterwars, seeds 1-3 (3 games), up to 100 ticks"))
    #expect(toFile.output.hasSuffix("\nout: \(file.path)\n"))
    #expect(sweepHash(toFile.output) != nil && sweepHash(toFile.output) == sweepHash(plain.output))
    #expect(try lines(file).count == 3)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sweep.jsonl"])
  }

  @Test("--out refuses a folder, a FIFO, a missing folder and a file as a folder with exit 73")
  func outRefused() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let plain = folder.appendingPathComponent("plain")
    #expect(FileManager.default.createFile(atPath: plain.path, contents: Data()))
    for (path, reason) in [
      (folder.path, "it is a folder"), (fifo.path, "it is a FIFO (named pipe)"),
      (folder.appendingPathComponent("missing/x.jsonl").path, "does not exist"),
      (plain.appendingPathComponent("x.jsonl").path, "'\(plain.path)' is a file, not a folder"),
    ] {
      let result = sandbox("sweep", "--seeds", "1-2", "--ticks", "10", "--out", path)
      #expect(result.status == 73)
      #expect(result.output.isEmpty)
      #expect(result.error.hasPrefix("Error: Cannot write "))
      #expect(result.error.contains(reason))
    }
  }

  @Test(
    "bad values exit 64 naming the option",
    arguments: [
      (["--seeds", "5-1"], "The value '5-1' is invalid for '--seeds <a-b>'"),
      (["--seeds", "1-x"], "The value '1-x' is invalid for '--seeds <a-b>'"),
      (["--seeds", "1-4", "--shard", "3/2"], "The value '3/2' is invalid for '--shard <k/n>'"),
      (["--seeds", "1-4", "--shard", "0/2"], "The value '0/2' is invalid for '--shard <k/n>'"),
      (["--seeds", "1-4", "--jobs", "0"], "The value '0' is invalid for '--jobs <n>'"),
      (["--seeds", "1-4", "--jobs", "257"], "The value '257' is invalid for '--jobs <n>'"),
      (["--ticks", "10"], "Missing '--seeds <a-b>'"),
    ])
  func usageErrors(arguments: [String], message: String) {
    let captured = CapturedConsole()
    let status = Sandbox.main(
      Sandbox.Invocation(
        arguments: ["sweep"] + arguments, environment: [:],
        executablePath: "/nonexistent/sandbox", workingDirectory: packageRoot.path),
      console: captured.console)
    #expect(status == 64)
    #expect(captured.standardOutput.isEmpty)
    #expect(captured.standardError.hasPrefix("Error: \(message)"))
    #expect(captured.standardError.contains("Usage: sandbox sweep"))
  }

  @Test("help lists every option")
  func help() {
    let result = sandbox("help", "sweep")
    #expect(result.status == 0)
    for option in [
      "--scenario <file>", "--entities <n>", "--seeds <a-b>", "--jobs <n>", "--shard <k/n>",
      "--out <file>", "--ticks <n>", "--json", "--assets <dir>",
    ] {
      #expect(result.output.contains(option), "missing \(option)")
    }
  }
}
