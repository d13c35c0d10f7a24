import Motion
@testable import UIKit
import Testing

/// A view keeps what few views use (animation offsets, shadow and border, assigned safe-area
/// insets) out of line; each must still read back as written.
@Suite struct ViewStorageTests {
    @Test func shadowAndBorderReadBackAndClear() {
        let view = UIView()
        view.shadowOpacity = 0.4
        view.shadowRadius = 6
        view.borderWidth = 1
        view.borderColor = .systemRed
        #expect(view.shadow == Shadow(opacity: 0.4, radius: 6))
        #expect(view.border == Border(width: 1, color: .systemRed))
        view.shadowOpacity = 0
        view.shadowRadius = 3
        view.borderWidth = 0
        view.borderColor = .black
        #expect(view.shadow == .none && view.border == .none)
    }

    @Test func assignedSafeAreaInsetsReadBack() {
        let view = UIView()
        #expect(view.assignedSafeAreaInsets == nil)
        view.assignedSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        #expect(view.assignedSafeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        view.assignedSafeAreaInsets = nil
        #expect(view.assignedSafeAreaInsets == nil)
    }

    /// Offsets appear while an animation runs and are zero once it ends: the presentation is the
    /// model again, and the next animation on the view starts from zero offsets.
    @Test func offsetsFollowAnimationsAndReturnToZero() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(view.offsets[.center] == .zero)
        stage.perform { UIView.animate(withDuration: 1) { view.center.x = 105 } }
        #expect(stage.x(view, at: 0.5) > 5 && stage.x(view, at: 0.5) < 105)
        #expect(view.offsets[.center] != .zero)
        #expect(stage.x(view, at: 2) == 105)
        #expect(view.offsets[.center] == .zero)
        #expect(view.presentation.center == view.center)
    }
}
