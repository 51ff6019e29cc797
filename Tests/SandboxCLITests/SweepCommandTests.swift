import Foundation
import GameShell
import Gameplay
import MonsterWars
import Testing

@testable import SandboxCLI

/// The JSON lines of a sweep's standard output.
private func lines(_ output: String) -> [Substring] {
  output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
}

/// A JSON line as a dictionary.
private func object(_ line: some StringProtocol) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
}

/// Every key of a compact JSON text, nested ones included, in the order they appear.
private func keys(_ json: some StringProtocol) -> [String] {
  String(json).matches(of: /"([A-Za-z]+)":/).map { String($0.output.1) }
}

/// The figure after `label` in a summary line such as `Results:    left wins 3, ...`.
private func figure(_ label: String, in summary: String) throws -> Int {
  let pattern = try Regex("\(label) +([0-9,]+)")
  let match = try #require(summary.firstMatch(of: pattern))
  let digits = try #require(match.output[1].substring).filter(\.isNumber)
  return try #require(Int(digits))
}

@Suite("Command line: sandbox sweep")
struct SweepCommandTests {
  @Test("each line is the run --json object of its seed, without the wall-clock members")
  func linesMatchRun() throws {
    let sweep = sandbox("sweep", "--seeds", "5-9", "--ticks", "300", "--jobs", "2")
    #expect(sweep.status == 0)
    let sweepLines = lines(sweep.output)
    #expect(sweepLines.count == 5)
    for (offset, line) in sweepLines.enumerated() {
      let seed = 5 + offset
      let sweepObject = try object(line)
      #expect(sweepObject["seed"] as? Int == seed)
      #expect(sweepObject["ticks"] as? Int == 300)
      for key in RunReport.wallClockKeys { #expect(sweepObject[key] == nil) }

      let run = sandbox("run", "--seed", "\(seed)", "--ticks", "300", "--json")
      #expect(run.status == 0)
      var runObject = try object(run.output)
      for key in RunReport.wallClockKeys { #expect(runObject.removeValue(forKey: key) != nil) }
      #expect(NSDictionary(dictionary: sweepObject).isEqual(to: runObject))
      #expect(keys(line) == keys(run.output).filter { !RunReport.wallClockKeys.contains($0) })
    }
  }

  @Test("lines carry the documented keys, in seed order")
  func keysAndOrder() throws {
    let result = sandbox("sweep", "--seeds", "41-46", "--ticks", "120", "--jobs", "3")
    #expect(result.status == 0)
    let objects = try lines(result.output).map(object)
    #expect(objects.compactMap { $0["seed"] as? Int } == Array(41...46))
    for object in objects {
      for key in [
        "scenario", "seed", "ticks", "simulatedSeconds", "result", "winner", "stateHash",
        "entityCount", "atStart", "spawned", "killed", "removed", "alive",
      ] {
        #expect(object[key] != nil, "missing key \(key)")
      }
      #expect(object["scenario"] as? String == "duel")
      #expect(object["result"] as? String == "unfinished")
      #expect(object["tick"] == nil && object["startTick"] == nil)
    }
  }

  @Test("one seed alone is a range of one")
  func singleSeed() throws {
    let result = sandbox("sweep", "--seeds", "7", "--ticks", "60", "--jobs", "1")
    #expect(result.status == 0)
    let objects = try lines(result.output).map(object)
    #expect(objects.count == 1 && objects.first?["seed"] as? Int == 7)
  }

  @Test("--jobs changes nothing in the output", arguments: ["2", "3", "8"])
  func jobsAgree(jobs: String) {
    let serial = sandbox("sweep", "--seeds", "1-8", "--ticks", "300", "--jobs", "1")
    let parallel = sandbox("sweep", "--seeds", "1-8", "--ticks", "300", "--jobs", jobs)
    #expect(serial.status == 0 && parallel.status == 0)
    #expect(lines(serial.output).count == 8)
    #expect(serial.output == parallel.output)
  }

  @Test("shards 1/N to N/N, concatenated in order, are the whole sweep", arguments: [2, 3, 4])
  func shardsConcatenate(count: Int) {
    let whole = sandbox("sweep", "--seeds", "11-17", "--ticks", "200")
    #expect(whole.status == 0)
    var concatenated = ""
    for index in 1...count {
      let shard = sandbox(
        "sweep", "--seeds", "11-17", "--ticks", "200", "--shard", "\(index)/\(count)")
      #expect(shard.status == 0)
      concatenated += shard.output
    }
    #expect(lines(whole.output).count == 7)
    #expect(concatenated == whole.output)
  }

  @Test("a shard past the seeds plays nothing and says so")
  func emptyShard() throws {
    let result = sandbox("sweep", "--seeds", "1-2", "--ticks", "60", "--shard", "3/3")
    #expect(result.status == 0)
    #expect(result.output.isEmpty)
    #expect(try figure("Matches:", in: result.error) == 0)
    #expect(result.error.contains("shard 3/3 of seeds 1-2: no seeds"))
    #expect(result.error.contains("n/a (no matches)"))
  }

  @Test("the summary's counts add up and agree with the lines")
  func summaryAddsUp() throws {
    let result = sandbox("sweep", "--seeds", "953-955", "--ticks", "4000", "--jobs", "2")
    #expect(result.status == 0)
    let objects = try lines(result.output).map(object)
    let summary = result.error
    let matches = try figure("Matches:", in: summary)
    let left = try figure("left wins", in: summary)
    let right = try figure("right wins", in: summary)
    let draws = try figure("draws", in: summary)
    let unfinished = try figure("unfinished", in: summary)
    #expect(matches == objects.count)
    #expect(left + right + draws + unfinished == matches)
    #expect(left == objects.filter { $0["winner"] as? String == "left" }.count)
    #expect(right == objects.filter { $0["winner"] as? String == "right" }.count)
    #expect(draws == objects.filter { $0["result"] as? String == "draw" }.count)
    #expect(unfinished == objects.filter { $0["result"] as? String == "unfinished" }.count)
    #expect(matches == 3)
    let interval = try #require(WilsonScoreInterval(successes: left, trials: matches))
    func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }
    #expect(
      summary.contains(
        "Left wins:  \(percent(Double(left) / 3)) of matches (95% CI \(percent(interval.lower)) "
          + "to \(percent(interval.upper)))"))
    let ticks = objects.compactMap { $0["ticks"] as? Int }
    #expect(summary.contains("min \(SweepSummary.grouped(ticks.min() ?? -1)),"))
    #expect(summary.contains("max \(SweepSummary.grouped(ticks.max() ?? -1))\n"))
  }

  @Test("--out writes the same lines to a file and the summary to standard output")
  func outFile() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("sweep.jsonl")
    let toFile = sandbox("sweep", "--seeds", "1-3", "--ticks", "100", "--out", file.path)
    let toOutput = sandbox("sweep", "--seeds", "1-3", "--ticks", "100")
    #expect(toFile.status == 0)
    #expect(toFile.error.isEmpty)
    #expect(toFile.output.hasPrefix("Wrote \(file.path): 3 lines\nSweep:      duel, seeds 1-3"))
    #expect(try String(contentsOf: file, encoding: .utf8) == toOutput.output)
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
      "--scenario <name-or-path>", "--seeds <a-b>", "--jobs <n>", "--shard <k/n>",
      "--out <file>", "--ticks <n>", "--assets <dir>",
    ] {
      #expect(result.output.contains(option), "missing \(option)")
    }
  }
}
