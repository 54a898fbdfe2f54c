// swift-tools-version: 6.0
// The concurrency tests under ThreadSanitizer. The main package links jemalloc as the process
// allocator, and ThreadSanitizer cannot run with another allocator interposed, so this package
// builds the same Models sources and concurrency tests (through symlinks) without jemalloc:
//   swift test --package-path Tests/ThreadSanitizer --sanitize=thread
import PackageDescription

let package = Package(
    name: "workbench-thread-sanitizer",
    platforms: [.macOS(.v15)],
    targets: [
        .systemLibrary(name: "CPNG", path: "CPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CCairo", path: "CCairo", pkgConfig: "cairo"),
        .target(name: "Models", dependencies: ["CPNG", "CCairo"], path: "Models"),
        .testTarget(name: "ConcurrencyTests", dependencies: ["Models"], path: "ConcurrencyTests"),
    ],
    swiftLanguageModes: [.v5]
)
