// Swift Testing declares a cross-import overlay for UIKit (Testing.swiftcrossimport/
// UIKit.swiftoverlay in the toolchain): a file that imports both Testing and UIKit imports
// `_Testing_UIKit` in Testing's place, on Linux too, so a module of that name must exist and
// re-export Testing. On Apple platforms the overlay adds image attachments; here it adds nothing.
// UIKit depends on it so that every build that has UIKit has it; Package.swift keeps it from
// linking libTesting into programs that never test.
@_exported import Testing
