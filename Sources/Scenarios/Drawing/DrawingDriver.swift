import Foundation
import Models
import Report

/// Runs a `drawing` scenario once, for one store policy, frame by frame on a virtual clock.
///
/// Each frame: the run loop advances and due memory-pressure events are posted; at a restart the
/// app starts again (the memory tier cold, the disk tier warm: a new cache over the same
/// directory); then every view instance due to redraw asks the cache for its drawing, keyed by its
/// current content (the salt), and draws fresh on a miss — real pixels, real CPU time — then draws
/// the returned image into the view's context (`drawInRect:`, see ``DrawingTarget``). Each request,
/// that last draw included, is timed (fresh and cached separately), the frame's work against its budget, and allocations
/// read from jemalloc; a fresh draw's stated device cost (the view's `cost:`, else the `device:`
/// profile's) is charged to its frame beside the measured time. Disk writes are asynchronous, as
/// EGOCache's are; a read of an entry whose write is still queued waits for it, so the counts do
/// not depend on the disk's speed (the byte gauges of the disk tier may lag by the writes in
/// flight). The disk tier lives in a directory of its own under `cacheRoot` (see
/// ``DrawingTierDirectory``), removed when the run ends.
struct DrawingDriver {
    let scenario: DrawingScenario
    let configuration: RunConfiguration
    /// `optimal`'s request stream, recorded by a first pass (see ``OptimalPass``); without it,
    /// `eviction: optimal` runs as lru (the recording pass).
    var future: [UInt64]?
    var cacheRoot: URL = DrawingTierDirectory.root

