extension CardViewController {
    /// The card's grabber: a tap closes the card.
    final class Header {
        private(set) var taps = 0

        @objc func tap() { taps += 1 }

        var tapAction: Selector { #selector(tap) }
    }
}
