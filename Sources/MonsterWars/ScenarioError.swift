/// Why a scenario could not be loaded; `exitCode` follows sysexits.h.
public enum ScenarioError: Error, Equatable, CustomStringConvertible {
  /// No file exists at `path`.
  case fileNotFound(path: String)
  /// The file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The file is not well-formed JSON.
  case syntax(path: String, line: Int, column: Int, message: String)
  /// The JSON is well-formed but breaks the scenario schema at `jsonPath`.
  case invalid(path: String, jsonPath: String, message: String)

  /// 66 (EX_NOINPUT) when the file cannot be read, 65 (EX_DATAERR) when its content is bad.
  public var exitCode: Int32 {
    switch self {
    case .fileNotFound, .unreadable: 66
    case .syntax, .invalid: 65
    }
  }

  /// A one-line message naming the file, the location and the problem.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      "\(path): file not found"
    case .unreadable(let path, let reason):
      "\(path): \(reason)"
    case .syntax(let path, let line, let column, let message):
      "\(path):\(line):\(column): \(message)"
    case .invalid(let path, let jsonPath, let message):
      "\(path): \(jsonPath): \(message)"
    }
  }
}
