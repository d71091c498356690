// SPDX-License-Identifier: MIT
// KoderAgentController's history through its public C++ API: regenerate, edit, branch and switch
// between versions (the model's rows replaced, never reset), tool messages kept with their version,
// messages set from QML validated, checkpoints, clear and reset.
#include "controllertest.h"
#include "kodervisiblemessages.h"

#include <QtCore/QJsonObject>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace koder::agent;

class TstControllerHistory : public ControllerTest {
    Q_OBJECT

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void regenerateEditBranch()
    {
        useLocalAgent(QStringLiteral("answer"));
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        agent->send(QStringLiteral("q1"));
        QVERIFY(end.wait());
        agent->send(QStringLiteral("q2"));
        QVERIFY(end.wait());
        QCOMPARE(agent->messages()->count(), 4);

        const QString a1 = agent->messages()->get(1).value(QStringLiteral("messageId")).toString();
        QVERIFY(agent->regenerate(a1));
        QCOMPARE(agent->messages()->count(), 2);
        QVERIFY(end.wait());
        QCOMPARE(lastText(), QStringLiteral("answer"));

        const QString q1 = agent->messages()->get(0).value(QStringLiteral("messageId")).toString();
        QVERIFY(agent->edit(q1, QStringLiteral("q1 edited")));
        QCOMPARE(text(0), QStringLiteral("q1 edited"));
        QVERIFY(end.wait());
        QCOMPARE(agent->messages()->count(), 2);
        // The edit is a new version of q1; q1 itself is off the shown path now.
        const QString edited =
            agent->messages()->get(0).value(QStringLiteral("messageId")).toString();
        QVERIFY(edited != q1);
        QCOMPARE(agent->messages()->get(0).value(QStringLiteral("versionCount")).toInt(), 2);

        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        QVERIFY(
            !agent->edit(agent->messages()->get(1).value(QStringLiteral("messageId")).toString(),
                         QStringLiteral("x")));
        QCOMPARE(rejected.count(), 1);

        const QString original = agent->conversationId();
        QVERIFY(agent->branch(q1).isEmpty()); // not a row of the shown path
        const QString fork = agent->branch(edited);
        QVERIFY(!fork.isEmpty());
        QVERIFY(fork != original);
        QCOMPARE(agent->messages()->count(), 2); // the current conversation is unchanged
        agent->setConversationId(fork);
        QCOMPARE(agent->conversationId(), fork);
        QCOMPARE(agent->messages()->count(), 1);
        QCOMPARE(text(0), QStringLiteral("q1 edited"));
        agent->setConversationId(original); // the one left behind is kept in memory
        QCOMPARE(agent->messages()->count(), 2);
    }

    // A switch replaces the tail rows (removed + inserted), never resets the model; the
    // QAbstractItemModelTester of init() checks every signal's consistency.
    void switchVersionReplacesOnlyTheTail()
    {
        auto* t = useScripted();
        auto exchange = [&](const QString& reply) {
            const RequestId id = t->last();
            t->push(TextDelta{id, reply.toStdString()});
            t->push(StreamEnded{id, "stop"});
        };
        auto id = [&](int row) {
            return agent->messages()->get(row).value(QStringLiteral("messageId")).toString();
        };
        auto role = [&](int row, const char* name) {
            return agent->messages()->get(row).value(QString::fromUtf8(name));
        };
        QVERIFY(agent->send(QStringLiteral("q1")));
        exchange(QStringLiteral("A1"));
        QVERIFY(agent->send(QStringLiteral("q2")));
        exchange(QStringLiteral("B"));
        const QString a1 = id(1);
        QCOMPARE(role(1, "versionCount").toInt(), 1);
        QVERIFY(agent->regenerate(a1));
        exchange(QStringLiteral("A2"));
        QCOMPARE(agent->messages()->count(), 2);
        QCOMPARE(role(1, "versionIndex").toInt(), 1);
        QCOMPARE(role(1, "versionCount").toInt(), 2);
        QCOMPARE(role(1, "parentId").toString(), id(0));
        QCOMPARE(role(0, "parentId").toString(), QString());

        QSignalSpy removed(agent->messages(), &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(agent->messages(), &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(agent->messages(), &QAbstractItemModel::modelReset);
        QVERIFY(agent->switchVersion(id(1), 0));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.first().at(1).toInt(), 1);
        QCOMPARE(removed.first().at(2).toInt(), 1);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 1);
        QCOMPARE(inserted.first().at(2).toInt(), 3);
        QCOMPARE(agent->messages()->count(), 4);
        QCOMPARE(id(1), a1);
        QCOMPARE(text(1), QStringLiteral("A1"));
        QCOMPARE(text(3), QStringLiteral("B")); // what was under version 1 comes back with it
        QCOMPARE(role(1, "versionIndex").toInt(), 0);
        QCOMPARE(role(3, "versionCount").toInt(), 1);

        // The shown version again: accepted, nothing changes.
        QVERIFY(agent->switchVersion(a1, 0));
        QCOMPARE(removed.count(), 1);

        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        QVERIFY(!agent->switchVersion(a1, 2));
        QVERIFY(!agent->switchVersion(a1, -1));
        QVERIFY(!agent->switchVersion(QStringLiteral("nope"), 0));
        QVERIFY(agent->send(QStringLiteral("q3")));
        QVERIFY(!agent->switchVersion(a1, 1)); // a turn is open
        QCOMPARE(rejected.count(), 4);
        for (const QList<QVariant>& r : rejected) {
            QCOMPARE(r.at(0).toString(), QStringLiteral("switchVersion"));
            QVERIFY(!r.at(1).toString().isEmpty());
        }
        QCOMPARE(text(1), QStringLiteral("A1"));
    }

