// swift-tools-version:6.0
// A team's own cache code in workbench: this package depends on workbench (here by path; a team
// names its repository and a version), adds a policy of its own (LRU-2) and builds an executable
// that is workbench with that policy registered. `swift package workbench run scenarios/` builds
// it in release and runs it (see ../../docs/ci.md).
import PackageDescription

let package = Package(
    name: "custom-cache",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "custom-workbench", targets: ["CustomWorkbench"])
    ],
    dependencies: [
        .package(name: "workbench", path: "../..")
    ],
    targets: [
        .target(name: "CustomCache", dependencies: [.product(name: "WorkbenchKit", package: "workbench")]),
        .executableTarget(
            name: "CustomWorkbench",
            dependencies: ["CustomCache", .product(name: "WorkbenchKit", package: "workbench")]),
        .testTarget(name: "CustomCacheTests", dependencies: ["CustomCache"]),
    ]
)
