/// A growable output buffer with a hard size limit, written through raw pointers so that
/// back-references are plain memory copies.
struct InflateOutput {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private let limit: Int
  /// The number of bytes produced so far.
  private(set) var count = 0

  init(initialCapacity: Int, limit: Int) {
    capacity = max(initialCapacity, 1)
    self.limit = limit
    storage = .allocate(capacity: capacity)
  }

  /// Frees the storage; the buffer must not be used afterwards.
  func deallocate() {
    storage.deallocate()
  }

  /// Makes room for `extra` more bytes, or throws if that would pass the limit.
  @inline(__always)
  mutating func reserve(_ extra: Int) throws(ImageFormatError) {
    guard count + extra <= limit else {
      throw .corrupt("the compressed data expands to more than the expected \(limit) bytes")
    }
    guard count + extra > capacity else { return }
    let newCapacity = min(max(capacity * 2, count + extra), limit)
    let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStorage.initialize(from: storage, count: count)
    storage.deallocate()
    storage = newStorage
    capacity = newCapacity
  }

  /// Appends one byte; `reserve(1)` must have succeeded.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    storage[count] = byte
    count += 1
  }

  /// Appends `length` bytes copied from `distance` bytes back; the caller has checked
  /// `distance <= count` and reserved `length` bytes.
  @inline(__always)
  mutating func copyMatch(length: Int, distance: Int) {
    let destination = storage + count
    let source = destination - distance
    if distance == 1 {
      destination.initialize(repeating: source.pointee, count: length)
    } else if distance >= length {
      destination.initialize(from: source, count: length)
    } else {
      // Overlapping copies repeat the most recent `distance` bytes, so they go byte by byte.
      for index in 0..<length { destination[index] = source[index] }
    }
    count += length
  }

  /// The bytes produced, as an array.
  func array() -> [UInt8] {
    Array(UnsafeBufferPointer(start: storage, count: count))
  }
}
