import Frames

// MARK: - Sprites far larger than the screen

extension SDLBackend {
  /// How many pieces, along each side, a turned sprite is drawn in; (0, 0) to leave it out.
  ///
  /// SDL's software triangle rasterizer multiplies a texel coordinate by twice the
  /// triangle's area (in half pixels) in 32-bit integers, which overflows for triangles some
  /// hundreds of pixels across, drawing garbage. Pieces cut along texel edges stay under that
  /// limit and sample exactly as the whole would; only a sprite whose single texels are too
  /// large (zoomed hundreds of times) is left out.
  func rotatedPieces(_ region: AtlasRegion, width: Float, height: Float)
    -> (columns: Int, rows: Int)
  {
    guard batch.isForSoftwareRenderer else { return (1, 1) }
    let largestTexel = Float(max(region.x + region.width, region.y + region.height) + 1)
    // Half of 2^31 / (4 x texel coordinate), for headroom.
    let largestArea = Float(1 << 28) / largestTexel
    let area = width * height
    guard area > largestArea else { return (1, 1) }
    let cuts = Int((area / largestArea).squareRoot().rounded(.up))
    let columns = min(region.width, cuts)
    let rows = min(region.height, cuts)
    guard width / Float(columns) * height / Float(rows) <= largestArea else { return (0, 0) }
    return (columns, rows)
  }

  /// Adds the part of a sprite reaching into the output, for sprites far larger than it.
  ///
  /// SDL's software renderer scales a partly visible sprite into a scratch surface of its
  /// full size, which for a sprite zoomed far past the screen is gigabytes. The part kept is a
  /// whole number of texels, so it maps onto the same pixels as the whole sprite would; when
  /// single texels are larger than the margin, each visible texel becomes its own quad.
  func appendClippedImage(
    _ region: AtlasRegion, left: Float, top: Float, width: Float, height: Float, tint: Color
  ) {
    let margin = Self.clipMargin
    let texelWidth = width / Float(region.width)
    let texelHeight = height / Float(region.height)
    // Clamped as floats first: converting a huge float to Int would trap.
    func texel(_ offset: Float, _ size: Float, _ count: Int, _ rounding: FloatingPointRoundingRule)
      -> Int
    {
      Int(min(max((offset / size).rounded(rounding), 0), Float(count)))
    }
    let firstColumn = texel(-margin - left, texelWidth, region.width, .down)
    let endColumn = texel(outputWidth + margin - left, texelWidth, region.width, .up)
    let firstRow = texel(-margin - top, texelHeight, region.height, .down)
    let endRow = texel(outputHeight + margin - top, texelHeight, region.height, .up)
    guard firstColumn < endColumn, firstRow < endRow else { return }
    if texelWidth <= margin && texelHeight <= margin {
      let part = AtlasRegion(
        x: region.x + firstColumn, y: region.y + firstRow, width: endColumn - firstColumn,
        height: endRow - firstRow)
      appendPixelRect(
        columns: PixelRules.coveredEdges(
          left + Float(firstColumn) * texelWidth, left + Float(endColumn) * texelWidth),
        rows: PixelRules.coveredEdges(
          top + Float(firstRow) * texelHeight, top + Float(endRow) * texelHeight),
        region: part, color: tint)
      return
    }
    for row in firstRow..<endRow {
      let rows = PixelRules.coveredEdges(
        top + Float(row) * texelHeight, top + Float(row + 1) * texelHeight)
      for column in firstColumn..<endColumn {
        let columns = PixelRules.coveredEdges(
          left + Float(column) * texelWidth, left + Float(column + 1) * texelWidth)
        // One texel stretched: cutting it to the output changes nothing drawn.
        appendPixelRect(
          columns: (max(columns.lower, -1), min(columns.upper, outputWidth + 1)),
          rows: (max(rows.lower, -1), min(rows.upper, outputHeight + 1)),
          region: AtlasRegion(x: region.x + column, y: region.y + row, width: 1, height: 1),
          color: tint)
      }
    }
  }
}
