import Models
import Report

/// A controller that knows the bytes its creation allocated (itself and its loaded view tree):
/// what a cache that holds it holds.
protocol HoldsCreationBytes: AnyObject {
    var creationBytes: UInt64 { get set }
}

extension HoldsCreationBytes where Self: ViewController {
    /// Makes a controller the way every kind's factories do: charges the nib's stated device
    /// cost (if any) to the frame, loads the view for real, and records the bytes both took.
    /// `recreation`: whether it re-makes what a cache let go (nil: the ledger asks its cache).
    static func measuredCreation(
        cost: UInt64?, charging ledger: DeviceCostLedger, recreation: Bool? = nil, _ make: () -> Self
    ) -> Self {
        if let cost { ledger.charge(cost, recreation: recreation) }
        let (controller, bytes) = AllocationProbe.measureBytes { () -> Self in
            let made = make()
            _ = made.view
            return made
        }
        controller.creationBytes = bytes
        return controller
    }
}

extension View {
    /// The first view of this tree, depth first, that shows text: where a controller writes the
    /// row's or the section's text.
    /// - Complexity: O(*d*), *d* the views before it in the tree.
    var firstLabel: View? {
        if text != nil { return self }
        for subview in subviews {
            if let label = subview.firstLabel { return label }
        }
        return nil
    }
}