    func run(isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        let header = scenario.header
        let timeline = FrameTimeline(header: header, refreshRate: scenario.refreshHz)
        let runLoop = Models.RunLoop(refreshRate: scenario.refreshHz)
        var recorder = DrawingRecorder(scenario: header.name, configuration: configuration, capacity: scenario.cache.capacityBytes)
        recorder.diskCapacity = scenario.cache.diskCapacityBytes
        recorder.views = scenario.views.map(DrawingViewTally.init(view:))
        recorder.deviceSizes = scenario.views.map { view in
            DeviceProfile.resolveDrawingBytes(
                view.bytes, named: view.name, width: view.width, height: view.height, in: scenario.device)
        }
        let clock = VirtualClock()
        var directory: URL?
        defer { if let directory { try? FileManager.default.removeItem(at: directory) } }
        let policy: DrawingStorePolicy
        var cache: DrawingCache
        let log = configuration.recordsTrace || future != nil ? CacheRequestLog() : nil
        if scenario.cache.eviction.needsFuture, DrawingScenario.diskTierPolicies.contains(configuration.policy) {
            // The file's check refuses this; a --policy naming a disk tier still gets here.
            recorder.noteFailure(DrawingCacheSpec.optimalDiskTierReason)
            return recorder.output(cache: nil, header: header, complete: false)
        }
        do {
            if DrawingScenario.diskTierPolicies.contains(configuration.policy) {
                directory = try DrawingTierDirectory.makeRunDirectory(
                    in: cacheRoot, label: "\(header.name)-\(configuration.policy.rawValue)-\(configuration.index)")
            }
            policy = storePolicy(directory: directory)
            cache = try makeCache(policy: policy, runLoop: runLoop, clock: clock, log: log)
        } catch {
            recorder.noteFailure("\(error)")
            return recorder.output(cache: nil, header: header, complete: false)
        }
        let rasterizer = Rasterizer()
        // Each view type's graphics context, which its returned images are drawn into.
        var contexts: [String: DrawingTarget] = [:]
        for view in scenario.views {
            contexts[view.name] = DrawingTarget(
                width: Int(saturating: view.width.rounded(.up)), height: Int(saturating: view.height.rounded(.up)))
        }
        var generator = SeededGenerator(seed: configuration.seed).derived(0xD4A3)
        let restartFrames = Set(scenario.restarts.map { FrameTimeline.frames($0.value, rate: Double(scenario.refreshHz)) })
        let budget = UInt64(1_000_000_000 / scenario.refreshHz)
        // Each view's stated device cost of a fresh draw (its `cost:`, else the profile's), ns.
        let deviceCosts = DeviceCostLedger()
        var drawCosts: [String: UInt64] = [:]
        // The drawings made so far that can be asked for again: drawing one again re-makes what
        // the cache lost.
        var drawn = DrawnContentMemory()
        for view in scenario.views {
            drawCosts[view.name] = DeviceProfile.resolve(view.cost, named: view.name, in: scenario.device)?.nanoseconds
        }
        var complete = true
        var requestsAtStart: UInt64 = 0
        let progressEvery = max(1, timeline.totalFrames / 100)

        for frame in 0..<timeline.totalFrames {
            if isCancelled() {
                complete = false
                break
            }
            clock.now = Double(frame) / Double(scenario.refreshHz)
            if frame == timeline.warmupFrames {
                recorder.startCounting(cache: cache)
                deviceCosts.recording = true
                requestsAtStart = AllocationProbe.requests()
            }
            let counted = timeline.isCounted(frame)
            if restartFrames.contains(frame), frame > 0 {
                cache.waitForPendingWrites()
                recorder.absorb(cache)
                do {
                    cache = try makeCache(policy: policy, runLoop: runLoop, clock: clock, log: log)
                } catch {
                    recorder.noteFailure("\(error)")
                    complete = false
                    break
                }
                if counted { recorder.noteRestart() }
            }
            // Which draws happen this frame, and which of them cancel, is the driver's decision,
            // made before the measured window.
            let requests = drawRequests(frame: frame, generator: &generator)

            let allocationsBefore = AllocationProbe.snapshot()
            let start = MonotonicClock.now()
            runLoop.advance()
            for level in timeline.pressure[frame] ?? [] {
                runLoop.postMemoryPressure(MemoryPressureLevel(level))
                if counted { recorder.notePressure(level.rawValue) }
            }
            for request in requests {
                // A frame of many large views can take seconds: an interrupt is seen between draws.
                if isCancelled() {
                    complete = false
                    break
                }
                let requestStart = MonotonicClock.now()
                if counted { InstructionCounter.start() }
                let cost = drawCosts[request.view.name]
                let image = try? cache.cachedDrawing(
                    typeName: request.view.name, selector: DrawingViewTally.selector, rect: request.rect, salt: request.salt,
                    recreationCost: cost.map { Double($0) }
                ) { rect in
                    if request.cancels { cache.cancel() }
                    if let cost {
                        let again = drawn.noteFreshDraw(
                            content: request.view.content, viewIndex: request.viewIndex, instance: request.instance,
                            salt: request.salt)
                        deviceCosts.charge(cost, recreation: again)
                    }
                    return rasterizer.draw(request.spec.sized(toCover: rect))
                }
                // `[image drawInRect:rect]`: the returned image drawn into the view's context (at the
                // origin of its own bounds), real Cairo work timed with the request: a hit is not free.
                if let image {
                    contexts[request.view.name]?.draw(
                        image.bitmap, in: Rect(x: 0, y: 0, width: request.rect.width, height: request.rect.height))
                }
                InstructionCounter.stop()
                if counted {
                    recorder.noteRequest(
                        outcome: cache.lastOutcome, nanoseconds: MonotonicClock.now() - requestStart, view: request.viewIndex)
                }
            }
            if !complete { break }
            let elapsed = MonotonicClock.now() - start
            let allocated = AllocationProbe.snapshot().since(allocationsBefore)
            // The stated device costs of the frame's fresh draws, beside its measured work.
            let charged = deviceCosts.take()
            if counted {
                recorder.noteFrame(
                    allocated: allocated, elapsed: elapsed, overBudget: elapsed > budget, deviceOverBudget: elapsed &+ charged > budget,
                    deviceCostOverBudget: charged > budget)
            }
            if timeline.isSampleEnd(frame) {
                recorder.sample(time: timeline.time(afterFrame: frame), cache: cache)
            }
            if frame % progressEvery == 0 { progress(Double(frame) / Double(timeline.totalFrames)) }
        }
        cache.waitForPendingWrites()
        progress(1)
        recorder.allocationRequests = AllocationProbe.requests() &- requestsAtStart
        recorder.deviceCosts = (deviceCosts.charges, deviceCosts.total, deviceCosts.recreationTotal)
        var output = recorder.output(cache: cache, header: header, complete: complete)
        output.trace = configuration.recordsTrace ? log?.requests : nil
        return output
    }

    private func makeCache(
        policy: DrawingStorePolicy, runLoop: Models.RunLoop, clock: VirtualClock, log: CacheRequestLog?
    ) throws -> DrawingCache {
        // A new cache at a restart gets a new optimal policy, following the same log.
        var optimal: (any EvictionPolicy)?
        if let future, let log {
            optimal = scenario.cache.eviction.makePolicy(
                seed: configuration.seed, parameters: scenario.cache.parameters, future: future, following: log)
        }
        let cache = try DrawingCache(
            policy: policy, seed: configuration.seed, parameters: scenario.cache.parameters, runLoop: runLoop,
            memoryEviction: optimal
        ) { clock.now }
        cache.timeoutInterval = scenario.timeout.value
        cache.requestLog = log
        return cache
    }

