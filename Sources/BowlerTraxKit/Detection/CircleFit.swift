/// A circle in continuous pixel coordinates.
public struct Circle: Sendable, Equatable {
    public var centerX: Double
    public var centerY: Double
    public var radius: Double
}

/// Fits the ball's outline to a blob from the left and right ends of its rows, ignoring its lower part.
///
/// Why rows and not the centroid: the glossy lane mirrors the ball directly under it, and that dimmer
/// copy often joins the blob from below, while shading darkens the ball's bottom and a highlight or a
/// marker punches holes inside. The silhouette's upper edges are the reliable part, so the circle is
/// fitted (Kåsa's algebraic least squares, I. Kåsa, IEEE Trans. Instrum. Meas. 1976) to the row ends
/// above the centre, in two passes: the first over the rows within 1.5 radii of the top, the second
/// over the rows above half a radius below the first pass's centre.
public enum CircleFit {
    /// `rows[i]` = (row index, first column, one past the last column) of a blob, rows ascending.
    public static func fitBlobOutline(rows: [(row: Int, start: Int, end: Int)]) -> Circle? {
        guard let top = rows.first?.row else { return nil }
        let halfWidth = Double(rows.map { $0.end - $0.start }.max() ?? 0) / 2
        guard halfWidth >= 1 else { return nil }
        guard let first = fit(rows: rows.filter { Double($0.row - top) <= 1.5 * halfWidth }) else { return nil }
        let upper = rows.filter { Double($0.row) + 0.5 <= first.centerY + 0.5 * first.radius }
        return fit(rows: upper) ?? first
    }

    /// Kåsa fit through both ends of every row; nil with fewer than three rows or a degenerate system.
    static func fit(rows: [(row: Int, start: Int, end: Int)]) -> Circle? {
        guard rows.count >= 3 else { return nil }
        // Centre the coordinates for conditioning.
        var meanX = 0.0, meanY = 0.0
        for row in rows { meanX += Double(row.start + row.end); meanY += 2 * (Double(row.row) + 0.5) }
        let count = Double(2 * rows.count)
        meanX /= count
        meanY /= count
        // Normal equations of x²+y² + D x + E y + F = 0 in the centred frame.
        var sxx = 0.0, sxy = 0.0, syy = 0.0, sx = 0.0, sy = 0.0, sxz = 0.0, syz = 0.0, sz = 0.0
        for row in rows {
            let y = Double(row.row) + 0.5 - meanY
            for edge in [Double(row.start), Double(row.end)] {
                let x = edge - meanX
                let z = x * x + y * y
                sxx += x * x; sxy += x * y; syy += y * y; sx += x; sy += y
                sxz += x * z; syz += y * z; sz += z
            }
        }
        let matrix = [[sxx, sxy, sx], [sxy, syy, sy], [sx, sy, count]]
        guard let solution = LinearSolver.solve(matrix, [-sxz, -syz, -sz]) else { return nil }
        let centerX = -solution[0] / 2, centerY = -solution[1] / 2
        let squared = centerX * centerX + centerY * centerY - solution[2]
        guard squared > 0 else { return nil }
        return Circle(centerX: centerX + meanX, centerY: centerY + meanY, radius: squared.squareRoot())
    }
}
