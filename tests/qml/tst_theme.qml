// SPDX-License-Identifier: MIT
// KoderTheme: sizes that follow the font, status colours readable on light and dark palettes,
// and the components reading them (no literal left: the qml_no_literal_colours test).
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

Item {
    id: stage
    width: 480
    height: 300

    Pane {
        id: lightPane
        palette.window: "white"
        palette.windowText: "black"
    }
    Pane {
        id: darkPane
        palette.window: "#202020"
        palette.windowText: "white"
    }

    TestCase {
        name: "Theme"
        when: windowShown

        Component {
            id: bubbleComponent
            Bubble {
                width: 480
                messageId: "m1"
                role: "assistant"
                text: "Hello"
                reasoning: ""
                streaming: false
                aborted: false
                errorText: "The server sent nothing for 300 ms."
                toolCalls: []
                toolName: ""
                isError: false
                denied: false
            }
        }

        function test_sizesFollowTheFont() {
            const metrics = Qt.createQmlObject("import QtQuick; FontMetrics {}", stage)
            compare(KoderTheme.gridUnit, Math.ceil(metrics.height))
            verify(KoderTheme.smallSpacing > 0)
            verify(KoderTheme.smallSpacing < KoderTheme.spacing)
            verify(KoderTheme.spacing < KoderTheme.largeSpacing)
            verify(KoderTheme.smallRadius > 0 && KoderTheme.smallRadius <= KoderTheme.radius)
            compare(KoderTheme.readableWidth, KoderTheme.gridUnit * 33)
            compare(KoderTheme.monospaceFont.family, "monospace")
            metrics.destroy()
        }

        function test_statusColoursReadOnLightAndDark() {
            const onLight = KoderTheme.errorColor(lightPane.palette)
            const onDark = KoderTheme.errorColor(darkPane.palette)
            verify(onLight.hslLightness < 0.5, "dark red on a light window")
            verify(onDark.hslLightness > 0.5, "light red on a dark window")
            fuzzyCompare(onLight.hslHue, 0.0, 0.01)
            const warning = KoderTheme.warningColor(lightPane.palette)
            verify(warning.hslHue > 0.05 && warning.hslHue < 0.2, "amber, not red")
            verify(String(onLight) !== String(warning))
        }

        function test_bubbleTakesItsSizesAndErrorColourFromTheTheme() {
            const bubble = createTemporaryObject(bubbleComponent, stage)
            verify(bubble)
            const card = findChild(bubble, "bubbleCard")
            compare(card.radius, KoderTheme.radius)
            compare(card.x, KoderTheme.spacing)
            // As #rrggbb: a colour made by Qt.hsla and the same one stored in RGB are equal only
            // by value.
            compare(String(card.border.color), String(KoderTheme.errorColor(bubble.palette)))
            const badge = findChild(bubble, "errorBadge")
            verify(badge.visible)
            compare(String(badge.color), String(KoderTheme.errorColor(bubble.palette)))
        }
    }
}
