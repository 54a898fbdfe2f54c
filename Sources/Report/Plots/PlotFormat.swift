/// An output format of the plots.
public enum PlotFormat: String, CaseIterable, Sendable {
    /// A PNG image (gnuplot's pngcairo terminal), `<view>.png`.
    case png
    /// An SVG image (gnuplot's svg terminal), `<view>.svg`.
    case svg
    /// Text drawn by gnuplot's dumb terminal, `<view>.txt`: for terminals and CI logs.
    case ascii

    /// The extension of a plot file in this format, without the dot.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .svg: "svg"
        case .ascii: "txt"
        }
    }
}
