import Scenes
import UIKit

/// The app's screens as a Segue scene: tap a tile to open its card, drag the card down or tap
/// Close to put it back; the tab bar cross-fades to About and back.
public let cardsScene = Scene(name: "cards", hint: "Tap a card; drag it down to close") { AppTabBarController() }
