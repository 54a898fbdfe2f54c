import Models
import Testing

/// One test per rule of EGOUICache.md and the EGOUICache notes: keys, salt, origin, timeout, expiry,
/// cancel.
@Suite("DrawingCache")
struct DrawingCacheTests {
    let clock = DrawingTestClock()

    func makeCache(_ policy: DrawingStorePolicy = .memory(policy: .lru, capacityBytes: 0)) throws -> DrawingCache {
        try DrawingCache(policy: policy, clock: clock.read)
    }

    let rect = Rect(x: 0, y: 0, width: 40, height: 20)

    // MARK: Key

    @Test("key text is EGOUI-<type name>-<selector>-<width>x<height>-<salt>, size with two decimals, origin ignored")
    func keyTextFormat() throws {
        let key = try DrawingKey.text(
            typeName: "TitleButton", selector: "freshDrawRect:", rect: Rect(x: 13, y: 7.5, width: 120.456, height: 44),
            salt: "Save")
        #expect(key == "EGOUI-TitleButton-freshDrawRect:-120.46x44.00-Save")
        let moved = try DrawingKey.text(
            typeName: "TitleButton", selector: "freshDrawRect:", rect: Rect(x: -300, y: 99, width: 120.456, height: 44),
            salt: "Save")
        #expect(moved == key)
        #expect(DrawingKey.typeName(of: TitleButton.self) == "TitleButton")
    }

    @Test("a drawing cached at one origin is a hit at another origin of the same size")
    func originIgnoredByCache() throws {
        let cache = try makeCache()
        let routine = RecordingDrawRoutine()
        let first = try cache.cachedDrawing(
            target: TitleButton.self, selector: "draw:", rect: Rect(x: 5, y: 5, width: 40, height: 20), salt: "A",
            draw: routine.draw)
        let second = try cache.cachedDrawing(
            target: TitleButton.self, selector: "draw:", rect: Rect(x: 200, y: 80, width: 40, height: 20), salt: "A",
            draw: routine.draw)
        #expect(routine.calls == 1)
        #expect(second === first)
        #expect(cache.lastOutcome == .memoryHit)
    }

    @Test("the key uses the drawer's type, not the instance; each other part of the key separates entries")
    func keyUsesTypeNotInstance() throws {
        let cache = try makeCache()
        let routine = RecordingDrawRoutine()
        _ = try cache.cachedDrawing(for: TitleButton(), selector: "draw:", rect: rect, salt: "A", draw: routine.draw)
        _ = try cache.cachedDrawing(for: TitleButton(), selector: "draw:", rect: rect, salt: "A", draw: routine.draw)
        #expect(routine.calls == 1, "a second instance of the same type hits")
        _ = try cache.cachedDrawing(for: BadgeLabel(), selector: "draw:", rect: rect, salt: "A", draw: routine.draw)
        _ = try cache.cachedDrawing(for: TitleButton(), selector: "other:", rect: rect, salt: "A", draw: routine.draw)
        _ = try cache.cachedDrawing(
            for: TitleButton(), selector: "draw:", rect: Rect(x: 0, y: 0, width: 40.01, height: 20), salt: "A",
            draw: routine.draw)
        _ = try cache.cachedDrawing(for: TitleButton(), selector: "draw:", rect: rect, salt: "B", draw: routine.draw)
        #expect(routine.calls == 5)
        #expect(cache.statistics.memoryEntries == 5)
    }

