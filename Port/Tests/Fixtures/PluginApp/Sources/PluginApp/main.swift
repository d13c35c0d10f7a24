// The target's own file: it uses the ported copies of App/Transitions as if they were its own.

let card = CardViewController()
for action in card.actions {
    action.perform(on: card, with: 0.5)
}
print("progress \(card.progress)")
card.resetAction.perform(on: card)
print("progress \(card.progress)")

let header = CardViewController.Header()
header.tapAction.perform(on: header)
header.tapAction.perform(on: header)

print(card.log.joined(separator: " "))
print("taps \(header.taps)")
