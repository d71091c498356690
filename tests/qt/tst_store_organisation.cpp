// SPDX-License-Identifier: MIT
// Organising conversations through a live KoderConversationListModel: pinned ones first (and
// kept first through writes and renames), pinning as a row move, the archive and its view, the
// folder filter and the folders, all without a reset and kept across a restart; the model's
// forwarding methods without a store; and a long run of mixed changes checked row by row
// against the store.
#include "koderconversationlistmodel.h"
#include "koderconversationstore.h"
#include "storetest.h"

#include <QtCore/QRandomGenerator>
#include <QtCore/QRegularExpression>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>
#include <vector>

using namespace koder::agent;
using namespace koder::test;

namespace {

const QString pinnedKey = QStringLiteral("pinned");
const QString archivedKey = QStringLiteral("archived");
const QString folderKey = QStringLiteral("folder");

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

// The ids of the rows, top to bottom.
QStringList ids(const KoderConversationListModel& list)
{
    QStringList out;
    for (int row = 0; row < list.rowCount(); ++row)
        out << list.index(row).data(KoderConversationListModel::ConversationIdRole).toString();
    return out;
}

// What the list should show, worked out from the store alone: its conversations (newest
// first) that the filters let through, the pinned ones first.
QStringList expected(const KoderConversationStore& store, bool showArchived, const QString& folder)
{
    QStringList pinned;
    QStringList others;
    for (const QVariant& c : store.conversations()) {
        const QVariantMap map = c.toMap();
        if (map.value(archivedKey).toBool() != showArchived)
            continue;
        if (!folder.isEmpty() && map.value(folderKey).toString() != folder)
            continue;
        (map.value(pinnedKey).toBool() ? pinned : others)
            << map.value(QStringLiteral("id")).toString();
    }
    return pinned + others;
}

// Writes the conversation `id` (created on first use, its first message its title) with a path of
// `messages` messages.
bool write(KoderConversationStore& store, const QString& id, int messages = 1)
{
    std::vector<Message> path;
    for (int i = 0; i < messages; ++i)
        path.emplace_back((id + QString::number(i)).toStdString(),
                          i % 2 ? Role::Assistant : Role::User, id.toStdString());
    return store.save(id, path, 0);
}

QVariant role(const KoderConversationListModel& list, const QString& id, int role)
{
    const int row = static_cast<int>(ids(list).indexOf(id));
    return row < 0 ? QVariant() : list.index(row).data(role);
}

} // namespace

