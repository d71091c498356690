// SPDX-License-Identifier: MIT
// The Sender's Attach button by keyboard: Shift+Tab from the input reaches it, it shows its
// focus, and Space opens the file dialog. (A file of its own: Qt 6.4's Quick FileDialog keeps
// some of its images and items until exit, which the sanitizer tree's leak check would count;
// see tests/qml/CMakeLists.txt.)
import QtQuick
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests press and read lives on this stage.
Item {
    id: stage
    width: 560
    height: 320

    Component {
        id: senderComponent
        Sender {
            width: 560
            controller: KoderAgentController {
                transport: KoderLocalAgent { reply: "ok"; tokensPerSecond: 0 }
            }
        }
    }

    TestCase {
        name: "SenderFileDialog"
        when: windowShown

        function test_attachByKeyboardOpensTheFileDialog() {
            const sender = createTemporaryObject(senderComponent, stage)
            const input = findChild(sender, "senderInput")
            const attach = findChild(sender, "attachButton")
            input.forceActiveFocus()
            keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
            tryCompare(attach, "activeFocus", true)
            compare(attach.Accessible.name, "Attach a file")
            verify(attach.visualFocus)
            const dialog = findChild(sender, "attachFileDialog")
            verify(dialog)
            compare(dialog.visible, false)
            keyClick(Qt.Key_Space)
            tryCompare(dialog, "visible", true)
            dialog.reject()
            tryCompare(dialog, "visible", false)
        }
    }
}
