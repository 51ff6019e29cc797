/// The input with a saved file's envelope made consistent: the body length and CRC-32 it
/// states are set to the body's, as a file damaged after it was written would not have them.
/// Otherwise nearly every mutation would stop at the checksum, and the fuzzer would never reach
/// the archive behind it. `crc32` computes the checksum (zlib's, from the target).
public func withConsistentEnvelope(_ input: [UInt8], crc32: ([UInt8]) -> UInt32) -> [UInt8] {
  let headerSize = 28
  guard input.count >= headerSize else { return input }
  var bytes = input
  let body = Array(bytes[headerSize...])
  let length = UInt64(body.count)
  for index in 0..<8 { bytes[16 + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
  let checksum = crc32(body)
  for index in 0..<4 { bytes[24 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
  return bytes
}
