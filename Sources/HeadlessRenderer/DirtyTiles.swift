/// Which tiles of a canvas have been drawn on: square blocks of `size` pixels, so that a frame
/// over a background that has not changed restores, and a window uploads, only the parts the
/// frames drew on.
struct DirtyTiles: Equatable {
  /// The side of a tile in pixels.
  static let size = 64

  let columns: Int
  let rows: Int
  private var marks: [Bool]
  /// How many tiles are marked.
  private(set) var count = 0

  /// No tile marked, for a canvas of `width` x `height` pixels.
  init(width: Int, height: Int) {
    columns = (width + Self.size - 1) / Self.size
    rows = (height + Self.size - 1) / Self.size
    marks = [Bool](repeating: false, count: columns * rows)
  }

  /// Whether every tile is marked.
  var isFull: Bool { count == marks.count }

  /// Marks the tiles the pixels `columns` x `rows` lie in (both clipped to the canvas).
  @inline(__always)
  mutating func mark(columns pixelColumns: Range<Int>, rows pixelRows: Range<Int>) {
    guard !pixelColumns.isEmpty, !pixelRows.isEmpty, !isFull else { return }
    let firstColumn = pixelColumns.lowerBound / Self.size
    let lastColumn = (pixelColumns.upperBound - 1) / Self.size
    let firstRow = pixelRows.lowerBound / Self.size
    if firstColumn == lastColumn, firstRow == (pixelRows.upperBound - 1) / Self.size {
      // Most marks are of a few pixels, in one tile, often marked already.
      let index = firstRow * columns + firstColumn
      if !marks[index] {
        marks[index] = true
        count += 1
      }
      return
    }
    for row in (pixelRows.lowerBound / Self.size)...((pixelRows.upperBound - 1) / Self.size) {
      for column in firstColumn...lastColumn where !marks[row * columns + column] {
        marks[row * columns + column] = true
        count += 1
      }
    }
  }

  /// Marks every tile.
  mutating func markAll() {
    guard !isFull else { return }
    marks = [Bool](repeating: true, count: marks.count)
    count = marks.count
  }

  /// Clears every mark.
  mutating func removeAll() {
    guard count > 0 else { return }
    marks = [Bool](repeating: false, count: marks.count)
    count = 0
  }

  /// The tiles marked in either set (which must be of the same canvas).
  func union(_ other: DirtyTiles) -> DirtyTiles {
    var result = self
    for index in marks.indices where other.marks[index] && !result.marks[index] {
      result.marks[index] = true
      result.count += 1
    }
    return result
  }

  /// Calls `body` with each row of tiles' runs of marked tiles, as pixel rectangles clipped to
  /// a canvas of `width` x `height`: few rectangles, covering exactly the marked tiles.
  func forEachRun(
    width: Int, height: Int, _ body: (_ columns: Range<Int>, _ rows: Range<Int>) -> Void
  ) {
    guard count > 0 else { return }
    for row in 0..<rows {
      let pixelRows = (row * Self.size)..<min((row + 1) * Self.size, height)
      var column = 0
      while column < columns {
        guard marks[row * columns + column] else {
          column += 1
          continue
        }
        let start = column
        while column < columns, marks[row * columns + column] { column += 1 }
        body((start * Self.size)..<min(column * Self.size, width), pixelRows)
      }
    }
  }
}
