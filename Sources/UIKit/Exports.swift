// `import UIKit` brings what it brings on iOS: Foundation (whose `CGFloat`, `CGPoint`, `CGSize`
// and `CGRect` these are), and the Core Graphics and UIKit values Foundation lacks on Linux.
@_exported import Foundation
@_exported import struct Motion.CGAffineTransform
// Core Animation's 3-D transform, which UIKit brings on iOS (it imports QuartzCore).
@_exported import struct Motion.CATransform3D
@_exported import let Motion.CATransform3DIdentity
@_exported import func Motion.CATransform3DIsIdentity
@_exported import func Motion.CATransform3DEqualToTransform
@_exported import func Motion.CATransform3DMakeTranslation
@_exported import func Motion.CATransform3DMakeScale
@_exported import func Motion.CATransform3DMakeRotation
@_exported import func Motion.CATransform3DConcat
@_exported import func Motion.CATransform3DTranslate
@_exported import func Motion.CATransform3DScale
@_exported import func Motion.CATransform3DRotate
@_exported import func Motion.CATransform3DInvert
@_exported import func Motion.CATransform3DMakeAffineTransform
@_exported import func Motion.CATransform3DIsAffine
@_exported import func Motion.CATransform3DGetAffineTransform
@_exported import struct Motion.CGColor
@_exported import struct Motion.CGVector
@_exported import struct Motion.UIColor
@_exported import struct Motion.UIEdgeInsets

// UIKit's API speaks in the leaf module's value types (`UIWindow.handle(_: PointerEvent)`, a
// window's `DisplayList`, `TransitionRunner.status`); layers below UIKit (the wire) import
// SegueValues alone.
@_exported import SegueValues
