/// What a nib file holds: how many views, how deeply nested, and the text of its labels.
///
/// ``instantiate(width:)`` builds the tree for real, breadth first, so that the tree has exactly
/// `viewCount` views and exactly `depth` levels (when `viewCount >= depth`); every leaf is a label.
/// A tree of more than one view has at least two levels (the root and its subviews), so a
/// `depth` of 1 with more than one view builds two levels.
public struct NibDescription: Hashable, Sendable {
    /// Views in the tree, the root included (at least 1).
    public var viewCount: Int
    /// Levels in the tree (at least 1, at least 2 when `viewCount > 1`, at most `viewCount`).
    public var depth: Int
    /// The text given to each label; each label gets its own copy with its index appended.
    public var labelText: String

    public init(viewCount: Int, depth: Int, labelText: String) {
        self.viewCount = max(1, viewCount)
        self.depth = min(max(self.viewCount > 1 ? 2 : 1, depth), self.viewCount)
        self.labelText = labelText
    }

    /// Builds the view tree the nib describes.
    /// - Complexity: O(`viewCount`) allocations.
    public func instantiate(width: Double = 375) -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: 44))
        var levels: [[View]] = [[root]]
        var made = 1
        // First a spine, so that the tree really is `depth` levels deep.
        while levels.count < depth {
            let child = View(frame: Rect(x: 8, y: 4, width: width - 16, height: 36))
            levels[levels.count - 1][0].addSubview(child)
            levels.append([child])
            made += 1
        }
        // Then fill the levels below the root, round robin over the parents of each level.
        var level = 1
        var parentIndex = 0
        while made < viewCount {
            if level >= levels.count { level = 1 }
            let parents = levels[level - 1]
            let parent = parents[parentIndex % parents.count]
            let child = View(frame: Rect(x: 4, y: 2, width: parent.frame.width - 8, height: 20))
            parent.addSubview(child)
            levels[level].append(child)
            made += 1
            parentIndex += 1
            if parentIndex >= parents.count {
                parentIndex = 0
                level += 1
            }
        }
        var labelIndex = 0
        labelLeaves(of: root, index: &labelIndex)
        return root
    }

    private func labelLeaves(of view: View, index: inout Int) {
        if view.subviews.isEmpty {
            view.text = "\(labelText) \(index)"
            index += 1
        }
        for subview in view.subviews { labelLeaves(of: subview, index: &index) }
    }
}
