// SPDX-License-Identifier: MIT
// KoderConversationStore on files it cannot use or write: a corrupt file and a newer schema are
// refused and left alone, a locked database and a full disk are errors, never a loss.
#include "koderconversationstore.h"
#include "storetest.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QScopeGuard>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <string>
#include <vector>

using namespace koder::agent;
using namespace koder::test;

class TstStoreFiles : public StoreTest {
    Q_OBJECT

private Q_SLOTS:
    void aCorruptFileIsRefusedAndLeftAlone()
    {
        const QString path = file(QStringLiteral("corrupt.sqlite"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QByteArray garbage = QByteArray("this is not a database. ").repeated(200);
        f.write(garbage);
        f.close();
        KoderConversationStore store;
        QSignalSpy failed(&store, &KoderConversationStore::failed);
        store.setPath(path);
        QVERIFY(!store.ready());
        QVERIFY(failed.count() >= 1);
        QVERIFY2(store.error().contains(QStringLiteral("not a usable conversation store")),
                 qPrintable(store.error()));
        QVERIFY(!store.save(QStringLiteral("c"), everyField(), 0));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), garbage);
    }

    void aNewerSchemaIsRefusedAndLeftAlone()
    {
        const QString path = file(QStringLiteral("newer.sqlite"));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("newer"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE future (x)")));
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version = 99")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("newer"));
        KoderConversationStore store;
        store.setPath(path);
        QVERIFY(!store.ready());
        QVERIFY2(store.error().contains(QStringLiteral("newer version")),
                 qPrintable(store.error()));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("newer2"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
            QCOMPARE(q.value(0).toInt(), 99);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("newer2"));
    }

    void aLockedDatabaseIsAnErrorNotALoss()
    {
        const QString path = file(QStringLiteral("locked.sqlite"));
        KoderConversationStore store;
        store.setPath(path);
        QVERIFY(store.save(QStringLiteral("c"), everyField(), 0));
        {
            QSqlDatabase locker =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("locker"));
            locker.setDatabaseName(path);
            QVERIFY(locker.open());
            QSqlQuery q(locker);
            QVERIFY(q.exec(QStringLiteral("BEGIN EXCLUSIVE")));
            QSignalSpy failed(&store, &KoderConversationStore::failed);
            QVERIFY(!store.save(QStringLiteral("c"), {Message("x", Role::User, "new")}, 0));
            QCOMPARE(failed.count(), 1);
            QVERIFY2(store.error().contains(QStringLiteral("locked")), qPrintable(store.error()));
            QVERIFY(q.exec(QStringLiteral("ROLLBACK")));
            locker.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("locker"));
        QCOMPARE(store.load(QStringLiteral("c"))->size(), everyField().size()); // nothing was lost
        QVERIFY(store.save(QStringLiteral("c"), {Message("x", Role::User, "new")}, 0));
        QVERIFY(store.error().isEmpty());
    }

    void aFullDiskIsAnErrorNotALoss()
    {
        // A real full disk: a 160 KiB tmpfs (needs mount rights, as root in CI has).
        const QString mountPoint = file(QStringLiteral("small-disk"));
        QDir().mkpath(mountPoint);
        if (QProcess::execute(QStringLiteral("mount"),
                              {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                               QStringLiteral("size=160k"), QStringLiteral("tmpfs"), mountPoint}) !=
            0)
            QSKIP("cannot mount a small tmpfs here");
        auto unmount =
            qScopeGuard([&] { QProcess::execute(QStringLiteral("umount"), {mountPoint}); });
        KoderConversationStore store;
        store.setPath(mountPoint + QStringLiteral("/full.sqlite"));
        QVERIFY2(store.ready(), qPrintable(store.error()));
        QVERIFY(store.save(QStringLiteral("kept"), everyField(), 0));
        std::vector<Message> big;
        for (int i = 0; i < 400; ++i)
            big.emplace_back("b" + std::to_string(i), Role::User, std::string(1000, 'x'));
        QSignalSpy failed(&store, &KoderConversationStore::failed);
        QVERIFY(!store.save(QStringLiteral("big"), big, 0));
        QCOMPARE(failed.count(), 1);
        QVERIFY2(store.error().contains(QStringLiteral("full")), qPrintable(store.error()));
        QCOMPARE(store.load(QStringLiteral("kept"))->size(),
                 everyField().size());                   // nothing else was lost
        QVERIFY(!store.contains(QStringLiteral("big"))); // the failed write left nothing half-done
    }
};

QTEST_GUILESS_MAIN(TstStoreFiles)
#include "tst_store_files.moc"
