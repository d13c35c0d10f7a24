// `import CoreGraphics` brings Core Graphics' values: Foundation's `CGFloat`, `CGPoint`, `CGSize`
// and `CGRect` (Foundation on Linux defines them), and what Foundation lacks here. UIKit brings
// the same, so a file may import either or both. Only those types: the whole of Foundation would
// bring its `Timer` beside UIKit's, which runs on the scene's clock, and make the name ambiguous.
//
// A module of this name also keeps packages that test `#if canImport(CoreGraphics)` beside
// `#if canImport(UIKit)` consistent: once Segue's UIKit is importable, their UIKit code reaches for
// Core Graphics' (swift-property-based's color generators do).
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGSize
@_exported import struct Foundation.CGRect
@_exported import struct Motion.CGAffineTransform
@_exported import struct Motion.CGColor
@_exported import struct Motion.CGVector
