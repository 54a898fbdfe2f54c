// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "workbench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "workbench", targets: ["WorkbenchMain"]),
        // workbench as a library: its command line (`WorkbenchCLI`) and the extension points
        // (`PolicyRegistry`, `RegisteredPolicy`) for a team's runner with its own types.
        .library(name: "WorkbenchKit", targets: ["Workbench", "Models"]),
        .library(name: "Models", targets: ["Models"]),
        // What an app links into a debug build to record its sessions in the files workbench
        // replays (Foundation only: no workbench module, no UIKit).
        .library(name: "WorkbenchRecorder", targets: ["WorkbenchRecorder"]),
        // `swift package workbench ...`: builds the package's runner in release and runs it.
        .plugin(name: "WorkbenchPlugin", targets: ["WorkbenchPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // `swift package generate-documentation --target Models` (make api-docs): WorkbenchKit's reference.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // jemalloc, linked as the process allocator; its counters are read through mallctl.
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // libpng: the drawing cache's disk tier writes and reads its entries as PNG files.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // Cairo (with fontconfig and FreeType): the drawing cache's routines paint through it.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev", "fonts-dejavu-core"])]
        ),
        // zlib and libzstd: `.gz` and `.zst` trace files are read through them.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        // The system's libcrypto: the SHA-256 of a study's files (a package of its own would
        // compile a whole cryptography library on every fresh machine for one digest).
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // The systems under test. Imports nothing of ours but the system libraries above.
        // No unsafe flags in the library products' targets: SwiftPM refuses a dependency pinned
        // by version whose products set them (scripts/check-version-dependency.sh, run by `make
        // test`, checks it). Its classes' stored properties are `@exclusivity(unchecked)` instead
        // of a `-enforce-exclusivity=unchecked` flag (the dynamic check costs ~30% of a hit; see
        // docs/measured.md), and `make test` builds the tests with `-Xswiftc -O` (the Makefile's
        // TESTFLAGS) instead of this module optimising itself in debug builds.
        .target(name: "Models", dependencies: ["CPNG", "CCairo"]),
        // Per-thread allocation counting: a jemalloc allocation hook plus thread.allocatedp.
        .target(name: "CAllocCounter", dependencies: ["CJemalloc"]),
        // A child process that dies with its parent: prctl(PR_SET_PDEATHSIG) and a parent check.
        .target(name: "CProcessControl"),
        // Callgrind's client requests (valgrind's callgrind.h, when installed): instruction counts.
        .target(name: "CCallgrind"),
        // Probes (counters, jemalloc, latency) and result files.
        .target(
            name: "Report",
            dependencies: [
                "CJemalloc",
                "CAllocCounter",
                "CCallgrind",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                "CCrypto",  // SHA-256 of a study's files
            ]
        ),
        // Scenario files: loading, validation, and the drivers that run them against Models.
        .target(
            name: "Scenarios",
            dependencies: ["Models", "Report", "Yams", "CZlib", "CZstd"]
        ),
        // The command-line interface, as a library (`WorkbenchCLI.main()`), and the `workbench`
        // executable that calls it (Sources/Workbench/Main).
        .target(
            name: "Workbench",
            dependencies: [
                "Scenarios", "Report", "Models", "CProcessControl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Main"]
        ),
        // The session recorder an app links (Foundation only).
        .target(name: "WorkbenchRecorder"),
        .executableTarget(name: "WorkbenchMain", dependencies: ["Workbench"], path: "Sources/Workbench/Main"),
        .plugin(
            name: "WorkbenchPlugin",
            capability: .command(
                intent: .custom(verb: "workbench", description: "Build the package's workbench runner in release and run it."),
                permissions: [.writeToPackageDirectory(reason: "workbench writes its results under --out")]
            )
        ),
        .target(name: "TestSupport", dependencies: ["Models"], path: "Tests/TestSupport"),
        .testTarget(
            name: "ModelsTests", dependencies: ["Models", "Report", "TestSupport"],
            resources: [.copy("DrawingCache/Fixtures")]  // the golden images
        ),
        .testTarget(name: "ConcurrencyTests", dependencies: ["Models"]),
        .testTarget(
            name: "ReportTests", dependencies: ["Report", "TestSupport"],
            // Golden files and fixtures the tests read from their source directory (#filePath).
            exclude: ["Plots/Golden", "Plots/Fixtures", "Pages/Golden"]
        ),
        .testTarget(
            name: "ScenariosTests", dependencies: ["Scenarios", "Models", "Report", "TestSupport"],
            // xctrace exports the device import tests read from their source directory (#filePath).
            exclude: ["Loading/Fixtures"]
        ),
        .testTarget(name: "WorkbenchRecorderTests", dependencies: ["WorkbenchRecorder", "Scenarios", "Report"]),
        .testTarget(name: "WorkbenchEndToEndTests", dependencies: ["Workbench", "Scenarios", "Report", "TestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
