// MARK: - Painting a drawing's colour

extension RGBImage: RasterCanvas {
    public mutating func blend(x: Int, y: Int, color: DrawingColor, opacity: Double) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 3
        guard opacity < 1 else { (pixels[i], pixels[i + 1], pixels[i + 2]) = (color.r, color.g, color.b); return }
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 { UInt8((Double(old) * (1 - opacity) + Double(new) * opacity).rounded()) }
        (pixels[i], pixels[i + 1], pixels[i + 2]) = (mix(pixels[i], color.r), mix(pixels[i + 1], color.g), mix(pixels[i + 2], color.b))
    }
}
