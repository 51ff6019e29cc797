/// The process exit codes `sandbox` uses, from BSD's `sysexits.h` where one fits.
public enum ExitCode {
  /// Success.
  public static let success: Int32 = 0
  /// A run that could not finish for a reason other than its input.
  public static let failure: Int32 = 1
  /// A wrong flag, a missing value or an out-of-range number on the command line.
  public static let usage: Int32 = 64
  /// An input file that exists but is malformed or invalid.
  public static let dataError: Int32 = 65
  /// An input file or folder that does not exist or cannot be read.
  public static let noInput: Int32 = 66
  /// A service the command needs (a display) is not available.
  public static let unavailable: Int32 = 69
  /// A file that could not be written.
  public static let cannotCreate: Int32 = 73
  /// The report could not be written to standard output: a full disk, a closed stream or a
  /// reader that went away.
  public static let ioError: Int32 = 74
}
