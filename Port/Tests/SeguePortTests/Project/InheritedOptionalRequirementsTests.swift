import Foundation
import Testing
@testable import SeguePort

/// A subclass's implementation of an optional requirement its superclass's conformance left to
/// the default compiles and is never called (Swift fixes the witness where the conformance is
/// declared; UIKit's runtime would find it): the port reports it, across files.
@Suite struct InheritedOptionalRequirementsTests {
    static let base = """
        import UIKit

        class CardTransition: NSObject, UIViewControllerTransitioningDelegate {
            func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                     source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                CardAnimator()
            }
        }

        """

    static let subclass = """
        import UIKit

        final class InteractiveCardTransition: CardTransition {
            let interaction = SwipeDownInteraction()

            func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
                -> UIViewControllerInteractiveTransitioning? {
                interaction
            }
        }

        """

    private func run(_ files: [String: String]) throws -> (FilePorter.Report, TemporaryFolder) {
        let folder = try TemporaryFolder(files: files)
        return (try FilePorter(options: .init(paths: [folder.path + "/App"])).run(), folder)
    }

    @Test func aSubclassImplementingWhatItsSuperclassLeftToTheDefaultIsReported() throws {
        let (report, folder) = try run(["App/CardTransition.swift": Self.base, "App/Interactive.swift": Self.subclass])
        defer { folder.remove() }
        #expect(report.status == .needsWork)
        #expect(report.lines == [
            "\(folder.path)/App/Interactive.swift:6:10: cannot port: InteractiveCardTransition."
                + "interactionControllerForDismissal(using:) — an optional requirement of "
                + "UIViewControllerTransitioningDelegate, which CardTransition conforms to without implementing it: "
                + "Swift calls the protocol's default, never this; implement it in CardTransition and override it here",
        ])
    }

    /// The fix it names: the superclass implements it (returning UIKit's default), the subclass
    /// overrides it. Class dispatch then reaches the subclass.
    @Test func anOverrideOfTheSuperclasssImplementationIsFine() throws {
        let base = Self.base.replacingOccurrences(of: "    }\n}\n", with: """
                    }

                    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
                        -> UIViewControllerInteractiveTransitioning? { nil }
                }

                """)
        let subclass = Self.subclass.replacingOccurrences(of: "    func interactionControllerForDismissal",
                                                          with: "    override func interactionControllerForDismissal")
        let (report, folder) = try run(["App/CardTransition.swift": base, "App/Interactive.swift": subclass])
        defer { folder.remove() }
        #expect(report.lines == [])
        #expect(report.status == .success)
    }

    /// The conformance in an extension, two classes down, and a property requirement: each
    /// class that implements the left-over requirement is reported, at its own member.
    @Test func conformancesInExtensionsAndDeeperSubclassesAreFollowed() throws {
        let source = """
            class Driver {}
            extension Driver: UIViewControllerInteractiveTransitioning {
                func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {}
            }
            class SlowDriver: Driver {}
            class StartsRunning: SlowDriver {
                var wantsInteractiveStart: Bool { false }
                func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning, extra: Int) {}
            }

            """
        let (report, folder) = try run(["App/Drivers.swift": source])
        defer { folder.remove() }
        #expect(report.lines.count == 1)
        #expect(report.lines.first?.hasPrefix("\(folder.path)/App/Drivers.swift:7:9: cannot port: "
            + "StartsRunning.wantsInteractiveStart — an optional requirement of UIViewControllerInteractiveTransitioning, "
            + "which Driver conforms to") == true)
    }

    /// A superclass outside the files given (UIKit's own, or another module's) is not judged:
    /// UIKit's classes implement their protocols' requirements as open members.
    @Test func aSuperclassOutsideTheFilesIsNotJudged() throws {
        let (report, folder) = try run(["App/Interactive.swift": Self.subclass])
        defer { folder.remove() }
        #expect(report.lines == [])
    }

    /// A requirement's key is its name with its argument labels, as Swift matches witnesses.
    @Test(arguments: [
        ("func interactionControllerForDismissal(using animator: A) -> B? { nil }", "interactionControllerForDismissal(using:)"),
        ("func navigationController(_ n: N, didShow v: V, animated: Bool) {}", "navigationController(_:didShow:animated:)"),
        ("func animationEnded(_ completed: Bool) {}", "animationEnded(_:)"),
        ("func gestureRecognizerShouldBegin() -> Bool { true }", "gestureRecognizerShouldBegin()"),
    ])
    func keysAreNamesWithArgumentLabels(declaration: String, key: String) {
        let declarations = Declarations(source: "class C {\n\(declaration)\n}\n")
        #expect(declarations.types.first?.members.map(\.key) == [key])
    }
}
