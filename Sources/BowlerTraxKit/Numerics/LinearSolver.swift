/// Small dense linear algebra for the fits (a few unknowns; no BLAS needed).
public enum LinearSolver {
    /// Solves `a x = b` by Gaussian elimination with partial pivoting; nil when `a` is singular.
    public static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        precondition(a.count == b.count && a.allSatisfy { $0.count == b.count }, "square system expected")
        var m = a.flatMap { $0 }
        var x = b
        return solve(rowMajor: &m, &x) ? x : nil
    }

    /// Solves `m x = b` in place, `m` square and stored row by row: on return `b` holds `x` (and `m` is spent);
    /// false when `m` is singular. The fits that solve many small systems call this one to allocate nothing.
    public static func solve(rowMajor m: inout [Double], _ b: inout [Double]) -> Bool {
        let n = b.count
        precondition(m.count == n * n, "square system expected")
        return m.withUnsafeMutableBufferPointer { m in
            b.withUnsafeMutableBufferPointer { b in
                var scale = 0.0
                for value in m { scale = max(scale, abs(value)) }
                guard scale > 0 else { return false }
                for column in 0..<n {
                    var pivot = column
                    for row in (column + 1)..<n where abs(m[row * n + column]) > abs(m[pivot * n + column]) { pivot = row }
                    guard abs(m[pivot * n + column]) > 1e-13 * scale else { return false }
                    if pivot != column {
                        for k in 0..<n { m.swapAt(column * n + k, pivot * n + k) }
                        b.swapAt(column, pivot)
                    }
                    for row in (column + 1)..<n {
                        let factor = m[row * n + column] / m[column * n + column]
                        guard factor != 0 else { continue }
                        for k in column..<n { m[row * n + k] -= factor * m[column * n + k] }
                        b[row] -= factor * b[column]
                    }
                }
                for row in stride(from: n - 1, through: 0, by: -1) {
                    var sum = b[row]
                    for k in (row + 1)..<n { sum -= m[row * n + k] * b[k] }
                    b[row] = sum / m[row * n + row]
                }
                return true
            }
        }
    }

    /// Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations: (values, vectors as columns), values ascending.
    public static func symmetricEigen(_ a: [[Double]]) -> (values: [Double], vectors: [[Double]]) {
        let n = a.count
        var m = a
        var v = (0..<n).map { i in (0..<n).map { $0 == i ? 1.0 : 0.0 } }
        for _ in 0..<100 {
            var off = 0.0
            for i in 0..<n { for j in (i + 1)..<n { off += m[i][j] * m[i][j] } }
            if off < 1e-30 { break }
            for p in 0..<n {
                for q in (p + 1)..<n where abs(m[p][q]) > 1e-300 {
                    let theta = (m[q][q] - m[p][p]) / (2 * m[p][q])
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<n {
                        let mkp = m[k][p], mkq = m[k][q]
                        m[k][p] = c * mkp - s * mkq
                        m[k][q] = s * mkp + c * mkq
                    }
                    for k in 0..<n {
                        let mpk = m[p][k], mqk = m[q][k]
                        m[p][k] = c * mpk - s * mqk
                        m[q][k] = s * mpk + c * mqk
                    }
                    for k in 0..<n {
                        let vkp = v[k][p], vkq = v[k][q]
                        v[k][p] = c * vkp - s * vkq
                        v[k][q] = s * vkp + c * vkq
                    }
                }
            }
        }
        let order = (0..<n).sorted { m[$0][$0] < m[$1][$1] }
        return (order.map { m[$0][$0] }, (0..<n).map { row in order.map { v[row][$0] } })
    }
}