class TstStoreOrganisation : public StoreTest {
    Q_OBJECT

private Q_SLOTS:
    void pinnedComeFirstThroughWrites()
    {
        KoderConversationStore store;
        KoderConversationListModel list;
        QAbstractItemModelTester tester(&list,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setStore(&store);
        for (const char* id : {"a", "b", "c", "d"})
            QVERIFY(write(store, s(id)));
        QCOMPARE(ids(list), QStringList({s("d"), s("c"), s("b"), s("a")}));
        QVERIFY(!role(list, s("b"), KoderConversationListModel::PinnedRole).toBool());

        QSignalSpy reset(&list, &QAbstractItemModel::modelReset);
        QSignalSpy layout(&list, &QAbstractItemModel::layoutChanged);
        QSignalSpy moved(&list, &QAbstractItemModel::rowsMoved);
        QSignalSpy count(&list, &KoderConversationListModel::countChanged);
        QSignalSpy folders(&list, &KoderConversationListModel::foldersChanged);
        const QDateTime written =
            store.conversation(s("b")).value(QStringLiteral("updatedAt")).toDateTime();

        // Pinning moves the row up, in one move; it is no write (updatedAt stays).
        QVERIFY(list.setPinned(s("b"), true));
        QCOMPARE(ids(list), QStringList({s("b"), s("d"), s("c"), s("a")}));
        QCOMPARE(moved.size(), 1);
        QCOMPARE(moved.at(0).at(1).toInt(), 2); // from row 2
        QCOMPARE(moved.at(0).at(2).toInt(), 2);
        QCOMPARE(moved.at(0).at(4).toInt(), 0); // to the top
        QVERIFY(role(list, s("b"), KoderConversationListModel::PinnedRole).toBool());
        QCOMPARE(list.get(0).value(pinnedKey).toBool(), true);
        QCOMPARE(store.conversation(s("b")).value(QStringLiteral("updatedAt")).toDateTime(),
                 written);
        // The same value again changes nothing.
        QVERIFY(list.setPinned(s("b"), true));
        QCOMPARE(moved.size(), 1);

        // Among the pinned ones, the newest first.
        QVERIFY(list.setPinned(s("a"), true));
        QCOMPARE(ids(list), QStringList({s("b"), s("a"), s("d"), s("c")}));
        QVERIFY(write(store, s("a"), 2));
        QCOMPARE(ids(list), QStringList({s("a"), s("b"), s("d"), s("c")}));
        // A write of an unpinned conversation takes it to the top of the others only.
        QVERIFY(write(store, s("c"), 2));
        QCOMPARE(ids(list), QStringList({s("a"), s("b"), s("c"), s("d")}));
        // Unpinned, a conversation goes back among the others by when it was written (before c).
        QVERIFY(list.setPinned(s("a"), false));
        QCOMPARE(ids(list), QStringList({s("b"), s("c"), s("a"), s("d")}));
        QVERIFY(!role(list, s("a"), KoderConversationListModel::PinnedRole).toBool());

        QCOMPARE(reset.size(), 0);
        QCOMPARE(layout.size(), 0);
        QCOMPARE(count.size(), 0);
        QCOMPARE(folders.size(), 0); // no folder moved
        QCOMPARE(ids(list), expected(store, false, {}));
    }

    void aRenamedOrWrittenPinnedConversationStaysInThePinnedBlock()
    {
        KoderConversationStore store;
        KoderConversationListModel list;
        QAbstractItemModelTester tester(&list,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setStore(&store);
        for (const char* id : {"a", "b", "c"})
            QVERIFY(write(store, s(id)));
        QVERIFY(list.setPinned(s("a"), true));
        QCOMPARE(ids(list), QStringList({s("a"), s("c"), s("b")}));
        QSignalSpy reset(&list, &QAbstractItemModel::modelReset);

        // Renaming an unpinned conversation moves it to the top of the others, under the pins.
        QVERIFY(list.rename(s("b"), s("Renamed")));
        QCOMPARE(ids(list), QStringList({s("a"), s("b"), s("c")}));
        QCOMPARE(list.get(1).value(QStringLiteral("title")).toString(), s("Renamed"));
        // A renamed or written pinned conversation stays pinned, at the top.
        QVERIFY(list.rename(s("a"), s("Pinned, renamed")));
        QCOMPARE(ids(list), QStringList({s("a"), s("b"), s("c")}));
        QVERIFY(role(list, s("a"), KoderConversationListModel::PinnedRole).toBool());
        QCOMPARE(role(list, s("a"), KoderConversationListModel::TitleRole).toString(),
                 s("Pinned, renamed"));
        QVERIFY(write(store, s("c"), 3));
        QCOMPARE(ids(list), QStringList({s("a"), s("c"), s("b")}));
        QVERIFY(write(store, s("a"), 2));
        QCOMPARE(ids(list), QStringList({s("a"), s("c"), s("b")}));
        QCOMPARE(list.get(0).value(QStringLiteral("messageCount")).toInt(), 2);
        QVERIFY(store.conversation(s("a")).value(pinnedKey).toBool());

        // Pinning an older one puts it under the newer pinned one.
        QVERIFY(list.setPinned(s("b"), true));
        QCOMPARE(ids(list), QStringList({s("a"), s("b"), s("c")}));
        QCOMPARE(reset.size(), 0);

        // A deleted pinned conversation leaves; the rest keep their order.
        QVERIFY(list.remove(s("a")));
        QCOMPARE(ids(list), QStringList({s("b"), s("c")}));
        QCOMPARE(list.count(), 2);
        QCOMPARE(reset.size(), 0);
    }

    void theArchiveIsHiddenAndHasAViewOfItsOwn()
    {
        KoderConversationStore store;
        KoderConversationListModel list;
        QAbstractItemModelTester tester(&list,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setStore(&store);
        KoderConversationListModel archive;
        QAbstractItemModelTester archiveTester(
            &archive, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(!archive.showArchived());
        archive.setShowArchived(true);
        archive.setStore(&store);
        for (const char* id : {"a", "b", "c"})
            QVERIFY(write(store, s(id)));
        QCOMPARE(ids(list), QStringList({s("c"), s("b"), s("a")}));
        QCOMPARE(archive.count(), 0);

        QSignalSpy reset(&list, &QAbstractItemModel::modelReset);
        QSignalSpy archiveReset(&archive, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&list, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&archive, &QAbstractItemModel::rowsInserted);
        QSignalSpy count(&list, &KoderConversationListModel::countChanged);

        QVERIFY(list.setArchived(s("b"), true));
        QCOMPARE(ids(list), QStringList({s("c"), s("a")}));
        QCOMPARE(list.count(), 2);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.at(0).at(1).toInt(), 1);
        QCOMPARE(count.size(), 1);
        QCOMPARE(ids(archive), QStringList({s("b")}));
        QCOMPARE(inserted.size(), 1);
        QVERIFY(role(archive, s("b"), KoderConversationListModel::ArchivedRole).toBool());
        QVERIFY(archive.get(0).value(archivedKey).toBool());

        // Written while archived: it stays in the archive (and moves to its top there).
        QVERIFY(list.setArchived(s("a"), true));
        QCOMPARE(ids(archive), QStringList({s("b"), s("a")}));
        QVERIFY(write(store, s("a"), 2));
        QCOMPARE(ids(archive), QStringList({s("a"), s("b")}));
        QCOMPARE(ids(list), QStringList({s("c")}));

        // Unarchived, it comes back to its place by when it was written.
        QVERIFY(archive.setArchived(s("b"), false));
        QCOMPARE(ids(list), QStringList({s("c"), s("b")}));
        QCOMPARE(ids(archive), QStringList({s("a")}));
        QVERIFY(!role(list, s("b"), KoderConversationListModel::ArchivedRole).toBool());

        // The view switches sides with inserts and removes, no reset.
        QSignalSpy showArchived(&list, &KoderConversationListModel::showArchivedChanged);
        list.setShowArchived(true);
        QCOMPARE(showArchived.size(), 1);
        QVERIFY(list.showArchived());
        QCOMPARE(ids(list), QStringList({s("a")}));
        list.setShowArchived(true);
        QCOMPARE(showArchived.size(), 1);
        list.setShowArchived(false);
        QCOMPARE(ids(list), QStringList({s("c"), s("b")}));
        QCOMPARE(showArchived.size(), 2);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(archiveReset.size(), 0);

        // A pinned conversation archived leaves the list; the pin stays with it.
        QVERIFY(list.setPinned(s("b"), true));
        QCOMPARE(ids(list), QStringList({s("b"), s("c")}));
        QVERIFY(list.setArchived(s("b"), true));
        QCOMPARE(ids(list), QStringList({s("c")}));
        QCOMPARE(ids(archive), QStringList({s("b"), s("a")}));
        QVERIFY(role(archive, s("b"), KoderConversationListModel::PinnedRole).toBool());
        QCOMPARE(ids(list), expected(store, false, {}));
        QCOMPARE(ids(archive), expected(store, true, {}));
    }

    void theFolderFilterAndTheFolders()
    {
        KoderConversationStore store;
        KoderConversationListModel list;
        QAbstractItemModelTester tester(&list,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setStore(&store);
        for (const char* id : {"a", "b", "c", "d"})
            QVERIFY(write(store, s(id)));
        QCOMPARE(list.folder(), QString());
        QCOMPARE(list.folders(), QStringList());

        QSignalSpy folders(&list, &KoderConversationListModel::foldersChanged);
        QSignalSpy reset(&list, &QAbstractItemModel::modelReset);
        QVERIFY(list.setFolder(s("a"), s("Work")));
        QCOMPARE(folders.size(), 1);
        QVERIFY(list.setFolder(s("c"), s("  Work  "))); // blanks simplified by the store
        QVERIFY(list.setFolder(s("b"), s("Home")));
        QCOMPARE(folders.size(), 3);
        QCOMPARE(list.folders(), QStringList({s("Home"), s("Work")}));
        QCOMPARE(role(list, s("c"), KoderConversationListModel::FolderRole).toString(), s("Work"));
        QCOMPARE(role(list, s("d"), KoderConversationListModel::FolderRole).toString(), QString());
        QCOMPARE(list.get(0).value(folderKey).toString(), QString()); // d
        // Filing is no write: the order stays.
        QCOMPARE(ids(list), QStringList({s("d"), s("c"), s("b"), s("a")}));

        QSignalSpy folder(&list, &KoderConversationListModel::folderChanged);
        QSignalSpy count(&list, &KoderConversationListModel::countChanged);
        list.setFolderFilter(s("Work"));
        QCOMPARE(list.folder(), s("Work"));
        QCOMPARE(folder.size(), 1);
        QCOMPARE(count.size(), 1);
        QCOMPARE(ids(list), QStringList({s("c"), s("a")}));
        list.setFolderFilter(s("Work"));
        QCOMPARE(folder.size(), 1);

        // Filed elsewhere: out; filed here: in, at its place.
        QVERIFY(list.setFolder(s("c"), s("Home")));
        QCOMPARE(ids(list), QStringList({s("a")}));
        QVERIFY(list.setFolder(s("d"), s("Work")));
        QCOMPARE(ids(list), QStringList({s("d"), s("a")}));
        // Archived: out of this view too; the archive view filters by folder as well.
        QVERIFY(list.setArchived(s("a"), true));
        QCOMPARE(ids(list), QStringList({s("d")}));
        list.setShowArchived(true);
        QCOMPARE(ids(list), QStringList({s("a")}));
        list.setShowArchived(false);

        // The filter is compared as the store keeps names; a folder without conversations
        // lists nothing; "" lists every folder again.
        list.setFolderFilter(s(" Home "));
        QCOMPARE(ids(list), QStringList({s("c"), s("b")}));
        list.setFolderFilter(s("Home"));
        QCOMPARE(ids(list), QStringList({s("c"), s("b")}));
        list.setFolderFilter(s("Nothing"));
        QCOMPARE(list.count(), 0);
        list.setFolderFilter(QString());
        QCOMPARE(ids(list), QStringList({s("d"), s("c"), s("b")}));
        QCOMPARE(reset.size(), 0);

        // The folders follow filing, emptying and deleting.
        folders.clear();
        QVERIFY(list.setFolder(s("b"), QString()));
        QCOMPARE(folders.size(), 1);
        QCOMPARE(list.folders(), QStringList({s("Home"), s("Work")}));
        QVERIFY(list.setFolder(s("c"), s("   "))); // blanks only: no folder
        QCOMPARE(store.conversation(s("c")).value(folderKey).toString(), QString());
        QCOMPARE(list.folders(), QStringList({s("Work")}));
        QVERIFY(list.remove(s("d")));
        QCOMPARE(folders.size(), 3);
        QCOMPARE(list.folders(), QStringList({s("Work")})); // a is archived, still in Work
        QVERIFY(list.remove(s("a")));
        QCOMPARE(folders.size(), 4);
        QCOMPARE(list.folders(), QStringList());
        QVERIFY(write(store, s("e")));
        QCOMPARE(folders.size(), 4); // a conversation in no folder
        QCOMPARE(reset.size(), 0);
    }

    void organisationSurvivesARestart()
    {
        const QString path = file(QStringLiteral("organised.sqlite"));
        {
            KoderConversationStore store;
            store.setPath(path);
            QVERIFY(store.ready());
            KoderConversationListModel list;
            list.setStore(&store);
            for (const char* id : {"a", "b", "c", "d"})
                QVERIFY(write(store, s(id)));
            QVERIFY(list.setPinned(s("a"), true));
            QVERIFY(list.setArchived(s("b"), true));
            QVERIFY(list.setFolder(s("c"), s("Work")));
            QCOMPARE(ids(list), QStringList({s("a"), s("d"), s("c")}));
        }
        KoderConversationStore store;
        store.setPath(path);
        QVERIFY(store.ready());
        KoderConversationListModel list;
        QAbstractItemModelTester tester(&list,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setStore(&store);
        QCOMPARE(ids(list), QStringList({s("a"), s("d"), s("c")}));
        QVERIFY(role(list, s("a"), KoderConversationListModel::PinnedRole).toBool());
        QCOMPARE(role(list, s("c"), KoderConversationListModel::FolderRole).toString(), s("Work"));
        QCOMPARE(list.folders(), QStringList({s("Work")}));
        list.setShowArchived(true);
        QCOMPARE(ids(list), QStringList({s("b")}));
        QVERIFY(role(list, s("b"), KoderConversationListModel::ArchivedRole).toBool());
        list.setShowArchived(false);
        list.setFolderFilter(s("Work"));
        QCOMPARE(ids(list), QStringList({s("c")}));
    }

    void filtersSetBeforeTheStoreAndAStoreThatChanges()
    {
        KoderConversationStore first;
        for (const char* id : {"a", "b"})
            QVERIFY(write(first, s(id)));
        QVERIFY(first.setArchived(s("a"), true));
        QVERIFY(first.setFolder(s("b"), s("X")));
        KoderConversationListModel list;
        QAbstractItemModelTester tester(&list,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setShowArchived(true); // without a store: nothing to filter
        list.setFolderFilter(s("X"));
        QCOMPARE(list.count(), 0);
        QSignalSpy folders(&list, &KoderConversationListModel::foldersChanged);
        list.setStore(&first);
        QCOMPARE(list.count(), 0); // the archived one is in no folder
        QCOMPARE(folders.size(), 1);
        list.setFolderFilter(QString());
        QCOMPARE(ids(list), QStringList({s("a")}));

        KoderConversationStore second;
        QVERIFY(write(second, s("c")));
        list.setStore(&second);
        QCOMPARE(folders.size(), 2);
        QCOMPARE(list.count(), 0);
        QCOMPARE(list.folders(), QStringList());
        list.setShowArchived(false);
        QCOMPARE(ids(list), QStringList({s("c")}));
        list.setStore(nullptr);
        QCOMPARE(list.count(), 0);
        QCOMPARE(list.folders(), QStringList());
    }

    void forwardingNeedsAStoreAndAConversation()
    {
        KoderConversationListModel list;
        QVERIFY(!list.setPinned(s("x"), true));
        QVERIFY(!list.setArchived(s("x"), true));
        QVERIFY(!list.setFolder(s("x"), s("Work")));
        QCOMPARE(list.folders(), QStringList());

        KoderConversationStore store;
        list.setStore(&store);
        for (int i = 0; i < 3; ++i)
            QTest::ignoreMessage(QtWarningMsg,
                                 QRegularExpression(QStringLiteral("There is no conversation x")));
        QVERIFY(!list.setPinned(s("x"), true));
        QVERIFY(!store.error().isEmpty());
        QVERIFY(!list.setArchived(s("x"), true));
        QVERIFY(!list.setFolder(s("x"), s("Work")));
        QCOMPARE(list.count(), 0);
        QCOMPARE(list.folders(), QStringList());
    }

    // Many mixed changes with two models (one view of each side, one filtered by folder): after
    // each, the rows are what the store says, in order, and no change resets a model.
    void mixedChangesKeepTheRowsRight()
    {
        KoderConversationStore store;
        std::vector<std::unique_ptr<KoderConversationListModel>> lists;
        std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
        std::vector<std::unique_ptr<QSignalSpy>> resets;
        for (int i = 0; i < 4; ++i) {
            lists.push_back(std::make_unique<KoderConversationListModel>());
            testers.push_back(std::make_unique<QAbstractItemModelTester>(
                lists.back().get(), QAbstractItemModelTester::FailureReportingMode::QtTest));
            lists.back()->setShowArchived(i % 2);
            lists.back()->setFolderFilter(i < 2 ? QString() : s("F1"));
            lists.back()->setStore(&store);
            resets.push_back(
                std::make_unique<QSignalSpy>(lists.back().get(), &QAbstractItemModel::modelReset));
        }
        QRandomGenerator random(20240611);
        const QStringList names{s("c0"), s("c1"), s("c2"), s("c3"), s("c4"), s("c5"), s("c6")};
        const QStringList folderNames{QString(), s("F1"), s("F2")};
        int messages = 1;
        for (int step = 0; step < 400; ++step) {
            const QString id = names.at(random.bounded(names.size()));
            KoderConversationListModel& list = *lists.at(random.bounded(4U));
            switch (random.bounded(8)) {
            case 0:
            case 1:
                QVERIFY(write(store, id, 1 + (messages++ % 5)));
                break;
            case 2:
                if (store.contains(id))
                    QVERIFY(list.setPinned(id, random.bounded(2)));
                break;
            case 3:
                if (store.contains(id))
                    QVERIFY(list.setArchived(id, random.bounded(2)));
                break;
            case 4:
                if (store.contains(id))
                    QVERIFY(list.setFolder(id, folderNames.at(random.bounded(3))));
                break;
            case 5:
                if (store.contains(id))
                    QVERIFY(list.rename(id, id + QStringLiteral(" renamed")));
                break;
            case 6:
                if (random.bounded(3) == 0) {
                    if (store.contains(id))
                        QVERIFY(list.remove(id));
                } else {
                    list.setShowArchived(!list.showArchived());
                }
                break;
            default:
                list.setFolderFilter(folderNames.at(random.bounded(3)));
                break;
            }
            for (const auto& each : lists) {
                QCOMPARE(ids(*each), expected(store, each->showArchived(), each->folder()));
                QCOMPARE(each->count(), each->rowCount());
            }
        }
        for (const auto& reset : resets)
            QCOMPARE(reset->size(), 0);
    }
};

QTEST_GUILESS_MAIN(TstStoreOrganisation)
#include "tst_store_organisation.moc"
