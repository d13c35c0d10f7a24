// `import QuartzCore` brings Core Animation's names, as on iOS: the display link, a view's layer
// and its corner mask (which live in UIKit here, beside the views they draw), the 3-D transform
// and its functions (in Motion, beside Core Graphics' affine one), `Selector` and the
// run loop their target-action and scheduling take, and Core Graphics' values. Only those: the
// whole of Foundation would bring its `Timer` beside UIKit's, which runs on the scene's clock.
@_exported import CoreGraphics
@_exported import class Foundation.RunLoop
@_exported import class UIKit.CADisplayLink
@_exported import struct UIKit.CALayer
@_exported import struct UIKit.CACornerMask
@_exported import struct UIKit.Selector
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