    // A version's tool calls and results belong to it: regenerating moves them off the path,
    // switching back brings them (and the lifecycle of a new turn) back, and a proxy showing
    // only visible rows follows every step.
    void toolMessagesBelongToTheirVersion()
    {
        auto* t = useScripted();
        addTool(QStringLiteral("read"), true,
                [](const QJsonObject&) { return QVariant(QStringLiteral("contents")); });
        agent->setAutoAccept(QStringLiteral("always"));
        KoderVisibleMessages visible;
        visible.setShowToolResults(false);
        visible.setSourceModel(agent->messages());
        QAbstractItemModelTester proxyTester(
            &visible, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QVERIFY(agent->send(QStringLiteral("go")));
        RequestId id = t->last();
        t->push(ToolCallRequested{id, {"r1", "read", "{}", false}});
        t->push(StreamEnded{id, "tool_calls"});
        QTRY_COMPARE(t->requests.size(), std::size_t(2)); // the tool ran, step 2 started
        id = t->last();
        t->push(TextDelta{id, "It says contents."});
        t->push(StreamEnded{id, "stop"});
        QCOMPARE(end.count(), 1);
        // user, assistant(call), tool, assistant
        QCOMPARE(agent->messages()->count(), 4);
        QCOMPARE(visible.count(), 3);
        const QString firstReply =
            agent->messages()->get(1).value(QStringLiteral("messageId")).toString();

        events.clear();
        QVERIFY(agent->regenerate(firstReply));
        QCOMPARE(events, (QStringList{QStringLiteral("streamStart")}));
        QCOMPARE(agent->messages()->count(), 2);
        QCOMPARE(visible.count(), 2);
        t->push(TextDelta{t->last(), "Plain answer."});
        t->push(StreamEnded{t->last(), "stop"});
        QCOMPARE(events, (QStringList{QStringLiteral("streamStart"), QStringLiteral("streamToken"),
                                      QStringLiteral("streamEnd")}));

        QVERIFY(agent->switchVersion(
            agent->messages()->get(1).value(QStringLiteral("messageId")).toString(), 0));
        QCOMPARE(agent->messages()->count(), 4);
        QCOMPARE(agent->messages()->get(2).value(QStringLiteral("role")).toString(),
                 QStringLiteral("tool"));
        QCOMPARE(agent->messages()->get(2).value(QStringLiteral("toolCallId")).toString(),
                 QStringLiteral("r1"));
        QCOMPARE(lastText(), QStringLiteral("It says contents."));
        QCOMPARE(visible.count(), 3);
        QCOMPARE(visible.get(2).value(QStringLiteral("text")).toString(),
                 QStringLiteral("It says contents."));
        QCOMPARE(agent->status(), QStringLiteral("idle"));

        // The next turn continues under the version shown, with its tool messages in the history.
        QVERIFY(agent->send(QStringLiteral("and then?")));
        QCOMPARE(t->requests.back().history.size(), std::size_t(5));
    }

    void messagesFromQmlAreValidated()
    {
        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        QVERIFY(agent->setChatMessages(QVariantList{
            QVariantMap{{QStringLiteral("role"), QStringLiteral("user")},
                        {QStringLiteral("text"), QStringLiteral("hello")}},
            QVariantMap{{QStringLiteral("role"), QStringLiteral("assistant")},
                        {QStringLiteral("text"), QStringLiteral("hi")},
                        {QStringLiteral("metadata"), QVariantMap{{QStringLiteral("k"), 1}}}}}));
        QCOMPARE(agent->messages()->count(), 2);
        QCOMPARE(agent->messages()
                     ->get(1)
                     .value(QStringLiteral("metadata"))
                     .toMap()
                     .value(QStringLiteral("k"))
                     .toInt(),
                 1);
        QVERIFY(!agent->addChatMessages(
            QVariantList{QVariantMap{{QStringLiteral("role"), QStringLiteral("user")},
                                     {QStringLiteral("text"), QStringLiteral("a")}},
                         QVariantMap{{QStringLiteral("role"), QStringLiteral("bot")},
                                     {QStringLiteral("text"), QStringLiteral("b")}}}));
        QCOMPARE(rejected.count(), 1);
        QVERIFY(rejected.first().at(1).toString().contains(
            QStringLiteral("messages[1].role: unknown value \"bot\"")));
        QCOMPARE(agent->messages()->count(), 2);
        QVERIFY(agent->addUserMessage(QStringLiteral("note")));
        QCOMPARE(agent->messages()->count(), 3);
    }

    void checkpointsAndClearVersusReset()
    {
        QSignalSpy restored(agent.get(), &KoderAgentController::checkpointRestored);
        agent->addUserMessage(QStringLiteral("before"));
        QVERIFY(agent->addCheckpoint(QVariantMap{{QStringLiteral("doc"), QStringLiteral("v1")}}));
        const QString cp = agent->messages()->get(1).value(QStringLiteral("messageId")).toString();
        agent->addUserMessage(QStringLiteral("after"));
        QVERIFY(agent->restoreCheckpoint(cp));
        QCOMPARE(restored.count(), 1);
        QCOMPARE(restored.first().first().toMap().value(QStringLiteral("doc")).toString(),
                 QStringLiteral("v1"));
        QCOMPARE(agent->messages()->count(), 2);

        const QString id = agent->conversationId();
        agent->clear();
        QCOMPARE(agent->messages()->count(), 0);
        QCOMPARE(agent->conversationId(), id);
        agent->addUserMessage(QStringLiteral("x"));
        QVERIFY(agent->deleteConversation());
        QVERIFY(agent->conversationId() != id);
        agent->reset();
        QCOMPARE(agent->status(), QStringLiteral("idle"));
    }
};

QTEST_MAIN(TstControllerHistory)
#include "tst_controller_history.moc"
