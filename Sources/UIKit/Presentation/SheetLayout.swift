import Motion

/// Where a sheet stands for a given visible height, and what that height does to the views behind
/// it: the dimming and the presenting view's scale-back. Pure geometry for one container and one
/// detent configuration, so dragging, settling and laying out all read the same numbers.
///
/// A sheet's *height* is how much of it shows above the container's bottom edge: a detent's value.
struct SheetLayout: Equatable {
    typealias Detent = UISheetPresentationController.Detent
    typealias ResolvedDetent = UISheetPresentationController.ResolvedDetent

    /// Points of the scaled-back presenter iOS shows above a full-height (large) sheet.
    static let presenterShowingAboveSheet = 10.0
    /// Where the scaled-back presenter's top edge lands when the screen has no status bar:
    /// react-navigation `forModalPresentationIOS` (`topOffset = 10`), which says it copies iOS 13's
    /// page sheet. Under a status bar it lands at the safe area's top instead, so the bar stays clear.
    static let presenterTopOffset = 10.0
    /// The presenter scales to 1 − 20/width: 10 pt in from each side (react-navigation, as above).
    static let presenterHorizontalInset = 20.0
    /// The scaled-back presenter's corner radius: react-navigation's 10 (iOS uses 38 on notched phones).
    static let presenterCornerRadius = 10.0
    /// The dimming view's alpha at and above the first dimmed detent: UIKit's dimming view is black
    /// at 40% (our reading of iOS 15–17's form and page sheets; not documented by Apple).
    static let maximumDimmingAlpha = 0.4

    let containerSize: CGSize
    /// Where the scaled-back presenter's top edge lands: the safe area's top, at least
    /// `presenterTopOffset`.
    let presenterTop: Double
    /// How far the sheet reaches below the container's bottom edge: its corner radius, so its
    /// rounded bottom corners stay off screen and only the top ones show, as on iOS.
    let bottomOverhang: Double
    /// The active detents, ascending by height; never empty (UIKit falls back to `.large()`).
    let detents: [ResolvedDetent]
    /// The largest undimmed detent's height; nil when every detent dims.
    let undimmedHeight: Double?
    /// Where a sheet of one size rests: floating in a regular-width container (a form or page sheet
    /// on an iPad), or filling a compact-height one; nil for one attached to the bottom edge at its
    /// detents. Such a sheet has one height, its top edge's distance from the container's bottom,
    /// and keeps its size as it slides.
    let floatingFrame: CGRect?

    init(containerSize: CGSize, detents: [Detent], largestUndimmed: Detent.Identifier?, bottomOverhang: Double = 0,
         topSafeAreaInset: Double = 0, floatingFrame: CGRect? = nil) {
        self.containerSize = containerSize
        self.floatingFrame = floatingFrame
        presenterTop = max(topSafeAreaInset, Self.presenterTopOffset)
        if let floatingFrame {
            self.bottomOverhang = 0
            self.detents = [ResolvedDetent(identifier: .large, height: containerSize.height - floatingFrame.minY)]
            undimmedHeight = nil
            return
        }
        self.bottomOverhang = max(bottomOverhang, 0)
        let context = UISheetPresentationController.DetentResolutionContext(
            maximumDetentValue: max(containerSize.height - presenterTop - Self.presenterShowingAboveSheet, 1))
        var resolved: [ResolvedDetent] = []
        for detent in detents where !resolved.contains(where: { $0.identifier == detent.identifier }) {
            if let height = detent.resolvedValue(in: context) {
                resolved.append(ResolvedDetent(identifier: detent.identifier, height: height))
            }
        }
        if resolved.isEmpty {
            resolved = [ResolvedDetent(identifier: .large, height: context.maximumDetentValue)]
        }
        self.detents = resolved.sorted { $0.height < $1.height }
        self.undimmedHeight = largestUndimmed.flatMap { id in resolved.first { $0.identifier == id }?.height }
    }

    var maximumDetentValue: Double { max(containerSize.height - presenterTop - Self.presenterShowingAboveSheet, 1) }
    /// How far the sheet may stretch past its largest detent: up to where the scaled-back
    /// presenter's top lands, the status bar's bottom under a status bar, so the rubber band
    /// approaches it and never covers the bar's text (iOS's large sheet barely moves up).
    var stretchRoom: Double { max(containerSize.height - largest.height - presenterTop, 0) }
    var smallest: ResolvedDetent { detents[0] }
    var largest: ResolvedDetent { detents[detents.count - 1] }

    func height(of identifier: Detent.Identifier?) -> Double? {
        detents.first { $0.identifier == identifier }?.height
    }

    /// The sheet's frame when `height` of it shows: its bottom `bottomOverhang` below the
    /// container's while it is at least as tall as its smallest detent (so it stretches past the
    /// largest), and below that the smallest detent's size sliding down.
    func frame(forHeight height: Double) -> CGRect {
        if let floatingFrame { return floatingFrame.offsetBy(dx: 0, dy: containerSize.height - floatingFrame.minY - height) }
        return CGRect(x: 0, y: containerSize.height - height, width: containerSize.width,
             height: max(height, smallest.height) + bottomOverhang)
    }

    /// How much of the sheet shows for a frame's top edge: the inverse of `frame(forHeight:)`.
    func height(forTop top: Double) -> Double {
        containerSize.height - top
    }

    /// 0 (undimmed) … 1 (fully dimmed): 0 at and below the largest undimmed detent, 1 from the next
    /// detent up, linear between (FloatingPanel's interpolation between neighbouring detents).
    /// With every detent dimmed, it rises from 0 at the bottom edge to 1 at the smallest detent, so
    /// presenting and dismissing fade it.
    func dimmingFraction(forHeight height: Double) -> Double {
        let lower = undimmedHeight ?? 0
        guard let upper = detents.first(where: { $0.height > lower })?.height else { return 0 }
        return min(max((height - lower) / (upper - lower), 0), 1)
    }

    /// 0 … 1: how far the presenting view is scaled back. Only a full-height sheet that dims scales
    /// its presenter (as iOS); it does so between the next detent down (or the bottom edge) and the
    /// top one, never sooner than the dimming.
    func presenterProgress(forHeight height: Double) -> Double {
        guard floatingFrame == nil, largest.height >= maximumDetentValue, (undimmedHeight ?? 0) < largest.height else { return 0 }
        let below = detents.count > 1 ? detents[detents.count - 2].height : 0
        let lower = max(below, undimmedHeight ?? 0)
        // Two detents of the full height leave no span to scale across: all or nothing.
        guard largest.height > lower else { return height >= largest.height ? 1 : 0 }
        return min(max((height - lower) / (largest.height - lower), 0), 1)
    }

    /// The presenting view's transform at `progress`: scale 1 − 20/width about its center, moved up
    /// so its top edge sits `presenterTop` below the container's top; both linear in progress.
    func presenterTransform(progress: Double) -> CGAffineTransform {
        let width = max(containerSize.width, 1), height = containerSize.height
        let scale = 1 - progress * Self.presenterHorizontalInset / width
        let ty = progress * presenterTop - height * (1 - scale) / 2
        return CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: ty)
    }
}
