import Foundation
import JSON
import Testing

private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
  try JSONValue.parse(Data(text.utf8))
}

private func parseError(_ bytes: [UInt8]) throws -> JSONParseError {
  try #require(throws: JSONParseError.self) { try JSONValue.parse(Data(bytes)) }
}

private func parseError(_ text: String) throws -> JSONParseError {
  try parseError(Array(text.utf8))
}

/// One malformed document and where and why parsing must stop.
struct BadJSON: Sendable, CustomTestStringConvertible {
  let text: String
  let line: Int
  let column: Int
  let message: String
  var testDescription: String { text.debugDescription }
}

@Suite("JSON parser")
struct JSONValueTests {
  @Test("parses every kind of value")
  func values() throws {
    let value = try parse(#" [null, true, false, 0, -1.5, 2E3, 1e-2, -0, "x", {}, []] "#)
    let expected: JSONValue = .array([
      .null, .bool(true), .bool(false), .number(0), .number(-1.5), .number(2000),
      .number(0.01), .number(0), .string("x"), .object([]), .array([]),
    ])
    #expect(value == expected)
  }

  @Test("objects keep their key order")
  func keyOrder() throws {
    let value = try parse(#"{"b": 1, "a": {"z": [true], "y": null}}"#)
    let expected: JSONValue = .object([
      (key: "b", value: .number(1)),
      (
        key: "a",
        value: .object([(key: "z", value: .array([.bool(true)])), (key: "y", value: .null)])
      ),
    ])
    #expect(value == expected)
    let reordered: JSONValue = .object([
      (key: "a", value: .number(1)), (key: "b", value: .number(1)),
    ])
    #expect(try parse(#"{"b": 1, "a": 1}"#) != reordered)
  }

  @Test("decodes all escapes")
  func escapes() throws {
    let value = try parse(#""q\" b\\ s\/ \b\f\n\r\t \u00e9\u4E2D \u0000""#)
    #expect(value == .string("q\" b\\ s/ \u{8}\u{C}\n\r\t é中 \u{0}"))
  }

  @Test("a quoted string escapes what JSON requires and parses back to itself")
  func quoting() throws {
    let text = "q\" b\\ s/ \u{8}\n\r\t é中😀 \u{0}\u{1F}"
    #expect(JSONValue.quoted(text) == #""q\" b\\ s/ \u0008\n\r\t é中😀 \u0000\u001f""#)
    #expect(try parse(JSONValue.quoted(text)) == .string(text))
  }

  @Test("keeps raw multi-byte UTF-8 and skips a byte order mark")
  func rawUTF8() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#""é😀""#.utf8)
    #expect(try JSONValue.parse(Data(bytes)) == .string("é😀"))
  }

  @Test("combines surrogate pairs")
  func surrogatePairs() throws {
    #expect(try parse(#""\ud83d\ude00!""#) == .string("😀!"))
    #expect(try parseError(#""\ud83d""#).message == "unpaired surrogate in \\u escape")
    #expect(try parseError(#""\ud83d\u0041""#).message == "unpaired surrogate in \\u escape")
    #expect(try parseError(#""\ude00""#).message == "unpaired surrogate in \\u escape")
    #expect(try parseError(#""\u12G4""#).message == "invalid \\u escape")
  }

  @Test("numbers too large for Double become infinite")
  func overflow() throws {
    #expect(try parse("1e999") == .number(.infinity))
    #expect(try parse("-1e999") == .number(-.infinity))
    #expect(try parse("1e-999") == .number(0))
  }

  @Test(
    "reports malformed input with line and column",
    arguments: [
      BadJSON(text: "", line: 1, column: 1, message: "expected a value"),
      BadJSON(
        text: "{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3, message: "expected ',' or '}'"),
      BadJSON(text: "[1, 2\n", line: 2, column: 1, message: "expected ',' or ']'"),
      BadJSON(text: "[1,]", line: 1, column: 4, message: "expected a value"),
      BadJSON(text: "{\"a\" 1}", line: 1, column: 6, message: "expected ':'"),
      BadJSON(text: "{\"a\": 1,}", line: 1, column: 9, message: "expected a string key"),
      BadJSON(text: "{1: 2}", line: 1, column: 2, message: "expected a string key"),
      BadJSON(text: "\n  \"abc", line: 2, column: 3, message: "unterminated string"),
      BadJSON(
        text: "\"a\tb\"", line: 1, column: 3, message: "unescaped control character in string"),
      BadJSON(
        text: "\"a\nb\"", line: 1, column: 3, message: "unescaped control character in string"),
      BadJSON(text: #""\x""#, line: 1, column: 2, message: "invalid escape sequence"),
      BadJSON(text: "01", line: 1, column: 1, message: "invalid number"),
      BadJSON(text: "[-01]", line: 1, column: 2, message: "invalid number"),
      BadJSON(text: "1.", line: 1, column: 1, message: "invalid number"),
      BadJSON(text: "1e+", line: 1, column: 1, message: "invalid number"),
      BadJSON(text: "-", line: 1, column: 1, message: "invalid number"),
      BadJSON(text: ".5", line: 1, column: 1, message: "expected a value"),
      BadJSON(text: "+1", line: 1, column: 1, message: "expected a value"),
      BadJSON(text: "NaN", line: 1, column: 1, message: "expected a value"),
      BadJSON(text: "tru", line: 1, column: 1, message: "expected a value"),
      BadJSON(text: "1 2", line: 1, column: 3, message: "trailing characters"),
      BadJSON(text: "{} x", line: 1, column: 4, message: "trailing characters"),
      BadJSON(text: "[\"é\", ?]", line: 1, column: 7, message: "expected a value"),
      BadJSON(text: "{\"a\": 1,\n \"a\": 2}", line: 2, column: 2, message: "duplicate key 'a'"),
    ])
  func malformed(_ bad: BadJSON) throws {
    let error = try parseError(bad.text)
    #expect(error == JSONParseError(line: bad.line, column: bad.column, message: bad.message))
  }

  @Test("rejects invalid UTF-8 at the offending byte")
  func invalidUTF8() throws {
    let quote = UInt8(ascii: "\"")
    for bad: [UInt8] in [
      [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
    ] {
      let error = try parseError([quote, UInt8(ascii: "a")] + bad + [quote])
      #expect(error == JSONParseError(line: 1, column: 3, message: "invalid UTF-8"))
    }
    #expect(try parseError([0xFF]).message == "invalid UTF-8")
  }

  @Test("limits nesting depth instead of overflowing the stack")
  func depthLimit() throws {
    let limit = JSONValue.defaultMaxDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    _ = try parse(deepest)
    let tooDeep =
      String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    let error = try parseError(tooDeep)
    #expect(error == JSONParseError(line: 1, column: limit + 1, message: "nesting too deep"))
    #expect(
      try parseError(String(repeating: "[{\"a\":", count: 100_000)).message == "nesting too deep")
    #expect(throws: JSONParseError.self) { try JSONValue.parse(Data("[[1]]".utf8), maxDepth: 1) }
  }

  @Test("arbitrary and damaged documents either round-trip or fail at a place in the input")
  func fuzz() throws {
    // A fixed-seed generator keeps failures reproducible.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    let alphabet = Array(#"{}[]",:\u0123456789-+.eEtrufalsn "#.utf8) + [0x00, 0x80, 0xC3, 0xFF]
    let document = Array(
      #"{"name": "duel", "seed": -12.5e-3, "units": [true, false, null, "\u00e9\n\"x"], "a": {}}"#
        .utf8)
    var parsedCount = 0
    var rejectedCount = 0
    for round in 0..<2000 {
      // Even rounds: short runs of JSON's own characters; odd rounds: a document with up to
      // three bytes inserted, removed or replaced.
      var bytes: [UInt8]
      if round % 2 == 0 {
        bytes = (0..<next(24)).map { _ in alphabet[next(alphabet.count)] }
      } else {
        bytes = document
        for _ in 0...next(3) {
          let position = next(bytes.count)
          switch next(3) {
          case 0: bytes.insert(alphabet[next(alphabet.count)], at: position)
          case 1: bytes.remove(at: position)
          default: bytes[position] = alphabet[next(alphabet.count)]
          }
        }
      }
      let input = String(decoding: bytes, as: UTF8.self).debugDescription
      var parsed: Bool
      do {
        let value = try JSONValue.parse(Data(bytes))
        parsed = true
        parsedCount += 1
        let reparsed = try JSONValue.parse(Data(serialized(value).utf8))
        // The package's own writer writes text that reads back to the same text (a number that
        // is a Float is written as the Float, so it may read back as that Float's value).
        let rendered = value.rendered
        #expect(try JSONValue.parse(Data(rendered.utf8)).rendered == rendered, "\(input)")
        #expect(reparsed == value, "\(input) does not survive re-serialising")
      } catch {
        parsed = false
        rejectedCount += 1
        // `parse` throws only `JSONParseError`; its position must lie within the input.
        let lineCount = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        #expect((1...lineCount).contains(error.line), "\(input): \(error)")
        #expect((1...bytes.count + 1).contains(error.column), "\(input): \(error)")
        #expect(!error.message.isEmpty)
      }
      // Foundation guesses UTF-16 or UTF-32 from NUL bytes, and accepts trailing commas.
      if !bytes.contains(0), !hasTrailingComma(bytes) {
        let foundationParses =
          (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil
        #expect(parsed == foundationParses, "\(input): JSONSerialization disagrees")
      }
    }
    // Both outcomes must be common, or the test would check little.
    #expect(parsedCount > 100)
    #expect(rejectedCount > 1000)
  }
}

/// `value` as JSON text that `JSONValue.parse` reads back as an equal value.
private func serialized(_ value: JSONValue) -> String {
  switch value {
  case .null: return "null"
  case .bool(let bool): return bool ? "true" : "false"
  case .number(let number):
    // Swift writes the shortest digits that read back exactly; infinities come from overflow.
    guard number.isFinite else { return number < 0 ? "-1e999" : "1e999" }
    return "\(number)"
  case .integer(let number): return String(number)
  case .unsigned(let number): return String(number)
  case .string(let string): return serialized(string)
  case .array(let elements): return "[" + elements.map(serialized).joined(separator: ",") + "]"
  case .object(let members):
    return "{"
      + members.map { serialized($0.key) + ":" + serialized($0.value) }.joined(separator: ",")
      + "}"
  }
}

/// `string` as a JSON string literal, escaping quotes, backslashes and control characters.
private func serialized(_ string: String) -> String {
  var text = "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": text += "\\\""
    case "\\": text += "\\\\"
    case "\u{0}"..."\u{1F}":
      let digits = String(scalar.value, radix: 16)
      text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    default: text.unicodeScalars.append(scalar)
    }
  }
  return text + "\""
}

/// Whether a comma is followed, after any whitespace, by a closing bracket or brace.
private func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
  let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
  var afterComma = false
  for byte in bytes {
    if afterComma && (byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")) { return true }
    if !whitespace.contains(byte) { afterComma = byte == UInt8(ascii: ",") }
  }
  return false
}
