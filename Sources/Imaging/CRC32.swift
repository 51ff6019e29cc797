import CZlib

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
}
