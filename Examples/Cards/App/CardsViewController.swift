import Foundation
import UIKit

/// A grid of coloured tiles; tapping one opens it as a full-screen card.
class CardsViewController: UIViewController {
    static let colors: [UIColor] = [.systemRed, .systemOrange, .systemGreen, .systemBlue]

    private var tiles: [UIButton] = []
    private let cardTransition = CardTransitionDelegate()
    private let lastClosed = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Cards"
        view.backgroundColor = .white
        lastClosed.accessibilityIdentifier = "last-closed"
        lastClosed.textColor = .darkGray
        lastClosed.frame = CGRect(x: 16, y: 96, width: 300, height: 30)
        view.addSubview(lastClosed)
        NotificationCenter.default.addObserver(self, selector: #selector(cardDidClose(_:)),
                                               name: .cardDidClose, object: nil)
        for (index, color) in Self.colors.enumerated() {
            let tile = UIButton(type: .custom)
            tile.backgroundColor = color
            tile.setTitle("Card \(index + 1)", for: .normal)
            tile.accessibilityIdentifier = "tile-\(index + 1)"
            tile.tag = index
            tile.addTarget(self, action: #selector(openCard(_:)), for: .touchUpInside)
            view.addSubview(tile)
            tiles.append(tile)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let margin: CGFloat = 16
        let width = (view.bounds.width - 3 * margin) / 2
        for (index, tile) in tiles.enumerated() {
            let row = CGFloat(index / 2), column = CGFloat(index % 2)
            tile.frame = CGRect(x: margin + column * (width + margin), y: 140 + row * (width + margin),
                                width: width, height: width)
        }
    }

    @objc private func cardDidClose(_ notification: Notification) {
        guard let number = notification.userInfo?["number"] as? Int else { return }
        lastClosed.text = "Card \(number) closed"
    }

    @objc func openCard(_ sender: UIButton) {
        let card = CardViewController(color: Self.colors[sender.tag], number: sender.tag + 1)
        cardTransition.originFrame = sender.frame
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = cardTransition
        cardTransition.interaction = SwipeDownInteraction(viewController: card)
        present(card, animated: true, completion: nil)
    }
}

/// Vends the card animator both ways, and the drag-down interaction while a finger drives it.
class CardTransitionDelegate: NSObject, UIViewControllerTransitioningDelegate {
    var originFrame = CGRect.zero
    var interaction: SwipeDownInteraction?

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return CardAnimator(isPresenting: true, originFrame: originFrame)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return CardAnimator(isPresenting: false, originFrame: originFrame)
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        guard let interaction = interaction, interaction.isInteracting else { return nil }
        return interaction
    }
}

/// One card, full screen, with a Close button, a panel that tells about it, and a hint for whoever
/// looks at it for a while.
class CardViewController: UIViewController {
    static let panelHeight: CGFloat = 220

    let color: UIColor
    let number: Int
    private let hint = UILabel()
    private var hintTimer: Timer?
    private let panel = UIView()
    private let panelTitle = UILabel()
    private let panelBody = UILabel()

    init(color: UIColor, number: Int) {
        self.color = color
        self.number = number
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "card"
        view.backgroundColor = color
        let close = UIButton(type: .system)
        close.setTitle("Close", for: .normal)
        close.setTitleColor(.white, for: .normal)
        close.accessibilityIdentifier = "card-close"
        close.frame = CGRect(x: 20, y: 60, width: 80, height: 44)
        close.addTarget(self, action: #selector(closeTapped), for: .touchUpInside)
        view.addSubview(close)

        hint.text = "Swipe down to close"
        hint.textColor = .white
        hint.textAlignment = .center
        hint.alpha = 0
        hint.accessibilityIdentifier = "card-hint"
        hint.frame = CGRect(x: 20, y: 120, width: 300, height: 30)
        view.addSubview(hint)

        // A panel rising from the bottom edge: only its top corners are rounded.
        panel.accessibilityIdentifier = "card-panel"
        panel.backgroundColor = .white
        panel.layer.cornerRadius = 24
        panel.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        view.addSubview(panel)
        panelTitle.accessibilityIdentifier = "card-panel-title"
        panelTitle.text = "Card \(number)"
        panelTitle.font = .systemFont(ofSize: 22, weight: .bold)
        panel.addSubview(panelTitle)
        panelBody.accessibilityIdentifier = "card-panel-body"
        panelBody.text = "Opened from its tile by a spring, it goes back the same way: tap Close, "
            + "or drag it down and let go past a third of the way."
        panelBody.textColor = .darkGray
        panelBody.numberOfLines = 0
        panel.addSubview(panelBody)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        panel.frame = CGRect(x: 0, y: bounds.height - Self.panelHeight, width: bounds.width, height: Self.panelHeight)
        panelTitle.frame = CGRect(x: 20, y: 24, width: bounds.width - 40, height: 28)
        panelBody.frame = CGRect(x: 20, y: 60, width: bounds.width - 40, height: 100)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        hintTimer = Timer.scheduledTimer(timeInterval: 1.5, target: self, selector: #selector(showHint),
                                         userInfo: nil, repeats: false)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        hintTimer?.invalidate()
    }

    @objc private func showHint() {
        UIView.animate(withDuration: 0.3) {
            self.hint.alpha = 1
        }
    }

    @objc private func closeTapped() {
        NotificationCenter.default.post(name: .cardDidClose, object: self, userInfo: ["number": number])
        dismiss(animated: true, completion: nil)
    }
}

extension Notification.Name {
    /// Posted by a card's Close button, with the card's number as `userInfo["number"]`.
    static let cardDidClose = Notification.Name("CardDidClose")
}
