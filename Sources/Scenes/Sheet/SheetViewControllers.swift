import Motion
import UIKit

/// The sheet scene's screen: a notes list whose Compose button opens a page sheet (iOS 15's
/// `UISheetPresentationController`) with medium and large detents, a grabber, and the medium
/// detent undimmed.
final class NotesViewController: DemoViewController {
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(name: "notes", heading: "Notes", color: UIColor(hex: 0xF39C12), hint: "Compose opens a sheet")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        addButton("Compose") { [unowned self] in
            let compose = ComposeViewController()
            compose.modalPresentationStyle = .pageSheet
            if let sheet = compose.sheetPresentationController {
                sheet.detents = [.medium(), .large()]
                sheet.selectedDetentIdentifier = .medium
                sheet.largestUndimmedDetentIdentifier = .medium
                sheet.prefersGrabberVisible = true
            }
            self.present(compose, animated: true)
        }
    }
}

/// The sheet's content, laid out from its top so it reads the same at every detent: a heading,
/// a Done button that dismisses it from code, and a line saying what to try.
final class ComposeViewController: UIViewController {
    static let headingTop = 20.0
    static let headingHeight = 44.0
    static let doneSize = CGSize(width: 80, height: 36)
    static let sideMargin = 16.0
    static let hintText = "Drag between the detents; flick down to close"

    private let heading = UILabel()
    private let hintLabel = UILabel()
    private var done: UIButton?

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "compose"
        title = "New Note"
        accessibilityHint = Self.hintText
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        heading.accessibilityIdentifier = "compose-heading"
        heading.text = "New Note"
        heading.font = .systemFont(ofSize: 20)
        heading.textAlignment = .center
        view.addSubview(heading)
        hintLabel.accessibilityIdentifier = "compose-hint"
        hintLabel.text = Self.hintText
        hintLabel.font = .systemFont(ofSize: 15)
        hintLabel.textColor = .gray
        hintLabel.textAlignment = .center
        view.addSubview(hintLabel)
        let done = UIButton(type: .system, primaryAction: UIAction(title: "Done") { [unowned self] _ in
            self.dismiss(animated: true)
        })
        done.accessibilityIdentifier = "compose-done"
        done.titleLabel?.font = .systemFont(ofSize: 17)
        view.addSubview(done)
        self.done = done
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width
        let side = Self.doneSize.width + Self.sideMargin
        heading.frame = CGRect(x: side, y: Self.headingTop, width: max(width - 2 * side, 0), height: Self.headingHeight)
        done?.frame = CGRect(x: width - side, y: Self.headingTop + (Self.headingHeight - Self.doneSize.height) / 2,
                           width: Self.doneSize.width, height: Self.doneSize.height)
        hintLabel.frame = CGRect(x: Self.sideMargin, y: heading.frame.maxY + 12, width: max(width - 2 * Self.sideMargin, 0),
                          height: 24)
    }
}
