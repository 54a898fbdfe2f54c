import Models

/// A controller that counts the reuse callbacks it receives and clears its state on reuse.
public final class CountingController: ViewController {
    public private(set) var willBeReusedCount = 0
    public var draft: String? = nil

    public required init() {
        super.init(nib: NibDescription(viewCount: 4, depth: 2, labelText: "Counting"))
    }

    public override func willBeReused() {
        willBeReusedCount += 1
        draft = nil
    }
}

/// A second, unrelated controller type.
public final class OtherController: ViewController {
    public required init() {
        super.init(nib: NibDescription(viewCount: 2, depth: 2, labelText: "Other"))
    }
}

/// Puts a controller into use the way a table puts a cell on screen: its view gets a superview.
public func putOnScreen(_ controller: ViewController, in container: View) {
    container.addSubview(controller.view)
}
