// `import CoreGraphics` brings Core Graphics' values: Foundation's `CGFloat`, `CGPoint`, `CGSize`
// and `CGRect` (Foundation on Linux defines them), and what Foundation lacks here. UIKit brings
// the same, so a file may import either or both.
//
// A module of this name also keeps packages that test `#if canImport(CoreGraphics)` beside
// `#if canImport(UIKit)` consistent: once Segue's UIKit is importable, their UIKit code reaches for
// Core Graphics' (swift-property-based's color generators do).
@_exported import Foundation
@_exported import struct Motion.CGAffineTransform
@_exported import struct Motion.CGColor
@_exported import struct Motion.CGVector
