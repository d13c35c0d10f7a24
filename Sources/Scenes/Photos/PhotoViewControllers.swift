import Motion
import UIKit

/// The photo grid (Apple's WWDC 2016 sample, "Advances in UIKit Animations and Transitions"):
/// square tiles, colours standing in for photos; a tap zooms one into the detail screen. It is
/// the navigation controller's delegate, vending the zoom for pushes and pops.
final class PhotoGridViewController: UIViewController, UINavigationControllerDelegate {
    static let columns = 3
    static let spacing = 2.0
    static let tileCount = 15
    /// Stand-ins for photos: a palette that reads as a camera roll.
    static let palette: [UInt32] = [
        0xE76F51, 0x2A9D8F, 0xE9C46A, 0x264653, 0xF4A261, 0x8AB17D, 0x6D597A, 0xB56576,
        0x355070, 0xEAAC8B, 0x457B9D, 0xA8DADC, 0x1D3557, 0xF28482, 0x84A59D,
    ]

    private(set) var tiles: [UIView] = []
    private let hintLabel = UILabel()
    /// The transition running now, if any.
    var zoom: PhotoZoomTransition?

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "grid"
        hintLabel.accessibilityIdentifier = "grid-hint"
        title = "Photos"
        accessibilityHint = "Tap a photo; drag it down to go back"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        for index in 0..<Self.tileCount {
            let tile = UIView(name: "tile-\(index)")
            tile.backgroundColor = UIColor(hex: Self.palette[index % Self.palette.count])
            tile.addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in self.open(index) })
            tiles.append(tile)
            view.addSubview(tile)
        }
        hintLabel.text = accessibilityHint
        hintLabel.font = .systemFont(ofSize: 15)
        hintLabel.textColor = UIColor(white: 0.4, alpha: 1)
        hintLabel.textAlignment = .center
        view.addSubview(hintLabel)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The grid starts under the navigation bar and ends above the home indicator, as Photos' does.
        let safe = view.bounds.inset(by: view.safeAreaInsets)
        let width = safe.width
        let side = max((width - Self.spacing * Double(Self.columns - 1)) / Double(Self.columns), 0)
        for (index, tile) in tiles.enumerated() {
            let column = index % Self.columns, row = index / Self.columns
            tile.frame = CGRect(x: safe.minX + Double(column) * (side + Self.spacing),
                              y: safe.minY + Double(row) * (side + Self.spacing), width: side, height: side)
        }
        hintLabel.frame = CGRect(x: safe.minX + 20, y: safe.maxY - 36, width: max(width - 40, 0), height: 24)
    }

    func open(_ index: Int) {
        guard let navigationController, navigationController.topViewController === self else { return }
        navigationController.pushViewController(PhotoDetailViewController(index: index), animated: true)
    }

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let detail = (operation == .push ? toVC : fromVC) as? PhotoDetailViewController
        guard let detail else { return nil }
        return PhotoZoomTransition(operation: operation, grid: self, detail: detail,
                                   initiallyInteractive: operation == .pop && detail.isPanning)
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        animationController as? PhotoZoomTransition
    }
}

/// One photo, full width, on a white backdrop. The backdrop is its own view so the image can fly
/// at full alpha while the backdrop fades. Panning down pops interactively.
final class PhotoDetailViewController: UIViewController {
    /// The photo's height over its width (4:3 landscape).
    static let aspect = 0.75

    let index: Int
    let backdrop = UIView(name: "photo-backdrop")
    let imageView = UIView(name: "photo-image")
    /// Whether a pan on this screen is under way (then the pop it starts is interactive).
    private(set) var isPanning = false

    required init?(coder: NSCoder) { nil }

    init(index: Int) {
        self.index = index
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "photo"
        title = "Photo \(index + 1)"
        accessibilityHint = "Drag the photo down to go back"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        backdrop.backgroundColor = .white
        backdrop.isUserInteractionEnabled = false
        imageView.backgroundColor = UIColor(hex: PhotoGridViewController.palette[index % PhotoGridViewController.palette.count])
        view.addSubview(backdrop)
        view.addSubview(imageView)
        view.addGestureRecognizer(UIPanGestureRecognizer { [unowned self] in self.didPan($0) })
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        backdrop.frame = view.bounds
        if window?.transitions.isBusy != true { imageView.frame = restingImageFrame }
    }

    /// Where the image rests: as large as fits (full width on a phone), centred.
    var restingImageFrame: CGRect {
        let bounds = view.bounds
        let width = min(bounds.width, bounds.height / Self.aspect), height = width * Self.aspect
        return CGRect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
    }

    /// Whether this screen's pan started the pop that runs now, and so drives it.
    private var panDrivesPop = false

    private func didPan(_ gesture: UIPanGestureRecognizer) {
        if gesture.state == .began {
            guard let navigationController, window?.transitions.isBusy == false else { return }
            isPanning = true
            navigationController.popViewController(animated: true)
            isPanning = false
            panDrivesPop = true
        }
        guard panDrivesPop, let zoom = (navigationController?.delegate as? PhotoGridViewController)?.zoom else { return }
        zoom.follow(gesture)
        if gesture.state == .ended || gesture.state == .cancelled { panDrivesPop = false }
    }
}

/// The `photos` scene's root: the grid in a navigation controller whose delegate it is.
enum PhotoScene {
    static func makeRoot() -> UIViewController {
        let grid = PhotoGridViewController()
        let navigation = UINavigationController(rootViewController: grid)
        navigation.delegate = grid
        return navigation
    }
}
