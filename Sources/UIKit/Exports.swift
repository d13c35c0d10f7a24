// `import UIKit` brings what it brings on iOS: Foundation (whose `CGFloat`, `CGPoint`, `CGSize`
// and `CGRect` these are), and the Core Graphics and UIKit values Foundation lacks on Linux.
@_exported import Foundation
@_exported import struct Motion.CGAffineTransform
@_exported import struct Motion.CGColor
@_exported import struct Motion.CGVector
@_exported import struct Motion.UIColor
@_exported import struct Motion.UIEdgeInsets
// Core Animation's 3-D transform, which UIKit brings on iOS (it imports QuartzCore).
@_exported import CoreAnimationMath

// UIKit's API speaks in the leaf module's value types (`UIWindow.handle(_: PointerEvent)`, a
// window's `DisplayList`, `TransitionRunner.status`); layers below UIKit (the wire) import
// SegueValues alone.
@_exported import SegueValues
