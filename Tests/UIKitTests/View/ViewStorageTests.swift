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

    // MARK: What a view costs

    /// The bytes a class's instances take: Swift's class metadata holds the size as a `UInt32` at
    /// byte 24 where there is no Objective-C interop (the runtime's `TargetClassMetadata`: kind,
    /// superclass, flags, instance address point, then the instance size).
    static func instanceSize(of type: AnyClass) -> Int {
        Int(unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 24, as: UInt32.self))
    }

    /// The heap block glibc gives a request of `size` bytes (its chunk: the size and an 8-byte
    /// header, rounded up to 16), which is what an object costs a world.
    static func heapBlock(for size: Int) -> Int {
        (size + 8 + 15) & ~15
    }

    /// Every session keeps every view, so a view's size is pinned: 344 bytes in a release build,
    /// at the top of glibc's 352-byte block, plus what a debug build's checked `superview` adds
    /// (`UnownedReference`: 376 bytes, the top of a 384-byte block). The text alignment and layout
    /// flags sit in the padding after `hasIdentifier`, and the layer is a value made on each read,
    /// so they cost a view nothing. A label adds `numberOfLines`, one word.
    @Test func aViewsSizeIsPinned() {
        let checks = MemoryLayout<UnownedReference<UIView>>.stride - MemoryLayout<Int>.stride
        let size = Self.instanceSize(of: UIView.self)
        #expect(size == 344 + checks)
        #expect(Self.heapBlock(for: size) == 352 + checks)
        #expect(Self.instanceSize(of: UILabel.self) == size + 8)
    }

    /// A layer that only rounds corners or clips keeps nothing; a shadow or border is kept in the
    /// style box, which is dropped again once everything is back to the default.
    @Test func aLayerKeepsNothingUntilItHasAShadowOrBorder() {
        let view = UIView()
        view.layer.cornerRadius = 8
        view.layer.masksToBounds = true
        view.layer.opacity = 0.5
        #expect(!view.hasLayerStyle)
        view.layer.shadowOpacity = 0.2
        #expect(view.hasLayerStyle)
        view.layer.shadowOpacity = 0
        #expect(!view.hasLayerStyle)
        view.layer.maskedCorners = [.layerMinXMinYCorner]
        #expect(view.hasLayerStyle)
    }
}
