#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What kind of entry a path names, in the words messages use.
public enum FileKind {
  /// "a folder", "a FIFO (named pipe)", "a device", "a socket" or "an unknown kind of entry",
  /// for the file type in `mode` (`stat`'s `st_mode`); `nil` for a regular file.
  public static func nameUnlessRegular(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    default: "an unknown kind of entry"
    }
  }
}
