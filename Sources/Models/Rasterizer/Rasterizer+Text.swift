import CCairo

extension Rasterizer {
    /// The font titles are set in: DejaVu Sans Bold (Debian's `fonts-dejavu-core`), found by
    /// fontconfig; without it fontconfig substitutes its nearest sans-serif.
    public static let fontFamily = "DejaVu Sans"

    /// Draws `text` on one line in ``fontFamily`` bold at `fontSize` pixels, its ink centred
    /// horizontally and its line (ascent and descent) centred vertically in `rect`, through the
    /// current clip. Glyphs are anti-aliased in grey levels, unhinted, with unhinted metrics, so the
    /// same text draws the same pixels at any position and on any machine with the same font.
    /// A size that is not positive and finite draws nothing.
    /// - Complexity: O(*n*) glyphs, each O(`fontSize`²) pixels.
    func drawText(
        _ text: String, centredIn rect: Rect, fontSize: Double, color: RGBAColor, on context: OpaquePointer, width: Int,
        height: Int
    ) {
        guard fontSize.isFinite, fontSize > 0, fontSize <= 4 * Double(Rasterizer.maxSide) else { return }
        cairo_select_font_face(context, Rasterizer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(context, fontSize)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
        var ink = cairo_text_extents_t()
        var line = cairo_font_extents_t()
        cairo_text_extents(context, text, &ink)
        cairo_font_extents(context, &line)
        let x = rect.x + (rect.width - ink.width) / 2 - ink.x_bearing
        let baseline = rect.y + (rect.height + line.ascent - line.descent) / 2
        guard x.isFinite, baseline.isFinite else { return }
        Rasterizer.setSource(color, on: context)
        cairo_move_to(context, x, baseline)
        cairo_show_text(context, text)
        cairo_new_path(context)
        work.pixelsPainted += Rasterizer.pixelArea(
            of: Rect(x: x + ink.x_bearing, y: baseline + ink.y_bearing, width: ink.width, height: ink.height), width: width,
            height: height)
    }
}
