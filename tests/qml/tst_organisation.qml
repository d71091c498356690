// SPDX-License-Identifier: MIT
// Organising conversations through the QML API: the organisation example of the reference
// (KoderConversationListModel), pinning, archiving and filing from QML through the list model's
// methods, the rows reordered and filtered (moves, inserts and removes, never a reset), the
// folders for a picker, and the pinned, archived and folder roles as delegates read them.
pragma ComponentBehavior: Bound
import QtQuick
import QtTest
import Koder.Agent

TestCase {
    id: root
    name: "Organisation"
    when: windowShown
    width: 400
    height: 400

    Component {
        id: example
        Item {
            width: 400
            height: 400
            property alias store: store
            property alias conversations: conversations
            property alias archive: archive
            property alias view: view
            property alias folderButtons: folderButtons
            //! [organisation]
            KoderConversationStore { id: store }
            KoderConversationListModel {
                id: conversations              // pinned first, then the newest first
                store: store
                folder: ""                     // "" = every folder; "Work": that folder only
                property var folderNames: []   // the folders in use, for a folder picker
                onFoldersChanged: folderNames = folders()
            }
            KoderConversationListModel {
                id: archive                    // an Archive view: the archived ones only
                store: store
                showArchived: true
            }
            ListView {
                id: view
                width: 400
                height: 300
                model: conversations
                delegate: Text {
                    id: row
                    required property string conversationId
                    required property string title
                    required property bool pinned
                    required property string folder
                    height: 20
                    textFormat: Text.PlainText
                    text: (pinned ? "\u2605 " : "") + title + (folder === "" ? "" : " \u00b7 " + folder)
                    TapHandler {               // pin or unpin; setArchived(), setFolder() alike
                        onLongPressed: conversations.setPinned(row.conversationId, !row.pinned)
                    }
                }
            }
            Row {
                y: 300
                Repeater {
                    id: folderButtons
                    model: conversations.folderNames
                    delegate: Text {
                        id: name
                        required property string modelData
                        text: modelData
                        TapHandler { onTapped: conversations.folder = name.modelData }
                    }
                }
            }
            //! [organisation]
        }
    }

    // A delegate over the archive view: every role of the organisation, as a delegate reads it.
    Component {
        id: rolesReader
        Repeater {
            delegate: Item {
                required property string conversationId
                required property bool pinned
                required property bool archived
                required property string folder
            }
        }
    }

    SignalSpy { id: moved; signalName: "rowsMoved" }
    SignalSpy { id: reset; signalName: "modelReset" }
    SignalSpy { id: removed; signalName: "rowsRemoved" }
    SignalSpy { id: inserted; signalName: "rowsInserted" }

    // Stores a conversation of one user message, `title`, under `id`.
    function add(store, id, title) {
        compare(store.importJson(JSON.stringify({
            id: id,
            messages: [{ id: id + "-m", role: "user", text: title }]
        })), id, store.error)
    }

    function ids(list) {
        const out = []
        for (let i = 0; i < list.count; ++i)
            out.push(list.get(i).conversationId)
        return out
    }

    function spyOn(list) {
        for (const spy of [moved, reset, removed, inserted]) {
            spy.target = list
            spy.clear()
        }
    }

    function test_pinReordersTheRows() {
        const app = createTemporaryObject(example, root)
        const list = app.conversations
        for (const id of ["a", "b", "c"])
            add(app.store, id, "Conversation " + id)
        compare(ids(list), ["c", "b", "a"])
        spyOn(list)

        verify(list.setPinned("a", true))
        compare(ids(list), ["a", "c", "b"], "a pinned conversation comes first")
        compare(moved.count, 1)
        compare(reset.count, 0)
        compare(list.get(0).pinned, true)
        app.view.forceLayout()
        const first = app.view.itemAtIndex(0)
        compare(first.conversationId, "a")
        verify(first.pinned)
        compare(first.text, "\u2605 Conversation a")

        // The newest of the pinned ones first; a new conversation goes under them.
        verify(list.setPinned("b", true))
        compare(ids(list), ["b", "a", "c"])
        add(app.store, "d", "Conversation d")
        compare(ids(list), ["b", "a", "d", "c"])
        verify(list.rename("a", "Renamed"))
        compare(ids(list), ["a", "b", "d", "c"], "a rename keeps it among the pinned ones")

        verify(list.setPinned("a", false))
        verify(list.setPinned("b", false))
        compare(ids(list), ["a", "d", "c", "b"])
        app.view.forceLayout()
        verify(!app.view.itemAtIndex(0).pinned)
        compare(reset.count, 0)
        compare(moved.count, 5)
    }

    function test_archiveAndItsView() {
        const app = createTemporaryObject(example, root)
        const list = app.conversations
        const archive = app.archive
        for (const id of ["a", "b", "c"])
            add(app.store, id, "Conversation " + id)
        compare(archive.count, 0)
        spyOn(list)

        verify(list.setArchived("b", true))
        compare(ids(list), ["c", "a"], "archived conversations are hidden")
        compare(removed.count, 1)
        compare(ids(archive), ["b"])
        compare(archive.get(0).archived, true)

        const reader = createTemporaryObject(rolesReader, root, { model: archive })
        compare(reader.count, 1)
        compare(reader.itemAt(0).conversationId, "b")
        verify(reader.itemAt(0).archived)
        verify(!reader.itemAt(0).pinned)

        // The default view switches to the archive and back without a reset.
        list.showArchived = true
        compare(ids(list), ["b"])
        list.showArchived = false
        compare(ids(list), ["c", "a"])

        verify(archive.setArchived("b", false))
        compare(ids(list), ["c", "b", "a"], "back at its place")
        compare(archive.count, 0)
        compare(reader.count, 0)
        compare(reset.count, 0)
    }

    function test_foldersAndTheFolderFilter() {
        const app = createTemporaryObject(example, root)
        const list = app.conversations
        for (const id of ["a", "b", "c", "d"])
            add(app.store, id, "Conversation " + id)
        compare(list.folders(), [])
        spyOn(list)

        verify(list.setFolder("a", "Work"))
        verify(list.setFolder("c", "Work"))
        verify(list.setFolder("b", " Home "))
        compare(list.folders(), ["Home", "Work"])
        compare(list.folderNames, ["Home", "Work"], "foldersChanged tells a picker")
        compare(app.folderButtons.count, 2)
        compare(app.folderButtons.itemAt(0).text, "Home")
        compare(app.folderButtons.itemAt(1).text, "Work")
        compare(list.get(list.count - 1).folder, "Work")
        app.view.forceLayout()
        compare(app.view.itemAtIndex(1).folder, "Work")
        compare(app.view.itemAtIndex(1).text, "Conversation c \u00b7 Work")

        list.folder = "Work"
        compare(ids(list), ["c", "a"])
        verify(list.setFolder("d", "Work"))
        compare(ids(list), ["d", "c", "a"], "filed here: inserted at its place")
        verify(list.setFolder("c", ""))
        compare(ids(list), ["d", "a"], "taken out of the folder: removed")
        compare(list.folders(), ["Home", "Work"])
        verify(list.setPinned("a", true))
        compare(ids(list), ["a", "d"])

        list.folder = "Home"
        compare(ids(list), ["b"])
        list.folder = ""
        compare(ids(list), ["a", "d", "c", "b"])
        compare(reset.count, 0)

        ignoreWarning(/There is no conversation nothing/)
        verify(!list.setFolder("nothing", "Work"))
        verify(app.store.error !== "")
    }

    function test_withoutAStore() {
        const app = createTemporaryObject(example, root)
        const list = app.conversations
        list.store = null
        verify(!list.setPinned("a", true))
        verify(!list.setArchived("a", true))
        verify(!list.setFolder("a", "Work"))
        compare(list.folders(), [])
        compare(list.folderNames, [])
        compare(list.count, 0)
    }
}
