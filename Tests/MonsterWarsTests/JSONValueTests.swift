import Foundation
import MonsterWars
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

  @Test("never crashes on arbitrary bytes")
  func fuzz() {
    // A fixed-seed generator keeps failures reproducible.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let alphabet = Array(#"{}[]",:\u0123456789-+.eEtrufalsn "#.utf8) + [0x00, 0x80, 0xC3, 0xFF]
    for _ in 0..<2000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(state % 24) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(alphabet[Int(state >> 33) % alphabet.count])
      }
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      _ = try? JSONValue.parse(Data(bytes))
    }
  }
}
