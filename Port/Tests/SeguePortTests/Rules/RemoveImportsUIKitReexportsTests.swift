import Testing
@testable import SeguePort

@Suite struct RemoveImportsUIKitReexportsTests {
    static let cases: [PortCase] = [
        PortCase(name: "Foundation beside UIKit", before: """
            import Foundation
            import UIKit

            final class Badge {}
            """, after: """
            import UIKit

            final class Badge {}
            """),
        PortCase(name: "Dispatch and Foundation after UIKit, comments kept", before: """
            // Badge.swift
            import UIKit
            import Dispatch
            import Foundation // for Timer
            import os
            """, after: """
            // Badge.swift
            import UIKit
            // for Timer
            import os
            """),
        PortCase(name: "no UIKit: Foundation stays", before: """
            import Foundation

            struct Model {}
            """, after: """
            import Foundation

            struct Model {}
            """),
        PortCase(name: "what is not a plain whole-module import stays", before: """
            import UIKit
            @testable import Foundation
            import struct Foundation.Date
            import Foundation.NSString
            """, after: """
            import UIKit
            @testable import Foundation
            import struct Foundation.Date
            import Foundation.NSString
            """),
    ]

    @Test(arguments: cases)
    func removesTheImportsUIKitReexports(_ testCase: PortCase) {
        expectPort(testCase, with: [RemoveImportsUIKitReexports.self])
    }

    @Test func eachRemovalIsPrinted() {
        let ported = port("import UIKit\nimport Foundation\n", with: [RemoveImportsUIKitReexports.self])
        #expect(ported.lines == ["Card.swift:2:1: removed import Foundation"])
    }
}
