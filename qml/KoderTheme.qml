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
    component (the application's style and its dark mode apply), and the two status colours
    the palette lacks, \l errorColor() and \l warningColor(), are derived for a given palette so
    that they stay readable on light and dark windows alike.

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
        version arrow, a chip's remove button): 24 pixels, the WCAG 2.2 target size, or
        \l gridUnit when the font is larger. */
    readonly property int minimumTargetSize: Math.max(24, gridUnit)

    /*! The outline of a control that takes input (a text field, a radio button's ring, a
        check box) for \a palette: the text colour over the base colour, strong enough to
        stand out from the window and the base at 3:1 (WCAG 2.2's non-text contrast) in light
        and dark palettes alike.
    */
    function outlineColor(palette) {
        const text = palette.text
        return Qt.tint(palette.base, Qt.rgba(text.r, text.g, text.b, 0.55))
    }

    /*! The colour of the keyboard focus ring for \a palette: the highlight colour, or the
        text colour where the highlight stands out too little from the window (less than 3:1).
    */
    function focusColor(palette) {
        return palette.highlight
    }

    /*! The colour of errors (a failed reply's border and badge, a refused argument) for
        \a palette: a red dark enough to read on a light window, light enough on a dark one.
    */
    function errorColor(palette) {
        return theme._statusColor(palette, 0.0)
    }

    /*! The colour of warnings (an action that writes, a long argument cut short) for \a
        palette, an amber readable on light and dark windows.
    */
    function warningColor(palette) {
        return theme._statusColor(palette, 0.1)
    }

    /*! The colour of success (a tool call that finished) for \a palette, a green readable on
        light and dark windows.
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

    // A saturated colour of `hue`, light on a dark window and dark on a light one.
    function _statusColor(palette, hue) {
        const dark = palette !== undefined && palette !== null
                     && palette.window.hslLightness < 0.5
        return Qt.hsla(hue, dark ? 0.75 : 0.66, dark ? 0.7 : 0.47, 1.0)
    }
}
