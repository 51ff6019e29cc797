import CZlib

/// The Adler-32 checksum that ends every zlib stream, computed by the system zlib.
struct Adler32: ZlibChecksum {
  static func combine(_ checksum: uLong, _ bytes: UnsafePointer<Bytef>?, _ count: uInt) -> uLong {
    adler32(checksum, bytes, count)
  }
  var checksum = UInt32(adler32(0, nil, 0))
}
