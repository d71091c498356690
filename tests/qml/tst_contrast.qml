// SPDX-License-Identifier: MIT
// The contrast of the theme's colours (KoderTheme) on the palettes the demo uses, light and
// dark (demo-app/appearance.cpp), and on the application's default palette: WCAG 2.2's
// relative-luminance contrast, 4.5:1 for text (1.4.3), 3:1 for the parts of controls such as
// outlines and focus rings (1.4.11). The ratio is computed here, not taken from the theme.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

Item {
    id: stage
    width: 200
    height: 200

    // The demo's palettes, as demo-app/appearance.cpp builds them (the roles read here).
    // Set from JavaScript (initTestCase): Qt 6.4 now and then refuses a palette role set in a
    // binding (".placeholderText is not available due to component versioning").
    readonly property var demoColours: ({
        light: { window: "#f3f3f3", windowText: "#1f1f1f", base: "#ffffff",
                 alternateBase: "#f7f7f7", text: "#1f1f1f", button: "#ececec",
                 buttonText: "#1f1f1f", highlight: "#1a66c9", highlightedText: "#ffffff",
                 placeholderText: "#6b6b6b", mid: "#b8b8b8" },
        dark: { window: "#202124", windowText: "#e8eaed", base: "#17181a",
                alternateBase: "#2a2b2e", text: "#e8eaed", button: "#303134",
                buttonText: "#e8eaed", highlight: "#3367d6", highlightedText: "#ffffff",
                placeholderText: "#9aa0a6", mid: "#5f6368" }
    })
    Control {
        id: demoLight
    }
    Control {
        id: demoDark
    }
    // The application's own palette (the style's defaults): the theme's colours must hold on
    // it too, though its own text pairs are the style's business.
    Control {
        id: styleDefault
    }

    TestCase {
        name: "Contrast"
        when: windowShown

        function initTestCase() {
            for (const role in stage.demoColours.light) {
                demoLight.palette[role] = stage.demoColours.light[role]
                demoDark.palette[role] = stage.demoColours.dark[role]
            }
            compare(String(demoDark.palette.alternateBase), "#2a2b2e")
        }

        function luminance(colour) {
            function linear(c) {
                return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g)
                    + 0.0722 * linear(colour.b)
        }
        function contrast(a, b) {
            const la = luminance(a)
            const lb = luminance(b)
            return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
        }
        function atLeast(foreground, background, ratio, what) {
            const c = contrast(foreground, background)
            verify(c >= ratio, what + ": " + foreground + " on " + background + " is "
                   + c.toFixed(2) + ":1, needs " + ratio + ":1")
        }

        // The formula itself: black on white is 21:1, a colour on itself 1:1, and a known pair.
        function test_theFormula() {
            fuzzyCompare(contrast(Qt.color("black"), Qt.color("white")), 21, 0.001)
            fuzzyCompare(contrast(Qt.color("#777777"), Qt.color("#777777")), 1, 0.001)
            fuzzyCompare(contrast(Qt.color("#767676"), Qt.color("white")), 4.54, 0.01)
        }

        function test_paletteText_data() {
            return [{ tag: "demo light", control: demoLight },
                    { tag: "demo dark", control: demoDark }]
        }
        // The demo's own text pairs (the palette's, not the theme's).
        function test_paletteText(data) {
            const p = data.control.palette
            atLeast(p.text, p.base, 4.5, "text on base")
            atLeast(p.windowText, p.window, 4.5, "windowText on window")
            atLeast(p.highlightedText, p.highlight, 4.5, "highlightedText on highlight")
            atLeast(p.buttonText, p.button, 4.5, "buttonText on button")
            atLeast(p.placeholderText, p.base, 4.5, "placeholderText on base")
        }

        function test_themeColours_data() {
            return [{ tag: "demo light", control: demoLight },
                    { tag: "demo dark", control: demoDark },
                    { tag: "style default", control: styleDefault }]
        }
        // The theme's colours on every surface they are drawn on.
        function test_themeColours(data) {
            const p = data.control.palette
            const code = KoderTheme.codeBackground(p)
            const status = { error: KoderTheme.errorColor(p), warning: KoderTheme.warningColor(p),
                             success: KoderTheme.successColor(p) }
            for (const name in status) {
                atLeast(status[name], p.base, 4.5, name + "Color on base")
                atLeast(status[name], p.window, 4.5, name + "Color on window")
                atLeast(status[name], code, 4.5, name + "Color on codeBackground")
            }
            const outline = KoderTheme.outlineColor(p)
            atLeast(outline, p.base, 3, "outlineColor on base")
            atLeast(outline, p.window, 3, "outlineColor on window")
            const focus = KoderTheme.focusColor(p)
            atLeast(focus, p.base, 3, "focusColor on base")
            atLeast(focus, p.window, 3, "focusColor on window")
            atLeast(focus, p.alternateBase, 3, "focusColor on alternateBase")
            // Text stays readable on the code background too.
            atLeast(p.text, code, 4.5, "text on codeBackground")
        }

        // The focus ring keeps the highlight where it is strong enough (the demo's light
        // palette) and changes it only where it is not (the demo's dark alternate base).
        function test_focusKeepsAStrongHighlight() {
            compare(String(KoderTheme.focusColor(demoLight.palette)),
                    String(demoLight.palette.highlight))
            verify(contrast(demoDark.palette.highlight, demoDark.palette.alternateBase) < 3,
                   "the dark highlight alone is too weak on the alternate base")
            verify(String(KoderTheme.focusColor(demoDark.palette))
                   !== String(demoDark.palette.highlight))
        }

        // A target the pointer aims at is at least WCAG 2.2's 24 by 24 pixels.
        function test_minimumTargetSize() {
            verify(KoderTheme.minimumTargetSize >= 24)
            verify(KoderTheme.minimumTargetSize >= KoderTheme.gridUnit)
        }
    }
}
