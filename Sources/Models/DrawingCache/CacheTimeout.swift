/// The timeout conveniences of EGOUICache, in seconds, with the original's values.
public enum CacheTimeout {
    /// 3,600 s.
    public static let oneHour: Double = 3_600
    /// 86,400 s.
    public static let oneDay: Double = 86_400
    /// 604,800 s: the default.
    public static let oneWeek: Double = 604_800
    /// 2,629,743.83 s (a mean month).
    public static let oneMonth: Double = 2_629_743.83
    /// 31,556,926 s (a mean tropical year).
    public static let oneYear: Double = 31_556_926
}
