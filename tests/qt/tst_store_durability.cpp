// SPDX-License-Identifier: MIT
// What the controller writes to KoderConversationStore is there when it matters: a turn is
// committed before its terminal event, two controllers share one store, a child process killed
// mid-stream loses nothing before its last flush, a controller destroyed mid-reply keeps what
// streamed.
#include "koderagentcontroller.h"
#include "koderconversationstore.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "storetest.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QProcess>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <csignal>
#include <cstdio>
#include <utility>

using namespace koder::agent;
using namespace koder::test;

namespace {

const QString longReply = QStringLiteral(
    "This reply is long enough to be flushed several times while it streams, so that a crash "
    "in the middle of it leaves a partial reply in the store, marked as interrupted, and the "
    "user can regenerate it after opening the conversation again. It goes on and on and on, "
    "word after word, until the parent process kills the child that writes it.");

// Child mode: stream a long reply into the store at argv path, report each flush, wait to die.
int childMain(const QString& path)
{
    KoderConversationStore store;
    store.setPath(path);
    KoderAgentController agent;
    agent.setStore(&store);
    agent.setFlushIntervalMs(50);
    auto* local = new KoderLocalAgent(&agent);
    local->setReply(longReply);
    local->setTokensPerSecond(60);
    agent.setTransport(local);
    QObject::connect(&store, &KoderConversationStore::conversationChanged, [&](const QString& id) {
        if (!agent.streaming())
            return;
        const QVariantMap last = agent.messages()->get(agent.messages()->count() - 1);
        std::printf("flushed %s %lld\n", qPrintable(id),
                    static_cast<long long>(last.value(QStringLiteral("text")).toString().size()));
        std::fflush(stdout);
    });
    agent.send(QStringLiteral("Write something long."));
    return QCoreApplication::exec();
}

} // namespace

class TstStoreDurability : public StoreTest {
    Q_OBJECT

private Q_SLOTS:
    void aTurnIsCommittedBeforeItsTerminalEvent()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("commit.sqlite")));
        KoderAgentController agent;
        agent.setStore(&store);
        auto* local = new KoderLocalAgent(&agent);
        local->setReply(QStringLiteral("stored before you hear of it"));
        agent.setTransport(local);
        QString seenAtEnd;
        connect(&agent, &KoderAgentController::streamEnd, this, [&] {
            KoderConversationStore other; // a second connection to the same file
            other.setPath(file(QStringLiteral("commit.sqlite")));
            const auto loaded = other.load(agent.conversationId());
            seenAtEnd = loaded && loaded->size() == 2 ? QString::fromStdString(loaded->back().text)
                                                      : QString();
        });
        QSignalSpy end(&agent, &KoderAgentController::streamEnd);
        agent.send(QStringLiteral("hi"));
        QVERIFY(end.wait());
        QCOMPARE(seenAtEnd, QStringLiteral("stored before you hear of it"));
        QCOMPARE(
            store.conversation(agent.conversationId()).value(QStringLiteral("title")).toString(),
            QStringLiteral("hi"));
    }

    void twoControllersOnOneStore()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("two.sqlite")));
        KoderAgentController a;
        KoderAgentController b;
        for (auto [agent, reply] :
             {std::pair{&a, "alpha beta gamma"}, std::pair{&b, "one two three"}}) {
            agent->setStore(&store);
            auto* local = new KoderLocalAgent(agent);
            local->setReply(QString::fromLatin1(reply));
            agent->setTransport(local);
        }
        QSignalSpy endA(&a, &KoderAgentController::streamEnd);
        QSignalSpy endB(&b, &KoderAgentController::streamEnd);
        a.send(QStringLiteral("to a"));
        b.send(QStringLiteral("to b"));
        QVERIFY(endA.count() == 1 || endA.wait());
        QVERIFY(endB.count() == 1 || endB.wait());
        QCOMPARE(store.load(a.conversationId())->back().text, std::string("alpha beta gamma"));
        QCOMPARE(store.load(b.conversationId())->back().text, std::string("one two three"));
        QCOMPARE(store.conversations().size(), 2);
    }

    void aCrashMidStreamLosesNothingBeforeTheLastFlush()
    {
        const QString path = file(QStringLiteral("crash.sqlite"));
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KODER_STORE_CHILD"), path);
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(child.waitForStarted());
        QString conversation;
        qint64 lastFlushed = 0;
        int flushes = 0;
        QByteArray buffer;
        while (flushes < 3) {
            QVERIFY2(child.waitForReadyRead(10'000), "the child reported no flush");
            buffer += child.readAllStandardOutput();
            qsizetype newline;
            while ((newline = buffer.indexOf('\n')) >= 0) {
                const QList<QByteArray> parts = buffer.left(newline).split(' ');
                buffer.remove(0, newline + 1);
                if (parts.value(0) == "flushed") {
                    conversation = QString::fromLatin1(parts.value(1));
                    lastFlushed = parts.value(2).toLongLong();
                    ++flushes;
                }
            }
        }
        ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished());
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        KoderConversationStore store;
        store.setPath(path);
        const auto loaded = store.load(conversation);
        QVERIFY(loaded);
        QCOMPARE(loaded->size(), std::size_t(2));
        const Message& reply = loaded->back();
        const QString text = QString::fromStdString(reply.text);
        QVERIFY2(text.size() >= lastFlushed,
                 qPrintable(QStringLiteral("%1 < %2").arg(text.size()).arg(lastFlushed)));
        QVERIFY(lastFlushed > 0);
        QVERIFY(longReply.startsWith(text));
        QVERIFY(text.size() < longReply.size());
        QVERIFY2(reply.aborted, "the cut-off reply comes back marked interrupted");
        // The search index's queue was written in the same transactions, and opening the file
        // folded it in: the index holds what was flushed.
        QCOMPARE(searchIndexMismatch(path, true), QString());

        // Reopened in a controller, it can be regenerated.
        KoderAgentController agent;
        agent.setStore(&store);
        agent.setConversationId(conversation);
        QCOMPARE(agent.messages()->count(), 2);
        QCOMPARE(agent.status(), QStringLiteral("interrupted"));
        QVERIFY(agent.messages()->get(1).value(QStringLiteral("aborted")).toBool());
        auto* local = new KoderLocalAgent(&agent);
        local->setReply(QStringLiteral("again"));
        agent.setTransport(local);
        QVERIFY(agent.regenerate(
            agent.messages()->get(1).value(QStringLiteral("messageId")).toString()));
    }

    void aControllerDestroyedMidReplyKeepsWhatStreamed()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("closed.sqlite")));
        QString conversation;
        {
            KoderAgentController agent;
            agent.setStore(&store);
            agent.setFlushIntervalMs(60'000); // no periodic flush: only the one at destruction
            auto* local = new KoderLocalAgent(&agent);
            local->setReply(QStringLiteral("one two three four five six seven eight"));
            local->setTokensPerSecond(50);
            agent.setTransport(local);
            QVERIFY(agent.send(QStringLiteral("q")));
            conversation = agent.conversationId();
            QTRY_VERIFY(agent.messages()->get(1).value(QStringLiteral("text")).toString().size() >=
                        7);
        }
        const auto loaded = store.load(conversation);
        QVERIFY(loaded);
        QCOMPARE(loaded->size(), std::size_t(2));
        QVERIFY(loaded->back().text.size() >= 7);
        QVERIFY(loaded->back().aborted);
    }
};

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (const QString child = qEnvironmentVariable("KODER_STORE_CHILD"); !child.isEmpty())
        return childMain(child);
    TstStoreDurability test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_store_durability.moc"
