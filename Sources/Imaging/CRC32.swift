import CZlib
import Dispatch

/// The CRC-32 used by PNG chunks, zip and gzip (reflected polynomial 0xEDB88320), computed by
/// the system zlib.
struct CRC32: ZlibChecksum {
  static func combine(_ checksum: uLong, _ bytes: UnsafePointer<Bytef>?, _ count: uInt) -> uLong {
    crc32(checksum, bytes, count)
  }
  var checksum = UInt32(crc32(0, nil, 0))
}

/// Checksums for file formats other than PNG's, computed by zlib.
public enum Checksum {
  /// The CRC-32 of `bytes` (the polynomial of zlib, PNG and gzip).
  ///
  /// - Complexity: O(n).
  public static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    CRC32.checksum(bytes)
  }

  /// The CRC-32 of `bytes`, computed on up to `threads` threads for a big buffer (each part's
  /// CRC is computed alone, then the parts' are combined): the same value as `crc32(_:)`.
  ///
  /// - Complexity: O(n / threads).
  public static func crc32(_ bytes: UnsafeRawBufferPointer, threads: Int) -> UInt32 {
    let parts = bytes.count >= 8 << 20 ? max(1, min(threads, 8)) : 1
    guard parts > 1, let base = bytes.baseAddress else {
      var running = RunningCRC32()
      running.update(bytes)
      return running.value
    }
    let partSize = (bytes.count + parts - 1) / parts
    let results = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: parts)
    defer { results.deallocate() }
    let shared = CRCParts(base: base, count: bytes.count, partSize: partSize, results: results)
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let start = part * shared.partSize
      let end = min(start + shared.partSize, shared.count)
      var running = RunningCRC32()
      running.update(UnsafeRawBufferPointer(start: shared.base + start, count: end - start))
      shared.results[part] = running.value
    }
    var combined = uLong(results[0])
    for part in 1..<parts {
      let length = min(partSize, bytes.count - part * partSize)
      combined = crc32_combine(combined, uLong(results[part]), off_t(length))
    }
    return UInt32(combined)
  }

  /// A CRC-32 fed a piece at a time, for data too big to hold whole.
  public struct RunningCRC32: Sendable {
    private var running = CRC32()

    /// The CRC-32 of no bytes.
    public init() {}

    /// Feeds `bytes` in.
    ///
    /// - Complexity: O(`bytes.count`).
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
      running.update(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// The CRC-32 of everything fed in so far.
    public var value: UInt32 { running.checksum }
  }
}

/// The buffer and results the threads of a parallel CRC-32 share; each writes only its own.
private struct CRCParts: @unchecked Sendable {
  let base: UnsafeRawPointer
  let count: Int
  let partSize: Int
  let results: UnsafeMutableBufferPointer<UInt32>
}
