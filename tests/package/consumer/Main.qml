//! [chat-window]
import QtQuick
import Koder.Agent

Window {
    width: 480
    height: 360
    visible: true
    property alias agent: agent

    KoderAgentController {
        id: agent
        transport: KoderLocalAgent { reply: "Hello from the installed package." }
    }
    ChatView {
        anchors.fill: parent
        controller: agent
    }
}
//! [chat-window]
