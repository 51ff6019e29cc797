import Foundation
import Imaging

/// Recursive-descent parser over raw bytes, so invalid UTF-8 is reported rather than replaced.
struct JSONParser {
  let bytes: [UInt8]
  let maxDepth: Int
  var index = 0

  init(bytes: [UInt8], maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    // RFC 8259 lets parsers ignore a leading byte order mark.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard index == bytes.count else { throw error("trailing characters") }
    return value
  }

  private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard let byte = current else { throw error("expected a value") }
    switch byte {
    case ASCII.openBrace: return try parseObject(depth: depth)
    case ASCII.openBracket: return try parseArray(depth: depth)
    case ASCII.quote: return .string(try parseString())
    case ASCII.minus, ASCII.zero...ASCII.nine: return .number(try parseNumber())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    default:
      if byte >= 0x80, utf8SequenceLength(at: index) == nil { throw error("invalid UTF-8") }
      throw error("expected a value")
    }
  }

  private mutating func parseLiteral(
    _ word: String, _ value: JSONValue
  ) throws(JSONParseError) -> JSONValue {
    guard bytes[index...].starts(with: word.utf8) else { throw error("expected a value") }
    index += word.utf8.count
    return value
  }

  private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth < maxDepth else { throw error("nesting too deep") }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == ASCII.closeBracket {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      switch current {
      case ASCII.comma: index += 1
      case ASCII.closeBracket:
        index += 1
        return .array(elements)
      default: throw error("expected ',' or ']'")
      }
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth < maxDepth else { throw error("nesting too deep") }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    var seen: Set<String> = []
    skipWhitespace()
    if current == ASCII.closeBrace {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == ASCII.quote else { throw error("expected a string key") }
      let keyStart = index
      let key = try parseString()
      guard seen.insert(key).inserted else {
        throw error("duplicate key '\(InputFileError.shown(key, limit: 40))'", at: keyStart)
      }
      skipWhitespace()
      guard current == ASCII.colon else { throw error("expected ':'") }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth + 1)))
      skipWhitespace()
      switch current {
      case ASCII.comma: index += 1
      case ASCII.closeBrace:
        index += 1
        return .object(members)
      default: throw error("expected ',' or '}'")
      }
    }
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    let start = index
    index += 1
    var utf8: [UInt8] = []
    while true {
      guard let byte = current else { throw error("unterminated string", at: start) }
      switch byte {
      case ASCII.quote:
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case ASCII.backslash:
        try parseEscape(into: &utf8)
      case 0..<0x20:
        throw error("unescaped control character in string")
      case 0x20..<0x80:
        utf8.append(byte)
        index += 1
      default:
        guard let length = utf8SequenceLength(at: index) else { throw error("invalid UTF-8") }
        utf8.append(contentsOf: bytes[index..<index + length])
        index += length
      }
    }
  }

  private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
    let start = index
    index += 1
    guard let byte = current else { throw error("unterminated string") }
    index += 1
    switch byte {
    case ASCII.quote, ASCII.backslash, UInt8(ascii: "/"): utf8.append(byte)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(ASCII.newline)
    case UInt8(ascii: "r"): utf8.append(ASCII.carriageReturn)
    case UInt8(ascii: "t"): utf8.append(ASCII.tab)
    case UInt8(ascii: "u"):
      var scalarValue = try parseHex4(escapeStart: start)
      if (0xD800..<0xDC00).contains(scalarValue) {
        // A high surrogate is only meaningful when a low-surrogate escape follows directly.
        let low: UInt32
        if current == ASCII.backslash, index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          low = try parseHex4(escapeStart: start)
        } else {
          low = 0
        }
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("unpaired surrogate in \\u escape", at: start)
        }
        scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(scalarValue) else {
        throw error("unpaired surrogate in \\u escape", at: start)
      }
      utf8.append(contentsOf: String(Character(scalar)).utf8)
    default:
      throw error("invalid escape sequence", at: start)
    }
  }

  private mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = hexDigitValue(byte) else {
        throw error("invalid \\u escape", at: escapeStart)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case ASCII.zero...ASCII.nine: UInt32(byte - ASCII.zero)
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private mutating func parseNumber() throws(JSONParseError) -> Double {
    let start = index
    if current == ASCII.minus { index += 1 }
    guard isDigit(current) else { throw error("invalid number", at: start) }
    if current == ASCII.zero {
      index += 1
      guard !isDigit(current) else { throw error("invalid number", at: start) }
    } else {
      skipDigits()
    }
    if current == ASCII.dot {
      index += 1
      guard isDigit(current) else { throw error("invalid number", at: start) }
      skipDigits()
    }
    if current == ASCII.lowerE || current == ASCII.upperE {
      index += 1
      if current == ASCII.plus || current == ASCII.minus { index += 1 }
      guard isDigit(current) else { throw error("invalid number", at: start) }
      skipDigits()
    }
    // The grammar is already checked, and Double's parser yields ±infinity on overflow.
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw error("invalid number", at: start)
    }
    return value
  }

  private func isDigit(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return (ASCII.zero...ASCII.nine).contains(byte)
  }

  private mutating func skipDigits() {
    while isDigit(current) { index += 1 }
  }

  private mutating func skipWhitespace() {
    while let byte = current,
      byte == ASCII.space || byte == ASCII.newline || byte == ASCII.tab
        || byte == ASCII.carriageReturn
    {
      index += 1
    }
  }

  /// Length of the well-formed UTF-8 sequence at `offset` (rejecting overlongs and surrogates).
  private func utf8SequenceLength(at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return nil
    }
    guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else {
      return nil
    }
    for position in offset + 2..<offset + length where !(0x80...0xBF).contains(bytes[position]) {
      return nil
    }
    return length
  }

  private func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
    let end = min(offset ?? index, bytes.count)
    var line = 1
    var column = 1
    for byte in bytes[..<end] {
      if byte == ASCII.newline {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONParseError(line: line, column: column, message: message)
  }
}

private enum ASCII {
  static let tab = UInt8(ascii: "\t")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let dot = UInt8(ascii: ".")
  static let zero = UInt8(ascii: "0")
  static let nine = UInt8(ascii: "9")
  static let lowerE = UInt8(ascii: "e")
  static let upperE = UInt8(ascii: "E")
}
