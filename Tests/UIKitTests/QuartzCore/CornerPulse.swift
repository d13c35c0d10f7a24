import QuartzCore

/// Core Animation code as it is written for iOS, in a file that imports QuartzCore alone: a
/// display link with a target and selector on the main run loop, and a layer's corner radius and
/// masked corners. `QuartzCoreImportTests` runs it.
final class CornerPulse {
    private(set) var ticks = 0
    private(set) var link: CADisplayLink?
    let topCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner]

    func start() {
        let link = CADisplayLink(target: self, selector: Selector(CornerPulse.tick))
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    func tick() {
        ticks += 1
        if ticks == 3 { link?.invalidate() }
    }

    func roundTop(of layer: CALayer) {
        layer.cornerRadius = 12
        layer.maskedCorners = topCorners
    }
}

/// Layer code in a nonisolated helper, as Core Animation code on iOS may be: a layer is not the
/// main actor's, so Swift 6 accepts it here as in Xcode.
nonisolated func applyCardStyle(to layer: CALayer) {
    layer.cornerRadius = 16
    layer.masksToBounds = true
    layer.shadowOpacity = 0.25
}
