import Imaging
import Testing

@Suite("Image")
struct ImageTests {
  @Test("a new image is filled with the given colour, transparent by default")
  func fill() {
    let clear = Image(width: 3, height: 2)
    #expect(clear.pixels == [UInt8](repeating: 0, count: 24))
    let red = Image(width: 2, height: 2, fill: RGBA(r: 255, g: 0, b: 0))
    #expect(
      red.pixels == [UInt8]([255, 0, 0, 255]) + [255, 0, 0, 255] + [255, 0, 0, 255] + [
        255, 0, 0, 255,
      ])
    #expect(red.pixelCount == 4)
  }

  @Test("pixels are RGBA, row-major, top row first")
  func layout() {
    var image = Image(width: 3, height: 2)
    image[x: 2, y: 1] = RGBA(r: 1, g: 2, b: 3, a: 4)
    #expect(Array(image.pixels[20..<24]) == [1, 2, 3, 4])
    #expect(image[x: 2, y: 1] == RGBA(r: 1, g: 2, b: 3, a: 4))
    #expect(image[x: 0, y: 0] == .transparent)
  }

  @Test("an image can be built from bytes of the right count")
  func fromPixels() throws {
    let image = try Image(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(image[x: 1, y: 0] == RGBA(r: 5, g: 6, b: 7, a: 8))
  }

  @Test("a wrong byte count is rejected with both counts")
  func wrongCount() {
    #expect(throws: ImageFormatError.pixelCountMismatch(expected: 8, actual: 7)) {
      try Image(width: 2, height: 1, pixels: [UInt8](repeating: 0, count: 7))
    }
  }

  @Test("empty, negative and oversized dimensions are rejected")
  func dimensions() {
    #expect(throws: ImageFormatError.invalidDimensions(width: 0, height: 5)) {
      try Image(width: 0, height: 5, pixels: [])
    }
    #expect(throws: ImageFormatError.invalidDimensions(width: 4, height: -1)) {
      try Image(width: 4, height: -1, pixels: [])
    }
    #expect(throws: ImageFormatError.tooLarge(width: 40000, height: 1)) {
      try Image.validateDimensions(width: 40000, height: 1)
    }
    #expect(throws: ImageFormatError.tooLarge(width: 32768, height: 32768)) {
      try Image.validateDimensions(width: 32768, height: 32768)
    }
    #expect(throws: Never.self) { try Image.validateDimensions(width: 32768, height: 8192) }
  }

  @Test("images compare by size and content")
  func equality() {
    var one = Image(width: 2, height: 2)
    let other = Image(width: 2, height: 2)
    #expect(one == other)
    #expect(Image(width: 1, height: 4) != Image(width: 4, height: 1))
    one[x: 1, y: 1] = .white
    #expect(one != other)
  }

  @Test("pixel bytes can be written in place")
  func unsafeWrite() {
    var image = Image(width: 2, height: 1)
    image.withUnsafeMutablePixelBytes { bytes in
      for index in bytes.indices { bytes[index] = UInt8(index) }
    }
    #expect(image.pixels == [0, 1, 2, 3, 4, 5, 6, 7])
  }

  @Test("errors explain themselves")
  func messages() {
    #expect(ImageFormatError.tooLarge(width: 1, height: 99999).description.contains("32768"))
    #expect(ImageFormatError.crcMismatch(chunk: "IDAT").description.contains("IDAT"))
    #expect(
      ImageFormatError.truncated(expected: 100, actual: 50).description.contains("only 50"))
  }
}
