// Swift Testing's cross-import overlay for CoreGraphics (Testing.swiftcrossimport/
// CoreGraphics.swiftoverlay in the toolchain), as `_Testing_UIKit` is for UIKit: a file that
// imports both Testing and CoreGraphics imports this module in Testing's place, so it re-exports
// Testing and adds nothing. Package.swift keeps it from linking libTesting into programs.
@_exported import Testing