    @Test("a missing salt is an error, and nothing runs or is counted")
    func missingSaltIsAnError() throws {
        let cache = try makeCache()
        let routine = RecordingDrawRoutine()
        #expect(throws: DrawingCacheError.missingSalt(typeName: "TitleButton", selector: "draw:")) {
            try cache.cachedDrawing(target: TitleButton.self, selector: "draw:", rect: rect, salt: nil, draw: routine.draw)
        }
        #expect(routine.calls == 0)
        #expect(cache.statistics.requests == 0)
        #expect(DrawingCacheError.missingSalt(typeName: "T", selector: "s").description == "cached drawing T.s has no salt")
        _ = try cache.cachedDrawing(target: TitleButton.self, selector: "draw:", rect: rect, salt: "", draw: routine.draw)
        #expect(routine.calls == 1, "an empty salt is a salt")
    }

    @Test("an empty or non-finite rect is an error")
    func emptyRectIsAnError() throws {
        let cache = try makeCache()
        #expect(throws: DrawingCacheError.invalidSize(width: 0, height: 10)) {
            try cache.cachedDrawing(typeName: "T", selector: "s", rect: Rect(x: 0, y: 0, width: 0, height: 10), salt: "x") { _ in nil }
        }
    }

    @Test("the routine draws with the origin at (0, 0) and the rect's size")
    func routineDrawsAtOrigin() throws {
        let cache = try makeCache()
        let routine = RecordingDrawRoutine()
        let image = try cache.cachedDrawing(
            target: TitleButton.self, selector: "draw:", rect: Rect(x: 31, y: 47.5, width: 40.5, height: 20), salt: "A",
            draw: routine.draw)
        #expect(routine.rects == [Rect(x: 0, y: 0, width: 40.5, height: 20)])
        #expect(image?.bitmap.width == 41)
        #expect(image?.bitmap.height == 20)
        #expect(image?.key == "EGOUI-TitleButton-draw:-40.50x20.00-A")
    }

    // MARK: Timeout

    @Test("the timeout defaults to one week: a hit just before, a redraw at the date")
    func timeoutDefaultsToOneWeek() throws {
        let cache = try makeCache()
        #expect(cache.timeoutInterval == 604_800)
        #expect(DrawingCache.defaultTimeoutInterval == 604_800)
        let routine = RecordingDrawRoutine()
        let start = clock.now
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        clock.now = start + 604_799.9
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        #expect(routine.calls == 1)
        clock.now = start + 604_800
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        #expect(routine.calls == 2)
    }

    @Test("the timeout is sticky across calls until set again")
    func timeoutIsSticky() throws {
        let cache = try makeCache()
        let routine = RecordingDrawRoutine()
        cache.setTimeoutOneHour()
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "B", draw: routine.draw)
        #expect(cache.timeoutInterval == 3_600, "calls do not reset it")
        clock.now += 3_600
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "B", draw: routine.draw)
        #expect(routine.calls == 4, "both entries used the one-hour timeout")
        #expect(cache.statistics.expirations == 2)
    }

    @Test("timeout conveniences: hour 3,600 s, day 86,400 s, week 604,800 s, month 2,629,743.83 s, year 31,556,926 s")
    func timeoutConveniences() throws {
        let cache = try makeCache()
        cache.setTimeoutOneHour()
        #expect(cache.timeoutInterval == 3_600)
        cache.setTimeoutOneDay()
        #expect(cache.timeoutInterval == 86_400)
        cache.setTimeoutOneMonth()
        #expect(cache.timeoutInterval == 2_629_743.83)
        cache.setTimeoutOneYear()
        #expect(cache.timeoutInterval == 31_556_926)
        cache.setTimeoutOneWeek()
        #expect(cache.timeoutInterval == 604_800)
        #expect(CacheTimeout.oneMonth == 2_629_743.83)
        #expect(CacheTimeout.oneYear == 31_556_926)
    }

    @Test("a call reads the timeout when it stores the drawing, so the routine may set it; a per-call timeout does not change the setting")
    func timeoutReadWhenStored() throws {
        let cache = try makeCache()
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A") { rect in
            cache.setTimeoutOneHour()  // inside the routine: applies to this drawing
            return solidTestBitmap(width: 40, height: 20)
        }
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "B", timeoutInterval: 10) { _ in
            solidTestBitmap(width: 40, height: 20)
        }
        #expect(cache.timeoutInterval == 3_600)
        clock.now += 10
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "B") { _ in solidTestBitmap(width: 40, height: 20) }
        #expect(cache.lastOutcome == .drawn, "B used its own 10 s timeout")
        clock.now += 3_590
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A") { _ in solidTestBitmap(width: 40, height: 20) }
        #expect(cache.lastOutcome == .drawn, "A was stored with the hour set inside its routine, not the week")
    }

    @Test("an expired entry is redrawn and stored again")
    func expiredEntryIsRedrawn() throws {
        let cache = try makeCache()
        let routine = RecordingDrawRoutine()
        cache.timeoutInterval = 60
        let first = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        clock.now += 61
        let second = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        #expect(routine.calls == 2)
        #expect(second !== first)
        #expect(cache.statistics.expirations == 1)
        #expect(cache.statistics.stores == 2)
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        #expect(cache.lastOutcome == .memoryHit, "the redrawn entry is stored with a new date")
    }

    // MARK: Cancel

    @Test("cancel: the drawing returns nil and stores nothing")
    func cancelReturnsNilStoresNothing() throws {
        let cache = try makeCache()
        let routine = RecordingDrawRoutine()
        let image = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A") { rect in
            cache.cancel()  // e.g. the data has not loaded yet
            return routine.draw(rect)
        }
        #expect(image == nil)
        #expect(!cache.isCancelPending, "consumed")
        #expect(cache.statistics.cancels == 1)
        #expect(cache.statistics.memoryEntries == 0)
        _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        #expect(cache.lastOutcome == .drawn, "nothing was stored, so the next request draws")
    }

    @Test("nested drawings: a cancel in the inner routine cancels the inner one; the outer is stored")
    func nestedCancelCancelsInner() throws {
        let cache = try makeCache()
        var innerFinished = false
        var inner: DrawnImage?
        let outer = try cache.cachedDrawing(typeName: "Outer", selector: "s", rect: rect, salt: "A") { rect in
            inner = try? cache.cachedDrawing(typeName: "Inner", selector: "s", rect: rect, salt: "A") { rect in
                cache.cancel()
                return solidTestBitmap(width: 40, height: 20)
            }
            innerFinished = true
            return solidTestBitmap(width: 40, height: 20, rgb: 0x112233)
        }
        #expect(innerFinished)
        #expect(inner == nil, "the inner drawing returned nil")
        #expect(outer != nil)
        let innerKey = try DrawingKey.text(typeName: "Inner", selector: "s", rect: rect, salt: "A")
        let outerKey = try DrawingKey.text(typeName: "Outer", selector: "s", rect: rect, salt: "A")
        #expect(!cache.store.memoryContains(innerKey))
        #expect(cache.store.memoryContains(outerKey))
        #expect(cache.statistics.cancels == 1)
        #expect(cache.statistics.stores == 1)
        #expect(cache.invariantViolation() == nil)
    }

    @Test("cancel applies to the routine that finishes first after the call, even one that started before")
    func cancelAppliesToNextRoutineToFinish() throws {
        let cache = try makeCache()
        var inner: DrawnImage?
        let outer = try cache.cachedDrawing(typeName: "Outer", selector: "s", rect: rect, salt: "A") { rect in
            inner = try? cache.cachedDrawing(typeName: "Inner", selector: "s", rect: rect, salt: "A") { _ in
                solidTestBitmap(width: 40, height: 20)
            }
            cache.cancel()  // after the inner drawing finished: the outer is next to finish
            return solidTestBitmap(width: 40, height: 20)
        }
        #expect(inner != nil)
        #expect(outer == nil)
        #expect(cache.statistics.stores == 1)
    }

    @Test("a cache hit leaves a pending cancel alone; the next routine to finish is cancelled")
    func hitLeavesPendingCancel() throws {
        let cache = try makeCache()
        let routine = RecordingDrawRoutine()
        let stored = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        cache.cancel()
        let hit = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        #expect(hit === stored)
        #expect(cache.isCancelPending)
        #expect(throws: DrawingCacheError.self) {
            try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: nil, draw: routine.draw)
        }
        #expect(cache.isCancelPending, "a refused request leaves it too")
        let missed = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "B", draw: routine.draw)
        #expect(missed == nil)
        #expect(!cache.isCancelPending)
        #expect(cache.statistics.cancels == 1)
    }

    @Test("a routine that returns nil stores nothing")
    func nilDrawingStoresNothing() throws {
        let cache = try makeCache()
        #expect(try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A") { _ in nil } == nil)
        #expect(cache.statistics.nilDrawings == 1)
        #expect(cache.statistics.memoryEntries == 0)
        #expect(cache.lastOutcome == .nothingDrawn)
    }

    @Test("policy none draws every time")
    func noneDrawsEveryTime() throws {
        let cache = try makeCache(.none)
        let routine = RecordingDrawRoutine()
        for _ in 0..<3 {
            _ = try cache.cachedDrawing(typeName: "T", selector: "s", rect: rect, salt: "A", draw: routine.draw)
        }
        #expect(routine.calls == 3)
        #expect(cache.statistics.misses == 3)
        #expect(cache.statistics.hitRate == 0)
    }
}
