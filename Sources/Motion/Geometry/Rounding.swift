/// `x.rounded()` (half away from zero) as an integer, without the C library call that `rounded()`
/// becomes on x86-64's baseline, whose rounding instructions lack this mode. Truncation toward zero
/// is one instruction, and what it leaves, `x` less its integer part, is exact in a Double, so the
/// comparison with ½ decides as `rounded()` does. Exact for |x| < 2⁶³ (from 2⁵² on, every Double
/// is whole and nothing is left); the caller clamps. Used where every frame rounds: the wire's
/// quantisation, colour bytes and the server time. Always inlined: the optimiser left it a call at
/// every site, several to a node.
@inlinable @inline(__always) public func roundedHalfAwayFromZero(_ x: Double) -> Int64 {
    let whole = Int64(x)
    let rest = x - Double(whole)
    if rest >= 0.5 { return whole + 1 }
    if rest <= -0.5 { return whole - 1 }
    return whole
}
