/// The rate while the ball covers its first 20 ft (DOMAIN.md `rev_rate_rpm`) from one measured over the part of
/// them the camera saw.
///
/// While the ball skids on the oil, friction at the contact point (Coulomb, DOMAIN.md) turns it toward rolling
/// forward: its spin rises by a steady μ g R / k² a second along the forward-roll axis, so its rate rises by that
/// times the cosine between that axis and its own. The bowler hides the first 5 to 8 ft, so a rate measured over the
/// sightings is the rate at their middle time, later than the middle of the first 20 ft: too high, by 4 to 8 %
/// for a slow forward roller. With a constant rise, the 20 ft average is the rate at that middle time, so the
/// measured rate is moved back along the rise from one middle to the other.
/// The constants are DOMAIN.md's middles (nothing here is known of the ball or lane at hand): μ 0.0275 (0.015 to
/// 0.04 on oil) and radius of gyration 2.63 in (2.46 to 2.80). The cosine is the spin axis's with the forward-roll
/// axis when a spot fit found the axis (`SpotSpinFit`), else the mean over axis rotations 0 to 90 and tilts 0 to
/// 30, (2/π)·(sin 30° / (π/6)) = 0.608: 37.9 rpm a second. On rendered sweeps (μ 0.04) the mean cosine took the
/// mean error of rates measured at 60 and 120 fps from +1.5 to +2.6 % to -0.3 to +0.9 %; the fitted one then took
/// the root-mean-square error of the spot fits' rates on four of five sweeps down (2.02 to 1.74 % on one, 1.88 to
/// 2.16 % up on the 30 fps marker sweep; docs/rev-rate.md).
enum SpinUp {
    static let oilFriction = 0.0275
    static let radiusOfGyrationFt = 2.63 / 12
    static let meanAxisCosine = (2 / Double.pi) * (0.5 / (Double.pi / 6))

    /// How fast the rate rises while the ball skids, in rpm per second, for a spin axis at `axisCosine` to the
    /// forward-roll axis.
    static func rpmPerSecond(axisCosine: Double) -> Double {
        oilFriction * FrictionPathFit.gravityFtS2 * Lane.ballRadiusFt / (radiusOfGyrationFt * radiusOfGyrationFt)
            * axisCosine * 60 / (2 * Double.pi)
    }

    /// `rpm`, measured over `sightings` (in time order), moved to the middle of the first 20 ft; unchanged when the
    /// sightings give no distances (no calibration) or the ball is not seen moving down the lane.
    /// - Parameter axisCosine: the spin axis's cosine with the forward-roll axis, `meanAxisCosine` when not known.
    static func averageOverFirst20Ft(_ rpm: Double, sightings: [Observation], axisCosine: Double) -> Double {
        let placed = sightings.filter { $0.distanceFt != nil }
        guard let first = sightings.first?.timeS, let last = sightings.last?.timeS,
              // Distance against time, a straight line: the speed hardly changes over the first 20 ft.
              let line = PolynomialFit(xs: placed.map { $0.timeS - first }, ys: placed.compactMap(\.distanceFt), degree: 1),
              line.coefficients[1] > 0 else { return rpm }
        let at10FtS = first + (RevRateEstimator.windowFt / 2 - line.coefficients[0]) / line.coefficients[1]
        return rpm - rpmPerSecond(axisCosine: axisCosine) * ((first + last) / 2 - at10FtS)
    }
}
