// SPDX-License-Identifier: MIT
pragma Singleton
import QtQuick

/*!
    \qmltype KoderTheme
    \inqmlmodule Koder.Agent
    \brief The sizes, the status colours and the monospace font every component of the module
    uses: one place to read them from, no literals in the components.

    A singleton, in the spirit of Kirigami's \c Units and \c Theme. The sizes derive from the
    height of a line of the application's font (\l gridUnit), so they follow the user's font
    size and scaling; the colours of the surfaces and the text come from the \c palette of each
    component (the application's style and its dark mode apply), and the colours the
    palette lacks, the status colours (\l errorColor(), \l warningColor(),
    \l successColor()) and those of outlines and focus rings (\l outlineColor(),
    \l focusColor()), are derived for a given palette so that they meet WCAG 2.2's contrast
    minimums (4.5:1 for text, 3:1 for the parts of controls) on light and dark windows alike.

    \qml
    Label { textFormat: Text.PlainText; color: KoderTheme.errorColor(palette) }
    \endqml

    An application uses the same values for its own delegates and cards, so they sit well
    beside the module's.
*/
QtObject {
    id: theme

    // The font's line height, from the default font.
    readonly property FontMetrics _metrics: FontMetrics {}

    /*! The height of a line of the application's default font, in pixels: the unit every other
        size is a fraction or a multiple of. */
    readonly property int gridUnit: Math.ceil(_metrics.height)

    /*! The gap between items that belong together (a label and its value, chips in a row): a
        quarter of \l gridUnit. */
    readonly property int smallSpacing: Math.max(2, Math.round(gridUnit / 4))

    /*! The usual gap between items and the padding of small containers: half of \l gridUnit. */
    readonly property int spacing: Math.max(4, Math.round(gridUnit / 2))

    /*! The padding of cards and panels: three quarters of \l gridUnit. */
    readonly property int largeSpacing: Math.max(6, Math.round(gridUnit * 3 / 4))

    /*! The corner radius of a message bubble. */
    readonly property int radius: Math.round(gridUnit * 0.6)

    /*! The corner radius of cards inside a view (the permission prompt, tool cards). */
    readonly property int smallRadius: Math.round(gridUnit / 2)

    /*! The widest a column of running text gets before lines grow hard to read (about 33
        lines' heights, 560 pixels with a 17-pixel font). */
    readonly property int readableWidth: gridUnit * 33

    /*! The font of code, tool arguments and other machine text: the system's monospace family
        at the default size. */
    readonly property font monospaceFont: Qt.font({ family: "monospace" })

    /*! The smallest width and height of a control the pointer aims at (an icon button, a
        version arrow, a chip's remove button, a radio button): 24 pixels, the WCAG 2.2 target
        size (2.5.8, minimum), or \l gridUnit when the font is larger.
    */
    readonly property int minimumTargetSize: Math.max(24, gridUnit)

    /*! The outline of a control that takes input (a text field, a radio button's ring, a
        check box) for \a palette: the base colour tinted towards the text colour, just far
        enough that it stands out from the base, the window and the alternate base at 3:1 or
        more (WCAG 2.2's non-text contrast, 1.4.11) in light and dark palettes alike. (The
        palette's \c mid, which the styles draw outlines in, often stays under 2:1.)
    */
    function outlineColor(palette) {
        const text = palette.text
        const backgrounds = [palette.base, palette.window, palette.alternateBase]
        let colour = palette.text
        for (let share = 0.45; share < 1.0; share += 0.05) {
            colour = Qt.tint(palette.base, Qt.rgba(text.r, text.g, text.b, share))
            if (theme._leastContrast(colour, backgrounds) >= 3.0)
                return colour
        }
        return palette.text
    }

    /*! The colour of the keyboard focus ring for \a palette: the highlight colour where it
        stands out from the base, the window and the alternate base at 3:1 or more (WCAG 2.2's
        non-text contrast); otherwise the highlight tinted towards the text colour just enough
        that it does.
    */
    function focusColor(palette) {
        const text = palette.text
        const backgrounds = [palette.base, palette.window, palette.alternateBase]
        let colour = palette.highlight
        for (let share = 0.0; share < 1.0; share += 0.05) {
            colour = Qt.tint(palette.highlight, Qt.rgba(text.r, text.g, text.b, share))
            if (theme._leastContrast(colour, backgrounds) >= 3.0)
                return colour
        }
        return palette.text
    }

    /*! The colour of errors (a failed reply's border and badge, a refused argument) for
        \a palette: a red dark enough to read on a light window, light enough on a dark one:
        at 4.5:1 or more (WCAG 2.2's text contrast) on the palette's base and window and on
        codeBackground().
    */
    function errorColor(palette) {
        return theme._statusColor(palette, 0.0)
    }

    /*! The colour of warnings (an action that writes, a long argument cut short) for \a
        palette, an amber readable on light and dark windows (4.5:1 or more on the base, the
        window and codeBackground(); on a light window a dark amber).
    */
    function warningColor(palette) {
        return theme._statusColor(palette, 0.1)
    }

    /*! The colour of success (a tool call that finished) for \a palette, a green readable on
        light and dark windows (4.5:1 or more on the base, the window and codeBackground()).
    */
    function successColor(palette) {
        return theme._statusColor(palette, 0.36)
    }

    /*! The background of code blocks and tool cards for \a palette: the \c base colour tinted
        a little towards the text colour, so that code stands apart from prose in light and dark
        windows alike.
    */
    function codeBackground(palette) {
        const text = palette.text
        return Qt.tint(palette.base, Qt.rgba(text.r, text.g, text.b, 0.07))
    }

    // A saturated colour of `hue`, light on a dark window and dark on a light one: from a
    // lightness that reads well, made darker (lighter on a dark window) until the colour reads
    // at 4.5:1 (WCAG 2.2's text contrast, 1.4.3) on the base, the window and code.
    function _statusColor(palette, hue) {
        if (palette === undefined || palette === null)
            return Qt.hsla(hue, 0.66, 0.47, 1.0)
        const dark = palette.window.hslLightness < 0.5
        const saturation = dark ? 0.75 : 0.66
        const backgrounds = [palette.base, palette.window, theme.codeBackground(palette)]
        let lightness = dark ? 0.7 : 0.47
        let colour = Qt.hsla(hue, saturation, lightness, 1.0)
        for (let step = 0; step < 25; ++step) {
            colour = Qt.hsla(hue, saturation, lightness, 1.0)
            if (theme._leastContrast(colour, backgrounds) >= 4.5)
                break
            lightness = dark ? Math.min(0.98, lightness + 0.02) : Math.max(0.02, lightness - 0.02)
        }
        return colour
    }

    // The relative luminance of `colour` (WCAG 2.2).
    function _luminance(colour) {
        const linear = c => c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4)
        return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)
    }

    // The contrast ratio of two colours (WCAG 2.2), from 1 to 21.
    function _contrast(a, b) {
        const la = theme._luminance(a)
        const lb = theme._luminance(b)
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
    }

    // The least contrast of `colour` with any of `backgrounds`.
    function _leastContrast(colour, backgrounds) {
        return Math.min(...backgrounds.map(b => theme._contrast(colour, b)))
    }
}
