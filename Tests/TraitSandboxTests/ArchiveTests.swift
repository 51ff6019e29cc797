import Testing
import TraitSandbox

/// Every kind of value an archive keeps.
private struct Sample: Codable, Equatable {
  enum Mood: Codable, Equatable {
    case calm
    case angry(level: Int, at: Vector2)
  }
  var flag = true
  var small: Int8 = -7
  var big: UInt64 = .max
  var negative = Int.min
  var float: Float = -0.0
  var double = 1e-300
  var text = "zap ⚡️"
  var vector = Vector2(1.5, -2.25)
  var present: Int? = 3
  var absent: String? = nil
  var list: [Int?] = [1, nil, 3]
  var nested: [[Float]] = [[], [1], [2, 3]]
  var moods: [Mood] = [.calm, .angry(level: 9, at: Vector2(3, 4))]
}

/// `Sample` with one field renamed.
private struct Renamed: Codable {
  var flag: Bool
  var tiny: Int8
}

/// `Sample`'s first field only.
private struct Shorter: Codable {
  var flag: Bool
}

@Suite("Archive")
struct ArchiveTests {
  private func bytes<Value: Encodable>(_ values: Value...) throws -> [UInt8] {
    var writer = ArchiveWriter()
    for value in values { try writer.encode(value) }
    return writer.bytes
  }

  @Test("values of every kind read back equal, one after another")
  func roundTrip() throws {
    var other = Sample()
    other.absent = "here"
    other.present = nil
    other.moods = []
    var reader = try ArchiveReader(try bytes(Sample(), other))
    #expect(try reader.decode(Sample.self) == Sample())
    #expect(try reader.decode(Sample.self) == other)
    #expect(reader.isAtEnd)
  }

  @Test("a float keeps its exact bits, negative zero included")
  func exactFloats() throws {
    var reader = try ArchiveReader(
      try bytes(Float(-0.0), Float.ulpOfOne, Float.leastNonzeroMagnitude))
    #expect(try reader.decode(Float.self).bitPattern == Float(-0.0).bitPattern)
    #expect(try reader.decode(Float.self) == .ulpOfOne)
    #expect(try reader.decode(Float.self) == .leastNonzeroMagnitude)
  }

  @Test("a field the reading type does not have is named")
  func renamedField() throws {
    var reader = try ArchiveReader(try bytes(Sample()))
    #expect(throws: ArchiveError(offset: 3, reason: "expected field 'tiny', found 'small'")) {
      try reader.decode(Renamed.self)
    }
  }

  @Test("fields the reading type leaves unread are named")
  func extraField() throws {
    var reader = try ArchiveReader(try bytes(Sample()))
    #expect(throws: ArchiveError(offset: 3, reason: "field 'small' is not one this program reads"))
    {
      try reader.decode(Shorter.self)
    }
  }

  @Test("a dictionary of more than one entry is refused, not read wrongly")
  func dictionary() throws {
    var reader = try ArchiveReader(try bytes(["a": 1, "b": 2]))
    #expect(throws: ArchiveError.self) { try reader.decode([String: Int].self) }
  }

  @Test("a number that is not finite is refused")
  func notFinite() throws {
    var reader = try ArchiveReader(try bytes(Float.nan))
    #expect(throws: ArchiveError(offset: 4, reason: "a number is not finite (nan)")) {
      try reader.decode(Float.self)
    }
  }

  @Test("a value that does not fit its type is refused")
  func overflow() throws {
    var reader = try ArchiveReader(try bytes(UInt64(300)))
    #expect(throws: ArchiveError(offset: 2, reason: "300 does not fit in UInt8")) {
      try reader.decode(UInt8.self)
    }
  }

  @Test("every truncation and every single-byte change reads as an error or a value, never a trap")
  func damage() throws {
    let good = try bytes(Sample())
    for length in 0..<good.count {
      #expect(throws: ArchiveError.self) {
        var reader = try ArchiveReader(Array(good.prefix(length)))
        _ = try reader.decode(Sample.self)
      }
    }
    for offset in good.indices {
      for value: UInt8 in [0, 1, 2, 0x7F, 0x80, 0xFF] {
        var damaged = good
        damaged[offset] = value
        var reader = try? ArchiveReader(damaged)
        _ = try? reader?.decode(Sample.self)
      }
    }
  }
}
