#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the temporary files of `AtomicFile` writes in progress when the process is
/// interrupted (SIGINT) or asked to stop (SIGTERM), then exits with 130 or 143 as a shell
/// would report the signal.
///
/// Call `install()` once, early, in an executable; a library never installs it by itself.
/// The handler only calls `unlink` and `_exit`, which are safe in a signal handler, on paths
/// kept in memory allocated before any signal can arrive.
public enum InterruptCleanup {
  /// How many writes can be in progress at once and still be cleaned up.
  static let slotCount = 16
  /// The longest temporary path kept, in bytes, with its terminating zero.
  static let pathCapacity = 4096

  /// Per slot, whether it holds a path (1) or not (0), then the path itself.
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<CChar> = {
    let memory = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * (pathCapacity + 1))
    memory.initialize(repeating: 0, count: slotCount * (pathCapacity + 1))
    return memory
  }()
  nonisolated(unsafe) private static var lock = pthread_mutex_t()
  nonisolated(unsafe) private static var isLockReady = false

  /// Installs the handler for SIGINT and SIGTERM, and unblocks them on the calling thread (a
  /// parent may start the process with them blocked).
  public static func install() {
    prepare()
    signal(SIGINT, handleSignal)
    signal(SIGTERM, handleSignal)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// Makes the memory and the lock exist before the handler can run.
  private static func prepare() {
    _ = slots
    if !isLockReady {
      pthread_mutex_init(&lock, nil)
      isLockReady = true
    }
  }

  /// Remembers a temporary file to remove on a signal; returns its slot, or -1 if none is free
  /// (that file is then left behind if a signal comes).
  static func register(_ path: String) -> Int {
    prepare()
    let bytes = Array(path.utf8)
    guard bytes.count < pathCapacity else { return -1 }
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    for slot in 0..<slotCount {
      let base = slots + slot * (pathCapacity + 1)
      guard base.pointee == 0 else { continue }
      for (offset, byte) in bytes.enumerated() {
        (base + 1 + offset).pointee = CChar(bitPattern: byte)
      }
      (base + 1 + bytes.count).pointee = 0
      // Marked in use last, so the handler never sees half a path.
      base.pointee = 1
      return slot
    }
    return -1
  }

  /// Forgets a temporary file that was renamed or removed.
  static func unregister(_ slot: Int) {
    guard slot >= 0 else { return }
    pthread_mutex_lock(&lock)
    (slots + slot * (pathCapacity + 1)).pointee = 0
    pthread_mutex_unlock(&lock)
  }

  /// Removes every registered temporary file: what the signal handler does before it exits.
  ///
  /// Calls only `unlink`, so it is safe in a signal handler; it takes no lock.
  static func removeRegisteredFiles() {
    for slot in 0..<slotCount {
      let base = slots + slot * (pathCapacity + 1)
      if base.pointee == 1 { unlink(base + 1) }
    }
  }

  /// Removes the registered temporary files whose paths start with `prefix`, as
  /// `removeRegisteredFiles()` removes all: for tests, which share the process with other
  /// writes in flight.
  static func removeRegisteredFiles(under prefix: String) {
    for slot in 0..<slotCount {
      let base = slots + slot * (pathCapacity + 1)
      if base.pointee == 1, String(cString: base + 1).hasPrefix(prefix) { unlink(base + 1) }
    }
  }

  /// The signal handler: removes every registered temporary file and exits.
  private static let handleSignal: @convention(c) (Int32) -> Void = { signal in
    InterruptCleanup.removeRegisteredFiles()
    _exit(128 + signal)
  }
}
