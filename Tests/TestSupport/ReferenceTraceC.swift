import Models

/// Trace C of the reference simulator's published figures (variable sizes), generated once per
/// test process, and the figures themselves: miss and byte-miss counts at four capacities in bytes
/// (sizes honoured) and four in objects (sizes ignored).
public enum ReferenceTraceC {
    /// 2,000,000 requests over 20,000 objects, Zipf α = 0.9, seed 11; object *k* has the size
    /// `--sizes pow2` gives it (256 B to 1 MiB).
    public static let ids = ZipfTrace(count: 2_000_000, objects: 20_000, alpha: 0.9, seed: 11)

    /// The requests with their sizes and times (request *i* at time *i*), as a replay reads them.
    public static let requests: [TraceRequest] = ids.requests.enumerated().map { index, id in
        TraceRequest(time: Double(index + 1), key: UInt64(id), size: TraceGenerator.Sizes.pow2.size(of: UInt64(id), seed: 11))
    }

    /// The sha256 of trace C's csv as the reference generator writes it (`time,obj_id,obj_size`).
    public static let sha256 = "cd736d4f4243222e6b5f82a24ac1f736d398af31576a7e665ee3b4be15a4ddee"

    /// The working set (every object is requested) and all requests, in bytes.
    public static let workingSetBytes = 3_241_196_288
    public static let requestedBytes = 292_714_875_904

    /// Capacities in bytes: 0.1, 1, 5 and 10% of the working set, truncated.
    public static let byteCapacities = [3_241_196, 32_411_962, 162_059_814, 324_119_628]
    /// Capacities in objects: the same shares of 20,000 objects.
    public static let objectCapacities = [20, 200, 1000, 2000]

    /// The reference's misses with sizes honoured, at ``byteCapacities`` (`slru`: two segments,
    /// `seg-size=1:4`; `optimal`: its `belady`).
    public static let byteCapacityMisses: [PolicyName: [Int]] = [
        .lru: [1_804_019, 1_410_557, 1_040_143, 846_997],
        .fifo: [1_827_385, 1_484_942, 1_128_007, 936_284],
        .clock: [1_789_179, 1_385_367, 1_014_786, 823_153],
        .lfu: [1_524_631, 1_156_254, 845_334, 700_112],
        .arc: [1_619_641, 1_191_290, 866_980, 714_274],
        .s3fifo: [1_407_592, 1_163_625, 850_685, 693_698],
        .sieve: [1_618_416, 1_152_014, 829_441, 669_924],
        .twoQ: [1_537_339, 1_210_454, 890_231, 733_405],
        .slru: [1_441_085, 1_156_468, 834_456, 670_017],
        .optimal: [1_483_732, 1_004_830, 650_384, 486_451],
    ]

    /// The reference's byte misses in the same runs.
    public static let byteCapacityByteMisses: [PolicyName: [Int]] = [
        .lru: [275_714_812_416, 221_651_774_464, 166_597_880_320, 135_913_387_520],
        .fifo: [277_336_052_992, 231_745_337_600, 179_099_800_320, 149_369_004_544],
        .clock: [274_638_305_536, 218_131_067_904, 162_597_591_552, 132_221_327_360],
        .lfu: [245_843_729_152, 190_151_073_280, 138_325_690_368, 112_558_829_824],
        .arc: [254_863_538_688, 190_626_305_792, 139_187_112_960, 114_868_452_096],
        .s3fifo: [271_105_505_024, 186_747_487_232, 136_272_160_000, 111_617_220_864],
        .sieve: [259_659_798_016, 186_653_801_984, 134_284_627_712, 108_751_180_032],
        .twoQ: [254_015_783_168, 193_961_252_352, 142_982_164_224, 117_754_903_296],
        .slru: [250_951_852_032, 191_574_980_608, 140_759_487_488, 114_699_808_256],
        .optimal: [239_064_795_648, 162_162_480_640, 104_969_202_432, 78_623_560_192],
    ]

    /// The reference's misses with sizes ignored, at ``objectCapacities``.
    public static let objectCapacityMisses: [PolicyName: [Int]] = [
        .lru: [1_816_333, 1_419_350, 1_046_248, 851_995],
        .fifo: [1_841_561, 1_493_675, 1_133_527, 941_147],
        .clock: [1_798_375, 1_394_079, 1_020_781, 828_244],
        .lfu: [1_596_204, 1_201_946, 871_659, 710_337],
        .arc: [1_583_072, 1_196_593, 875_907, 723_478],
        .s3fifo: [1_563_033, 1_181_622, 856_937, 700_993],
        .sieve: [1_575_651, 1_169_689, 838_649, 684_809],
        .twoQ: [1_608_818, 1_221_498, 896_578, 738_551],
        .slru: [1_584_832, 1_197_357, 868_067, 706_422],
        .optimal: [1_453_196, 1_010_698, 653_594, 489_495],
    ]

    /// `slru` with the reference's default four equal segments (S4LRU): misses and byte misses
    /// at ``byteCapacities``, and misses at ``objectCapacities``.
    public static let s4lruByteCapacityMisses = [1_522_173, 1_189_474, 866_256, 704_320]
    public static let s4lruByteCapacityByteMisses = [259_474_444_288, 202_932_046_848, 149_947_437_568, 121_734_712_832]
    public static let s4lruObjectCapacityMisses = [1_591_584, 1_204_886, 873_400, 710_036]

    /// W-TinyLFU in libCacheSim patched to stop after one admission (the published rule), sizes
    /// honoured: misses and byte misses at ``byteCapacities``. Its sketch is sized for main's
    /// bytes; ours for the entries held, so these are a close target, not an exact one.
    public static let wTinyLFUPatchedMisses = [1_382_318, 1_011_861, 799_105, 629_522]
    public static let wTinyLFUPatchedByteMisses = [289_146_818_048, 254_980_607_488, 138_250_929_920, 111_807_204_352]
}
