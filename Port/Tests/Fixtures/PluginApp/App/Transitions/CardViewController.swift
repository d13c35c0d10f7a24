// Written for iOS: on Linux, `@objc` and `#selector` do not build; the plugin ports this file.

/// A card that follows the finger, and closes.
@objcMembers
final class CardViewController {
    @objc dynamic var progress = 0.0
    private(set) var log: [String] = []

    // Called by the pan recognizer.
    @objc(handlePan:)
    func handlePan(_ translation: Double) {
        progress = translation
        log.append("handlePan(\(translation))")
    }

    @IBAction func close() { log.append("close()") }

    var actions: [Selector] { [#selector(handlePan(_:)), #selector(self.close)] }
}

extension CardViewController {
    @objc func reset() {
        progress = 0
        log.append("reset()")
    }

    var resetAction: Selector { #selector(CardViewController.reset) }
}
