import Motion
import UIKit

/// One screen of the settings scene's navigation stack (General → About → Legal), which has no
/// delegate: every push and pop is the stock slide, and the system back swipe pops. A button pushes
/// the next screen; the pushed ones also have a back button.
final class SettingsScreen: DemoViewController {
    enum Page {
        case general, about, legal

        var next: Page? {
            switch self {
            case .general: .about
            case .about: .legal
            case .legal: nil
            }
        }

        var title: String {
            switch self {
            case .general: "General"
            case .about: "About"
            case .legal: "Legal"
            }
        }

        var color: UIColor {
            switch self {
            case .general: UIColor(hex: 0x34495E)
            case .about: UIColor(hex: 0x2980B9)
            case .legal: UIColor(hex: 0x8E44AD)
            }
        }
    }

    let page: Page

    required init?(coder: NSCoder) { nil }

    init(_ page: Page) {
        self.page = page
        super.init(name: page.title.lowercased(), heading: page.title, color: page.color,
                   hint: page == .general ? "Push, then swipe from the left edge to go back" : "Swipe from the left edge to go back")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        if let next = page.next {
            addButton(next.title) { [unowned self] in
                self.navigationController?.pushViewController(SettingsScreen(next), animated: true)
            }
        }
        if page != .general {
            addButton("Back") { [unowned self] in self.navigationController?.popViewController(animated: true) }
        }
    }
}
