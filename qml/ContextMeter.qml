// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import Koder.Agent

/*!
    \qmltype ContextMeter
    \inqmlmodule Koder.Agent
    \inherits ProgressBar
    \brief How full the model's context is: a small bar and the percentage, for a controller
    that knows its context window.

    The bar shows the controller's \c contextRatio: how much of its \c contextWindow the next
    request will fill (\c contextUsed tokens). It is shown only while the window is known
    (\c contextWindow greater than 0). \l ChatView shows one above its input, beside a
    \e Compact button; an application may put one in its own header (and turn the view's off
    with \l {AbstractChatView::}{showContextMeter}):

    \qml
    ContextMeter { controller: agent }
    \endqml

    The bar is drawn in KoderTheme.focusColor(), then, from 80 % on, in
    KoderTheme.warningColor() and, from 95 % on, in KoderTheme.errorColor() (the
    thresholds at which the controller announces the context to screen readers); every one of
    them stands out from the bar's empty part and from the window at 3:1 or more, in light and
    dark palettes alike. The percentage beside it is text in the same colours.

    \section2 Accessibility

    The meter has the role \c ProgressBar and the name \e{Context: about 8,200 of 10,000
    tokens (82%)} (translated, the numbers in the locale's format): the tokens in use are
    rounded to the nearest hundred (to the nearest 1 % of a window over 10,000 tokens), so
    that the name, which a screen reader may speak again when it changes, does not change with
    every streamed token. Its description, which the hover shows as a tool tip, has the exact
    numbers: \e{Context: 8,213 of 10,000 tokens (82%)}. It takes no keyboard focus: it is not
    a control.

    \sa ChatView, KoderTheme
*/
ProgressBar {
    id: root

    /*!
        The controller whose context the meter shows. Default null: the meter is hidden.
    */
    property KoderAgentController controller
    /*!
        Whether the percentage is shown beside the bar. Default true.
    */
    property bool showPercentage: true
    /*!
        \readonly
        The tokens the next request will send: the controller's \c contextUsed (0 without a
        controller).
    */
    readonly property int used: controller ? controller.contextUsed : 0
    /*!
        \readonly
        The model's context window in tokens: the controller's \c contextWindow (0 unknown).
    */
    readonly property int contextWindow: controller ? controller.contextWindow : 0
    /*!
        \readonly
        The share of the window in use, in whole percent, rounded down: 79.5 % is 79 %, as
        \l level still says \c "normal" there.
    */
    readonly property int percent: Math.floor(value * 100 + 1e-9)
    /*!
        \readonly
        \l used, rounded for the accessible name: to the nearest 100 tokens, or to the
        nearest 1 % of a window over 10,000 tokens. It changes far less often than \l used
        while a reply streams.
    */
    readonly property int roundedUsed: {
        const step = Math.max(100, Math.round(contextWindow / 100))
        return Math.round(used / step) * step
    }
    /*!
        \readonly
        How full the context is: \c "normal", \c "warning" (from 80 %) or \c "critical"
        (from 95 %); the bar's colour follows it.
    */
    readonly property string level: percent >= 95 ? "critical" : percent >= 80 ? "warning" : "normal"
    /*!
        \readonly
        The colour of the bar's filled part and, from 80 % on, of the percentage.
    */
    readonly property color barColor: level === "critical" ? KoderTheme.errorColor(root.palette)
                                    : level === "warning" ? KoderTheme.warningColor(root.palette)
                                    : KoderTheme.focusColor(root.palette)

    // A number as the user's locale writes it: 8,200 in English, 8.200 in German.
    function _number(n) {
        return Number(n).toLocaleString(Qt.locale(), "f", 0)
    }

    visible: contextWindow > 0
    from: 0
    to: 1
    value: controller ? Math.max(0, Math.min(1, controller.contextRatio)) : 0
    hoverEnabled: true
    padding: 0
    focusPolicy: Qt.NoFocus
    background: null

    contentItem: Item {
        implicitWidth: track.implicitWidth
                       + (percentage.visible ? KoderTheme.smallSpacing + percentage.implicitWidth : 0)
        implicitHeight: Math.max(track.implicitHeight, percentage.visible ? percentage.implicitHeight : 0)

        Rectangle {
            id: track
            objectName: "contextTrack"
            anchors.left: parent.left
            anchors.right: percentage.visible ? percentage.left : parent.right
            anchors.rightMargin: percentage.visible ? KoderTheme.smallSpacing : 0
            anchors.verticalCenter: parent.verticalCenter
            implicitWidth: KoderTheme.gridUnit * 5
            implicitHeight: Math.max(6, Math.round(KoderTheme.gridUnit * 0.45))
            height: implicitHeight
            radius: height / 2
            color: root.palette.base
            border.width: 1
            border.color: KoderTheme.outlineColor(root.palette)

            Rectangle {
                objectName: "contextFill"
                anchors.left: parent.left
                anchors.top: parent.top
                anchors.bottom: parent.bottom
                // Some of the bar shows from the first token on.
                width: root.value > 0 ? Math.max(height, parent.width * root.visualPosition) : 0
                radius: height / 2
                color: root.barColor
            }
        }
        Label {
            id: percentage
            objectName: "contextPercentage"
            visible: root.showPercentage
            anchors.right: parent.right
            anchors.verticalCenter: parent.verticalCenter
            textFormat: Text.PlainText
            text: qsTr("%1%").arg(root._number(root.percent))
            color: root.level === "normal" ? root.palette.windowText : root.barColor
            font.bold: root.level !== "normal"
            Accessible.ignored: true // the meter's name says it
        }
    }

    Accessible.role: Accessible.ProgressBar
    // Rounded: the controller's count changes with every streamed token, and a name that
    // changes is spoken again.
    Accessible.name: qsTr("Context: about %1 of %2 tokens (%3%)").arg(root._number(root.roundedUsed))
                                                                 .arg(root._number(root.contextWindow))
                                                                 .arg(root._number(root.percent))
    // The exact numbers, for the tool tip and a screen reader that asks.
    Accessible.description: qsTr("Context: %1 of %2 tokens (%3%)").arg(root._number(root.used))
                                                                  .arg(root._number(root.contextWindow))
                                                                  .arg(root._number(root.percent))
    ToolTip.visible: hovered
    ToolTip.text: Accessible.description
    ToolTip.delay: 500
}