    private func storePolicy(directory: URL?) -> DrawingStorePolicy {
        // The recording pass of a policy that needs the future runs the registry's recording policy.
        let eviction = scenario.cache.eviction.needsFuture && future == nil ? PolicyRegistry.recordingPolicy : scenario.cache.eviction
        let diskLimit = DiskLimit(capacityBytes: scenario.cache.diskCapacityBytes, eviction: eviction)
        switch (configuration.policy, directory) {
        case (.memory, _): return .memory(policy: eviction, capacityBytes: scenario.cache.capacityBytes)
        case (.disk, let directory?): return .disk(directory: directory, limit: diskLimit)
        case (.memoryAndDisk, let directory?):
            return .memoryAndDisk(
                policy: eviction, capacityBytes: scenario.cache.capacityBytes, directory: directory, diskLimit: diskLimit)
        default: return .none
        }
    }

    /// One view instance's draw in this frame.
    struct DrawRequest {
        let view: DrawnViewSpec
        /// The view's index in the scenario's `views`.
        let viewIndex: Int
        /// Which of the view's `count` instances draws.
        let instance: Int
        let rect: Rect
        let salt: String
        let spec: DrawingSpec
        let cancels: Bool
    }

    /// The draws due in `frame`: every instance of every view whose redraw interval has come round,
    /// with the content it shows now.
    private func drawRequests(frame: Int, generator: inout SeededGenerator) -> [DrawRequest] {
        let rate = Double(scenario.refreshHz)
        let time = Double(frame) / rate
        var requests: [DrawRequest] = []
        for (viewIndex, view) in scenario.views.enumerated() {
            let every = view.redrawEvery.map { max(1, FrameTimeline.frames($0.value, rate: rate)) } ?? 1
            for instance in 0..<view.count where (frame + instance) % every == 0 {
                let salt = Self.content(of: view, instance: instance, frame: frame, time: time)
                let spec = Self.spec(for: view, text: salt)
                let cancels = view.cancelRate > 0 && generator.nextUnit() < view.cancelRate
                let rect = Rect(x: Double(instance) * view.width, y: 0, width: view.width, height: view.height)
                requests.append(
                    DrawRequest(
                        view: view, viewIndex: viewIndex, instance: instance, rect: rect, salt: salt, spec: spec,
                        cancels: cancels))
            }
        }
        return requests
    }

    /// What an instance shows at `time`: the cached drawing's salt.
    static func content(of view: DrawnViewSpec, instance: Int, frame: Int, time: Double) -> String {
        switch view.content {
        case .static:
            return "\(view.name) \(instance)"
        case .every(let interval):
            return "\(view.name) \(instance) v\(Int(saturating: time / interval.value))"
        case .everyFrame:
            return "\(view.name) \(instance) f\(frame)"
        case .titles(let titles, let every):
            return titles[(Int(saturating: time / every.value) + instance) % titles.count]
        }
    }

    /// The drawing a view's fresh routine paints, with its content as text.
    static func spec(for view: DrawnViewSpec, text: String) -> DrawingSpec {
        let effects = view.effects
        let shadow = effects.shadow > 0 ? Int(saturating: effects.shadow.rounded()) : nil
        return DrawingSpec(
            size: PixelSize(width: Int(saturating: view.width.rounded(.up)), height: Int(saturating: view.height.rounded(.up))),
            background: RGBAColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1),
            gradient: effects.gradient
                ? LinearGradient(
                    from: RGBAColor(red: 0.35, green: 0.55, blue: 0.95, alpha: 1),
                    to: RGBAColor(red: 0.15, green: 0.3, blue: 0.75, alpha: 1), start: .top, end: .bottom)
                : nil,
            cornerRadius: effects.cornerRadius, text: effects.text ? text : nil,
            textColor: RGBAColor(red: 1, green: 1, blue: 1, alpha: 1), fontSize: min(22, view.height * 0.5),
            shadowRadius: shadow, shadowOffsetX: 0, shadowOffsetY: shadow.map { max(1, $0 / 2) } ?? 0)
    }
}

/// The virtual time the cache reads for expiry dates, advanced by the driver frame by frame.
final class VirtualClock: @unchecked Sendable {
    var now: Double = 0
}
