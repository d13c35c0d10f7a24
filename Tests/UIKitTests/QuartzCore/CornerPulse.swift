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
