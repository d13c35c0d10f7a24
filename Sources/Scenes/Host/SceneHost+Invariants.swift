import UIKit

extension SceneHost {
    /// What is wrong with a settled world, one sentence per problem; empty when all is well.
    ///
    /// Meaningful only once `isSettled` is true. The tests run it after every scripted transition,
    /// and the server after every session settles, so a soak over thousands of random swipes checks
    /// the same rules.
    public func settledInvariantViolations() -> [String] {
        var problems: [String] = []
        let window = self.window
        if window.transitions.isBusy { problems.append("a transition is still running") }
        if window.engine.runningAnimationCount != 0 { problems.append("animations still running") }
        let runner = window.transitions
        if runner.startedCount != runner.completedCount {
            problems.append("started \(runner.startedCount) transitions, completed \(runner.completedCount)")
        }
        if runner.duplicateCompletionCount != 0 { problems.append("completeTransition called more than once") }
        if runner.rescuedCount != 0 { problems.append("the watchdog had to complete a transition") }
        if window.engine.committedBlockCount != window.engine.endedBlockCount {
            problems.append("blocks committed \(window.engine.committedBlockCount), completions \(window.engine.endedBlockCount)")
        }
        guard let root = window.rootViewController else { return problems + ["no root controller"] }
        // The presentation chain and the window's subviews agree: the root's view, then one container
        // per presented controller, each holding that controller's view.
        var chain: [UIViewController] = []
        var current: UIViewController? = root.presentedViewController
        var presenter = root
        while let presented = current {
            if presented.presentingViewController !== presenter { problems.append("\(presented.name) has the wrong presenter") }
            chain.append(presented)
            presenter = presented
            current = presented.presentedViewController
        }
        // Every window subview is the root's view, a container of the chain, or the system's chrome
        // (status bar, home indicator); each container is there.
        let chrome: [UIView] = [window.statusBar, window.homeIndicator]
        let content = window.subviews.filter { subview in !chrome.contains { $0 === subview } }
        if window.subviews.suffix(chrome.count).map(ObjectIdentifier.init) != chrome.map(ObjectIdentifier.init) {
            problems.append("the status bar and home indicator are not in front")
        }
        for subview in content where subview !== root.view {
            if !chain.contains(where: { $0.view.superview === subview || $0.name + "-presentation" == subview.name }) {
                problems.append("stray view \(subview.name) on the window")
            }
        }
        let containerCount = content.filter { $0 !== root.view }.count
        if containerCount != chain.count {
            problems.append("\(containerCount) containers on the window for \(chain.count) presentations")
        }
        // The root's view is on screen unless a full-screen presentation covers it.
        let rootCovered = chain.first?.presentationController?.shouldRemovePresentersView == true
        if rootCovered != (root.view.superview == nil) {
            problems.append(rootCovered ? "the covered root view is still on screen" : "the root view left the screen")
        }
        for presented in chain {
            // A controller covered by a full-screen presentation has its view off the screen.
            let covered = presented.presentedViewController?.presentationController?.shouldRemovePresentersView == true
            if covered && presented.view.superview != nil { problems.append("\(presented.name)'s view should be off screen") }
            if !covered && presented.view.superview?.superview !== window {
                problems.append("\(presented.name)'s view is not in its container on the window")
            }
        }
        if topName != (chain.last ?? root).visibleViewController.name {
            problems.append("top \(topName) is not the end of the chain")
        }
        return problems
    }
}
