import Foundation
import GameShell
import Imaging
import MonsterWars
import Testing

@testable import SandboxCLI

/// A fresh scratch folder.
func scratchFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("sandbox-cli-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// A scratch copy of the shipped scenarios and sprites, to damage in a test.
func copiedAssets() throws -> URL {
  let assets = try scratchFolder()
  let shipped = packageRoot.appendingPathComponent("Assets")
  for folder in ["scenarios", "sprites"] {
    try FileManager.default.copyItem(
      at: shipped.appendingPathComponent(folder), to: assets.appendingPathComponent(folder))
  }
  return assets
}

@Suite("Command line: pictures")
struct RenderCommandTests {
  @Test("render writes one PNG of the requested size at the requested tick")
  func renderPNG() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("x.png")
    let result = sandbox(
      "render", "--seed", "3", "--tick", "120", "--out", out.path, "--size", "320x180")
    #expect(result.status == 0)
    // Every game's report: the hash and tick, the game's lines, how it was set up, the
    // picture and its size.
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("stateHash: ") == true)
    #expect(lines.contains("tick: 120") && lines.contains("seed: 3"))
    #expect(lines.suffix(2) == ["png: \(out.path)", "size: 320x180"])
    let image = try PNG.decode(try Data(contentsOf: out))
    #expect(image.width == 320 && image.height == 180)
    #expect(Set(stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }).count > 20)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(leftovers == ["x.png"])
  }

  @Test("render --json names the picture, its tick and the stateHash there, on any --threads")
  func renderJSON() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (one, two) = (folder.appending(path: "1.png"), folder.appending(path: "2.png"))
    let common = ["render", "--seed", "3", "--tick", "90", "--size", "160x90", "--json"]
    let first = sandbox(common + ["--out", one.path, "--threads", "1"])
    let second = sandbox(common + ["--out", two.path, "--threads", "2"])
    #expect(first.status == 0 && second.status == 0, "\(first.error)\(second.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
    #expect(object["tick"] as? Int == 90 && object["png"] as? String == one.path)
    let size = try #require(object["size"] as? [String: Any])
    #expect(size["width"] as? Int == 160 && size["height"] as? Int == 90)
    // The hash a run to the same tick prints.
    let run = sandbox("run", "--seed", "3", "--ticks", "90")
    #expect(run.output.hasPrefix("stateHash: \(object["stateHash"] as? String ?? "none")\n"))
    #expect(first.output.replacing(one.path, with: two.path) == second.output)
    #expect(try Data(contentsOf: one) == Data(contentsOf: two))
  }

  @Test("--zoom shows part of the world: the left castle fills more of a zoomed picture")
  func zoom() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = folder.appendingPathComponent("whole.png")
    let one = folder.appendingPathComponent("one.png")
    let zoomed = folder.appendingPathComponent("zoomed.png")
    #expect(sandbox("render", "--tick", "1", "--out", whole.path, "--size", "320x180").status == 0)
    #expect(
      sandbox("render", "--tick", "1", "--out", one.path, "--size", "320x180", "--zoom", "1")
        .status == 0)
    #expect(
      sandbox(
        "render", "--tick", "1", "--out", zoomed.path, "--size", "320x180", "--zoom", "4",
        "--center", "80,360"
      ).status == 0)
    #expect(try Data(contentsOf: one) == Data(contentsOf: whole))
    // The castle's blue: how many pixels are mostly blue.
    func bluePixels(_ url: URL) throws -> Int {
      let image = try PNG.decode(try Data(contentsOf: url))
      return stride(from: 0, to: image.pixels.count, by: 4).filter {
        image.pixels[$0 + 2] > 200 && image.pixels[$0] < 150
      }.count
    }
    #expect(try bluePixels(zoomed) > 8 * (try bluePixels(whole)))
  }

  @Test("the same render twice gives identical files; BMP output works too")
  func renderIsDeterministic() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("a.png")
    let second = folder.appendingPathComponent("b.png")
    let bitmap = folder.appendingPathComponent("c.bmp")
    for file in [first, second, bitmap] {
      #expect(sandbox("render", "--tick", "90", "--out", file.path, "--size", "160x90").status == 0)
    }
    #expect(try Data(contentsOf: first) == Data(contentsOf: second))
    let png = try PNG.decode(try Data(contentsOf: first))
    let bmp = try BMP.decode(try Data(contentsOf: bitmap))
    #expect(png == bmp)
  }

  @Test(
    "render usage errors exit 64",
    arguments: [
      (["render", "--out", "x.png"], "Missing '--tick <t>'"),
      (["render", "--tick", "5"], "Missing '--out <file>'"),
      (["render", "--tick", "5", "--out", "x.gif"], "expected a .png or .bmp file"),
      (["render", "--tick", "5", "--out", "x.png", "--size", "12x12"], "each side must be 16"),
      (["render", "--tick", "5", "--out", "x.png", "--size", "wide"], "expected e.g. 1280x720"),
      (["render", "--tick", "-1", "--out", "x.png"], "The value '-1' is invalid for '--tick <t>'"),
      (["run", "--every", "5"], "--every goes with --frames"),
      (["run", "--zoom", "2"], "--zoom goes with --frames or --png"),
      (
        ["render", "--tick", "5", "--out", "x.png", "--zoom", "0.5"],
        "expected a number from 1 to 64"
      ),
      (
        ["render", "--tick", "5", "--out", "x.png", "--zoom", "nan"],
        "expected a number from 1 to 64"
      ),
      (
        ["render", "--tick", "5", "--out", "x.png", "--center", "3"],
        "expected a point in world units"
      ),
    ])
  func usage(arguments: [String], message: String) {
    let captured = CapturedConsole()
    let status = Sandbox.main(
      Sandbox.Invocation(
        arguments: arguments, environment: [:], executablePath: "/nonexistent/sandbox",
        workingDirectory: packageRoot.path),
      console: captured.console)
    #expect(status == 64)
    #expect(captured.standardError.contains(message), "\(captured.standardError)")
  }

  @Test("an unwritable output is a clear error, exit 73")
  func unwritable() {
    let result = sandbox("render", "--tick", "1", "--out", "/nonexistent-folder/x.png")
    #expect(result.status == 73)
    #expect(result.error.contains("/nonexistent-folder/x.png"))
  }

  @Test("run --frames writes a valid PNG every k ticks, named by tick")
  func frames() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let frames = folder.appendingPathComponent("out")
    let result = sandbox(
      "run", "--ticks", "240", "--frames", frames.path, "--every", "60", "--size", "64x36", "--json"
    )
    #expect(result.status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
    #expect(
      names == [
        "frame_000000.png", "frame_000060.png", "frame_000120.png", "frame_000180.png",
        "frame_000240.png",
      ])
    for name in names {
      let image = try PNG.decode(try Data(contentsOf: frames.appendingPathComponent(name)))
      #expect(image.width == 64 && image.height == 36)
    }
  }

  @Test("--frames naming a file, or a folder that cannot be made, is refused at once: exit 73")
  func unusableFramesFolder() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("notes.txt")
    try Data("x".utf8).write(to: file)
    let inFile = sandbox("run", "--ticks", "5", "--frames", file.path + "/frames")
    #expect(inFile.status == 73)
    // The error is the last line: a note on placeholder sprites may come before it.
    #expect(
      inFile.error.hasSuffix(
        "Error: --frames: '\(file.path)' is not a folder, so frames cannot go in it\n"))
    let made = sandbox("run", "--ticks", "1", "--frames", folder.path + "/a/b")
    #expect(made.status == 0)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/a/b/frame_000001.png"))
  }

  @Test("writing frames does not change the stateHash")
  func framesDoNotPerturb() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func hash(_ extra: [String]) throws -> String {
      let captured = CapturedConsole()
      _ = Sandbox.main(
        Sandbox.Invocation(
          arguments: ["run", "--seed", "5", "--ticks", "300", "--json"] + extra, environment: [:],
          executablePath: "/nonexistent/sandbox", workingDirectory: packageRoot.path),
        console: captured.console)
      let object = try JSONSerialization.jsonObject(with: Data(captured.standardOutput.utf8))
      return try #require((object as? [String: Any])?["stateHash"] as? String)
    }
    let plain = try hash([])
    let filmed = try hash(["--frames", folder.path, "--every", "50", "--size", "32x18"])
    #expect(plain == filmed)
  }

  @Test("a monster without a sprite file is drawn with a placeholder, and run says so once")
  func missingSprite() throws {
    let assets = try copiedAssets()
    defer { try? FileManager.default.removeItem(at: assets) }
    let shipped = packageRoot.appendingPathComponent("Assets")
    let monster = try #require(
      Roster.standard.unitTypes.last { type in
        FileManager.default.fileExists(
          atPath: shipped.appendingPathComponent("sprites/\(type.sprite.name).bmp").path)
      })
    let sprite = assets.appendingPathComponent("sprites/\(monster.sprite.name).bmp")
    try FileManager.default.removeItem(at: sprite)
    let frames = assets.appendingPathComponent("frames")
    let result = sandbox(
      "run", "--ticks", "10", "--assets", assets.path, "--frames", frames.path, "--every", "5")
    #expect(result.status == 0, "\(result.error)")
    // One note, naming the type and the file (and any other type that has no sprite either).
    let notes = result.error.split(separator: "\n").filter { $0.hasPrefix("Note: ") }
    #expect(notes.count == 1, "\(notes)")
    let note = try #require(notes.first)
    #expect(note.contains(" drawn with a placeholder: no "))
    #expect(note.contains(monster.typeName) && note.contains("\(monster.sprite.name).bmp"))
    #expect(note.hasSuffix(" in \(assets.appendingPathComponent("sprites").path)"))
    #expect(
      FileManager.default.fileExists(atPath: frames.appendingPathComponent("frame_000010.png").path)
    )
    let render = sandbox(
      "render", "--tick", "5", "--assets", assets.path, "--out",
      assets.appendingPathComponent("r.png").path)
    #expect(render.status == 0)
    #expect(render.error.hasPrefix("Note: ") && render.error.contains(monster.typeName))

    // The font and the background have no placeholder: without one, run stops at start.
    try FileManager.default.removeItem(at: assets.appendingPathComponent("sprites/font.bmp"))
    try FileManager.default.removeItem(at: frames)
    let broken = sandbox(
      "run", "--ticks", "10", "--assets", assets.path, "--frames", frames.path)
    #expect(broken.status == 66)
    #expect(broken.error.hasPrefix("Error: Sprites in "))
    #expect(broken.error.contains("font.bmp: missing"))
    #expect(broken.output.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: frames.path))
    // A run that draws nothing reads no sprites: it plays, and notes nothing.
    let plain = sandbox("run", "--ticks", "10", "--assets", assets.path)
    #expect(plain.status == 0 && plain.error.isEmpty, "\(plain.error)")
    let drawn = sandbox(
      "run", "--ticks", "10", "--assets", assets.path, "--png",
      assets.appendingPathComponent("end.png").path)
    #expect(drawn.status == 66 && drawn.error.contains("font.bmp: missing"))

    // A corrupt file is an error naming it, whatever the sprite is for.
    try FileManager.default.copyItem(
      at: shipped.appendingPathComponent("sprites/font.bmp"),
      to: assets.appendingPathComponent("sprites/font.bmp"))
    try Data("not a bitmap".utf8).write(to: sprite)
    let corrupt = sandbox(
      "render", "--tick", "5", "--assets", assets.path, "--out",
      assets.appendingPathComponent("r.png").path)
    #expect(corrupt.status == 65)
    #expect(corrupt.error.contains("\(monster.sprite.name).bmp: "))
  }
}
