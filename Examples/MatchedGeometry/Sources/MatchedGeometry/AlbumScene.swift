import Motion
import Scenes
import UIKit

/// The example's scene: an album of four cards; tapping one flies it up into a detail screen's
/// banner, and a left-edge swipe (or Close) flies it back.
public enum AlbumScene {
    public static let scene = Scene(
        name: "album", hint: "Tap a card; swipe from the left edge to send it back",
        transitionCycle: [
            .tap("card-2"),  // present: the card flies into the banner
            .drag(from: CGPoint(x: 1, y: 500), to: CGPoint(x: 300, y: 500)),  // dismiss, interactive
        ]) { AlbumViewController() }

    /// The cards: a title and a colour each.
    static let cards: [(title: String, color: UIColor)] = [
        ("Dunes", UIColor(hex: 0xE07A5F)), ("Lagoon", UIColor(hex: 0x3D9A8B)),
        ("Meadow", UIColor(hex: 0x81B29A)), ("Dusk", UIColor(hex: 0x3D405B)),
    ]

    /// The identifier a card and its detail banner share.
    static func matchID(_ index: Int) -> String { "photo-\(index)" }
}

/// A 2 × 2 grid of rounded cards, each named `card-<index>`.
final class AlbumViewController: UIViewController, MatchedGeometryProviding, UIViewControllerTransitioningDelegate {
    static let margin = 20.0
    static let spacing = 16.0
    static let top = 120.0
    static let cornerRadius = 18.0

    private var cards: [UIView] = []

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "album"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(hex: 0xF4F1DE)
        let heading = UILabel(frame: CGRect(x: Self.margin, y: 50, width: 200, height: 44))
        heading.accessibilityIdentifier = "album-heading"
        heading.text = "Album"
        heading.font = .systemFont(ofSize: 34)
        heading.textAlignment = .center
        view.addSubview(heading)
        for (index, card) in AlbumScene.cards.enumerated() {
            // A label, so the card draws its title itself; labels take no touches unless asked.
            let cardView = UILabel()
            cardView.accessibilityIdentifier = "card-\(index)"
            cardView.isUserInteractionEnabled = true
            cardView.backgroundColor = card.color
            cardView.layer.cornerRadius = Self.cornerRadius
            cardView.text = card.title
            cardView.textColor = .white
            cardView.font = .systemFont(ofSize: 22)
            cardView.textAlignment = .center
            cardView.addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in self.open(index) })
            view.addSubview(cardView)
            cards.append(cardView)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let side = (view.bounds.width - Self.margin * 2 - Self.spacing) / 2
        for (index, card) in cards.enumerated() {
            card.frame = CGRect(x: Self.margin + Double(index % 2) * (side + Self.spacing),
                              y: Self.top + Double(index / 2) * (side + Self.spacing), width: side, height: side)
        }
    }

    func matchedViews() -> [String: UIView] {
        Dictionary(uniqueKeysWithValues: cards.indices.map { (AlbumScene.matchID($0), cards[$0]) })
    }

    private func open(_ index: Int) {
        let detail = DetailViewController(index: index)
        detail.transitioningDelegate = self
        present(detail, animated: true)
    }

    // MARK: UIViewControllerTransitioningDelegate

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        MatchedGeometryAnimator(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        MatchedGeometryAnimator(presenting: false, interaction: (dismissed as? DetailViewController)?.interaction)
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        guard let interaction = (animator as? MatchedGeometryAnimator)?.interaction, interaction.isInteracting else {
            return nil
        }
        return interaction
    }
}

/// One card, large: a banner (the card's partner), a line of text, and Close.
final class DetailViewController: UIViewController, MatchedGeometryProviding {
    static let bannerHeight = 320.0

    let index: Int
    private(set) var interaction: MatchedDismissInteraction?
    private let banner = UILabel()
    private let body = UILabel()
    private var close: UIButton?

    required init?(coder: NSCoder) { nil }

    init(index: Int) {
        self.index = index
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "detail"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let card = AlbumScene.cards[index]
        banner.accessibilityIdentifier = "banner"
        banner.backgroundColor = card.color
        banner.text = card.title
        banner.textColor = .white
        banner.font = .systemFont(ofSize: 34)
        banner.textAlignment = .center
        view.addSubview(banner)
        body.accessibilityIdentifier = "detail-body"
        body.text = "Swipe from the left edge to send it back"
        body.font = .systemFont(ofSize: 15)
        body.textColor = .gray
        body.textAlignment = .center
        view.addSubview(body)
        let close = UIButton(type: .system, primaryAction: UIAction(title: "Close") { [unowned self] _ in
            self.dismiss(animated: true)
        })
        close.accessibilityIdentifier = "detail-close"
        close.backgroundColor = UIColor(hex: 0xF4F1DE)
        close.layer.cornerRadius = 12
        view.addSubview(close)
        self.close = close
        interaction = MatchedDismissInteraction(dismissing: self)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width
        banner.frame = CGRect(x: 0, y: 0, width: width, height: Self.bannerHeight)
        body.frame = CGRect(x: 20, y: Self.bannerHeight + 24, width: width - 40, height: 24)
        close?.frame = CGRect(x: 20, y: view.bounds.height - 98, width: width - 40, height: 50)
    }

    func matchedViews() -> [String: UIView] {
        [AlbumScene.matchID(index): banner]
    }
}
