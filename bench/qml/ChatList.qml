// SPDX-License-Identifier: MIT
// A plain list of messages, to measure what a view attached to the model costs while streaming.
import QtQuick

ListView {
    id: root
    model: agent.messages
    delegate: Text {
        required property string text
        width: ListView.view.width
        wrapMode: Text.Wrap
    }
}
