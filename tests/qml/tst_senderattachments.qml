// SPDX-License-Identifier: MIT
// Attaching files in the Sender: by the API, by a drop and by pasting an image (the file dialog
// by keyboard: tst_senderfiledialog.qml); the chips with name, size and a remove button; the refusals (a type
// no model takes, a file too large) shown before sending; Send passing the files on.
import QtQuick
import QtTest
import Koder.Agent
import Koder.Test

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 560
    height: 320

    // A 1x1 PNG.
    readonly property string png: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

    HttpTestServer {
        id: files
    }

    Component {
        id: senderComponent
        Sender {
            width: 560
            controller: KoderAgentController {
                transport: KoderLocalAgent { reply: "ok"; tokensPerSecond: 0 }
            }
        }
    }

    // What a drag from a file manager carries: file URLs.
    Component {
        id: dragComponent
        Rectangle {
            property var urls: []
            width: 8
            height: 8
            Drag.dragType: Drag.Internal
            Drag.mimeData: { "text/uri-list": urls.join("\r\n") }
            Drag.supportedActions: Qt.CopyAction
            Drag.proposedAction: Qt.CopyAction
        }
    }

    TestCase {
        id: testCase
        name: "SenderAttachments"
        when: windowShown

        function make() {
            const sender = createTemporaryObject(senderComponent, stage)
            verify(sender)
            return { sender: sender, input: findChild(sender, "senderInput"),
                     notice: findChild(sender, "senderNotice"),
                     attach: findChild(sender, "attachButton"),
                     button: findChild(sender, "senderButton") }
        }

        function test_filesAddedByTheApiShowAsChips() {
            const s = make()
            const notes = files.writeFile("notes.txt", Qt.btoa("buy milk"))
            const image = files.writeFile("dot.png", stage.png)
            verify(s.sender.addAttachment(notes))
            verify(s.sender.addAttachment(image))
            verify(s.sender.addAttachment(image), "attached already: still true")
            compare(s.sender.attachments.length, 2)
            compare(s.sender.attachments[0].name, "notes.txt")
            compare(s.sender.attachments[0].mimeType, "text/plain")
            compare(s.sender.attachments[0].size, 8)
            compare(s.sender.attachments[1].mimeType, "image/png")
            compare(s.notice.visible, false, "nothing refused")
            const list = findChild(s.sender, "attachments")
            verify(list.visible)
            compare(list.Accessible.name, "Attached files")
            const chip = findChild(s.sender, "attachmentChip_0")
            verify(chip && chip.visible)
            compare(findChild(chip, "attachmentName").text, "notes.txt")
            const size = Qt.locale().formattedDataSize(8)
            compare(findChild(chip, "attachmentSize").text, size)
            compare(chip.Accessible.name, "notes.txt, " + size)
            const remove = findChild(findChild(s.sender, "attachmentChip_1"), "removeAttachment")
            compare(remove.Accessible.name, "Remove dot.png")
            verify(remove.width >= KoderTheme.minimumTargetSize && remove.height >= KoderTheme.minimumTargetSize)
            verify(s.sender.sendAction.enabled, "files alone can be sent")
        }

        function test_aChipIsRemovedByKeyboard() {
            const s = make()
            verify(s.sender.addAttachment(files.writeFile("a.txt", Qt.btoa("a"))))
            verify(s.sender.addAttachment(files.writeFile("b.txt", Qt.btoa("b"))))
            s.input.forceActiveFocus()
            keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
            tryCompare(s.attach, "activeFocus", true)
            keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
            const remove = findChild(findChild(s.sender, "attachmentChip_1"), "removeAttachment")
            tryCompare(remove, "activeFocus", true)
            keyClick(Qt.Key_Space)
            compare(s.sender.attachments.length, 1)
            compare(s.sender.attachments[0].name, "a.txt")
            tryCompare(s.input, "activeFocus", true, 5000, "the focus goes back to the input")
        }

        function test_aFileTooLargeIsRefusedBeforeSending() {
            const s = make()
            s.sender.maximumAttachmentBytes = 10
            verify(!s.sender.addAttachment(files.writeFile("dot.png", stage.png)))
            compare(s.sender.attachments.length, 0)
            verify(s.notice.visible)
            verify(s.notice.text.indexOf("dot.png") >= 0, s.notice.text)
            verify(s.notice.text.indexOf("larger than") >= 0, s.notice.text)
            compare(s.notice.Accessible.role, Accessible.AlertMessage)
            compare(s.notice.Accessible.name, s.notice.text)
            compare(s.sender.controller.messages.count, 0, "nothing sent")
            // The next attach that succeeds clears the refusal.
            verify(s.sender.addAttachment(files.writeFile("tiny.txt", Qt.btoa("ok"))))
            compare(s.notice.visible, false)
        }

        function test_aBinaryFileIsRefused() {
            const s = make()
            const archive = files.writeFile("backup.zip", Qt.btoa("PK\u0003\u0004\u0014\u0000\u0000\u0000"))
            verify(!s.sender.addAttachment(archive))
            compare(s.sender.attachments.length, 0)
            verify(s.notice.visible)
            verify(s.notice.text.indexOf("backup.zip") >= 0, s.notice.text)
            verify(s.notice.text.indexOf("images and text files") >= 0, s.notice.text)
            // Several at once: the good ones are attached, the reason names the refused one.
            compare(s.sender.addAttachments([archive, files.writeFile("ok.md", Qt.btoa("# hi"))]), 1)
            compare(s.sender.attachments.length, 1)
            compare(s.sender.attachments[0].name, "ok.md")
            verify(s.notice.text.indexOf("backup.zip") >= 0, s.notice.text)
            verify(!s.sender.addAttachment(files.writeFile("gone.txt", "") + ".missing"))
            verify(s.notice.text.indexOf("cannot be read") >= 0, s.notice.text)
        }

        function test_sendPassesTheFilesAndClearsThem() {
            const s = make()
            const notes = files.writeFile("notes.txt", Qt.btoa("buy milk"))
            verify(s.sender.addAttachment(notes))
            verify(s.sender.addAttachment("data:image/png;base64," + stage.png, "dot.png"))
            s.input.forceActiveFocus()
            keyClick(Qt.Key_S)
            keyClick(Qt.Key_Return)
            compare(s.sender.controller.messages.get(0).text, "s")
            const sent = s.sender.controller.messages.get(0).attachments
            compare(sent.length, 2)
            compare(sent[0].name, "notes.txt")
            compare(sent[0].mimeType, "text/plain")
            compare(sent[0].url, notes)
            compare(sent[1].name, "dot.png")
            compare(sent[1].url, "data:image/png;base64," + stage.png)
            compare(s.sender.attachments.length, 0, "cleared")
            verify(!findChild(s.sender, "attachmentChip_0"), "no chip left")
            tryCompare(s.sender.controller, "streaming", false)
            // Files alone, without text.
            verify(s.sender.addAttachment(notes))
            s.input.forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(s.sender.controller.messages.count, 4)
            compare(s.sender.controller.messages.get(2).attachments.length, 1)
        }

        // A drop of files calls addAttachments() with the drop's URLs. QuickTest cannot make
        // a drag that carries URLs (a Drag.Internal drag has no data in Qt 6.4), so this checks
        // the drop area is there, over the input, and leaves drags without files to the text
        // area; the checks of the files themselves are the API's, tested above.
        function test_theDropAreaTakesOnlyFiles() {
            const s = make()
            waitForRendering(s.sender)
            const area = findChild(s.sender, "senderDropArea")
            verify(area)
            const corner = area.mapToItem(s.sender, 0, 0)
            verify(corner.x <= s.input.mapToItem(s.sender, 0, 0).x)
            verify(area.width >= s.input.width && area.height >= s.input.height)
            const drag = createTemporaryObject(dragComponent, stage, { urls: [] })
            const target = s.input.mapToItem(stage, s.input.width / 2, s.input.height / 2)
            drag.x = target.x
            drag.y = target.y
            drag.Drag.active = true
            verify(!area.containsDrag, "a drag without files is not the Sender's")
            drag.Drag.active = false
            compare(s.sender.attachments.length, 0)
        }

        function test_pastingAnImageAttachesIt() {
            const s = make()
            verify(KoderAttachmentHelper.copyImageToClipboard("data:image/png;base64," + stage.png))
            s.input.forceActiveFocus()
            keySequence(StandardKey.Paste)
            compare(s.sender.attachments.length, 1)
            compare(s.sender.attachments[0].name, "Pasted image.png")
            compare(s.sender.attachments[0].mimeType, "image/png")
            verify(s.sender.attachments[0].url.startsWith("data:image/png;base64,"))
            compare(s.input.text, "")
            // Text on the clipboard is pasted as text.
            KoderText.copyToClipboard("hello")
            keySequence(StandardKey.Paste)
            compare(s.input.text, "hello")
            compare(s.sender.attachments.length, 1)
            // An image larger than the limit is refused with the reason.
            verify(KoderAttachmentHelper.copyImageToClipboard("data:image/png;base64," + stage.png))
            s.sender.maximumAttachmentBytes = 4
            keySequence(StandardKey.Paste)
            compare(s.sender.attachments.length, 1)
            verify(s.notice.text.indexOf("Pasted image.png") >= 0, s.notice.text)
        }

    }
}
