#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path names: the one way the package asks "what is here?" of the file system.
public enum FileKind: Equatable, Sendable {
  /// Nothing (or a symbolic link to nothing, when links are followed).
  case missing
  /// A regular file.
  case regularFile
  /// A folder.
  case folder
  /// A symbolic link, when links are not followed.
  case symbolicLink
  /// Something else, in the words messages use: "a FIFO (named pipe)", "a device", "a socket"
  /// or "an unknown kind of entry".
  case other(String)

  /// What is at `path`, following symbolic links unless `followingLinks` is false.
  public static func at(_ path: String, followingLinks: Bool = true) -> FileKind {
    var status = stat()
    let found = followingLinks ? stat(path, &status) : lstat(path, &status)
    guard found == 0 else { return .missing }
    return FileKind(mode: status.st_mode)
  }

  /// The kind of file `mode` (`stat`'s `st_mode`) describes.
  public init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .folder
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .other("a FIFO (named pipe)")
    case S_IFCHR, S_IFBLK: self = .other("a device")
    case S_IFSOCK: self = .other("a socket")
    default: self = .other("an unknown kind of entry")
    }
  }

  /// "a folder", "a FIFO (named pipe)", "a device", "a socket" or "an unknown kind of entry",
  /// for the file type in `mode` (`stat`'s `st_mode`); `nil` for a regular file.
  public static func nameUnlessRegular(_ mode: mode_t) -> String? {
    FileKind(mode: mode).nameUnlessRegular
  }

  /// Why no file can be created in `directory`, the path this kind was read from when it is
  /// not a folder: "the directory 'd' does not exist", or "'d' is a file, not a folder" when
  /// something else has its name.
  public func reasonNotAFolder(_ directory: String) -> String {
    switch self {
    case .missing: "the directory '\(directory)' does not exist"
    case .regularFile: "'\(directory)' is a file, not a folder"
    case .folder, .symbolicLink: "cannot create files in '\(directory)'"
    case .other(let name): "'\(directory)' is \(name), not a folder"
    }
  }

  /// The kind in the words messages use; `nil` for a regular file.
  public var nameUnlessRegular: String? {
    switch self {
    case .regularFile: nil
    case .missing: "nothing"
    case .folder: "a folder"
    case .symbolicLink: "a symbolic link"
    case .other(let name): name
    }
  }
}
