// MARK: - Turning a frame upright

extension VideoFrame {
    /// This frame turned clockwise by `degrees` (90, 180 or 270), into buffers of its own: how a player shows a phone
    /// video whose display matrix says so. A quarter turn swaps the chroma subsampling (4:2:2 becomes 4:4:0).
    func rotated(clockwiseDeg degrees: Int) -> VideoFrame {
        precondition([90, 180, 270].contains(degrees), "a frame is turned by quarter turns")
        let quarter = degrees != 180
        let turned = VideoFrame.allocate(width: quarter ? height : width, height: quarter ? width : height, index: index, timeS: timeS,
                                         chromaShiftX: quarter ? chromaShiftY : chromaShiftX,
                                         chromaShiftY: quarter ? chromaShiftX : chromaShiftY, encoding: encoding)
        for plane in 0...2 {
            let size = planeSize(plane)
            Self.rotate(self.plane(plane), stride: stride(plane), width: size.width, height: size.height,
                        into: turned.mutablePlane(plane), stride: turned.stride(plane), clockwiseDeg: degrees)
        }
        return turned
    }

    /// Writes the `width`×`height` plane `source` turned clockwise into `target`, in 32×32 tiles so that both sides
    /// are read and written a few cache lines at a time (a quarter turn reads columns).
    private static func rotate(_ source: UnsafePointer<UInt8>, stride sourceStride: Int, width: Int, height: Int,
                               into target: UnsafeMutablePointer<UInt8>, stride targetStride: Int, clockwiseDeg degrees: Int) {
        // Sample (x, y) lands at origin + x * stepX + y * stepY of the turned plane: a quarter turn clockwise puts it at
        // column height-1-y of row x, a half turn at (width-1-x, height-1-y), three quarters at column y of row width-1-x.
        let (origin, stepX, stepY) = switch degrees {
        case 90: (height - 1, targetStride, -1)
        case 180: (width - 1 + (height - 1) * targetStride, -1, -targetStride)
        default: ((width - 1) * targetStride, -targetStride, 1)
        }
        let tile = 32
        for tileY in Swift.stride(from: 0, to: height, by: tile) {
            for tileX in Swift.stride(from: 0, to: width, by: tile) {
                for y in tileY..<min(tileY + tile, height) {
                    let row = source + y * sourceStride
                    let landing = target + origin + y * stepY
                    for x in tileX..<min(tileX + tile, width) {
                        landing[x * stepX] = row[x]
                    }
                }
            }
        }
    }
}
