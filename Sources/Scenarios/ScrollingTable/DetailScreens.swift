import Models

/// The detail screens a scrolling-table's rows open: one `ControllerType` per `details` entry,
/// asked of the same ControllerCache as the rows, pushed on the navigation controller that holds
/// the table's screen or presented modally by that screen.
///
/// A pushed detail is in use through its superview, its parent and its navigation controller; a
/// presented one through its presenting controller only: the in-use conditions the rows (on
/// screen through their superview) never reach.
final class DetailScreens {
    let types: [ControllerType]
    let cache: ControllerCache
    /// The table's own screen: the navigation controller's root and the modal presenter.
    let screen = ViewController()
    let navigation: NavigationController
    /// Details pushed and presented (counted past the warm-up).
    private(set) var pushed = 0
    private(set) var presented = 0
    /// Whether opens are being counted (past the warm-up).
    var recording = false

    /// Each creation is charged its detail's device cost: the nib's `cost:`, else `device`'s
    /// cost of its type.
    init(
        specs: [DetailSpec], cache: ControllerCache, deviceCosts: DeviceCostLedger = DeviceCostLedger(),
        device: DeviceProfile? = nil
    ) {
        self.cache = cache
        types = specs.map { spec in
            let nib = NibDescription(viewCount: spec.nib.views, depth: spec.nib.depth, labelText: spec.nib.label)
            let cost = DeviceProfile.resolve(spec.nib.cost, named: spec.type, in: device)?.nanoseconds
            return ControllerType(name: spec.type, recreationCost: cost.map { Double($0) }) {
                DetailController.measuredCreation(cost: cost, charging: deviceCosts) { DetailController(nib: nib) }
            }
        }
        navigation = NavigationController(root: screen)
    }

    /// The bytes the cache's controllers of `types` hold (their creations' allocations).
    func cachedBytes(_ types: [ControllerType]) -> UInt64 {
        var total: UInt64 = 0
        for type in types {
            for controller in cache.cachedInstances(of: type) {
                total &+= (controller as? HoldsCreationBytes)?.creationBytes ?? 0
            }
        }
        return total
    }

    /// Asks the cache for a controller of `types[detail]` and pushes it, or presents it (loading
    /// its view, as a presentation does).
    /// - Complexity: O(*k*) for *k* cached instances of the type, plus a view load on a miss.
    func open(detail: Int, modal: Bool) {
        guard types.indices.contains(detail) else { return }
        let controller = cache.controller(for: types[detail])
        if modal {
            screen.present(controller)
            _ = controller.view
            if recording { presented += 1 }
        } else {
            navigation.push(controller)
            if recording { pushed += 1 }
        }
    }

    /// Pops the pushed detail, or dismisses the presented one: it is no longer in use.
    func close(modal: Bool) {
        if modal {
            screen.dismiss()
        } else {
            navigation.popToRoot()
        }
    }
}
