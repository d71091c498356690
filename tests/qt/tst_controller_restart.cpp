// SPDX-License-Identifier: MIT
// What of a KoderAgentController's conversation waits in its store through a restart (a new
// controller on the same file): a tool call waiting for approval, resumed with edited arguments,
// and the queue of the busy policy "queue".
#include "controllertest.h"
#include "koderconversationstore.h"

#include <QtCore/QJsonObject>
#include <QtCore/QTemporaryDir>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace koder::agent;

class TstControllerRestart : public ControllerTest {
    Q_OBJECT

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    // Approvals v2, durable: a conversation stored while a call waits reloads in a new
    // controller (same file) waiting for it; approving there, with edited arguments, runs the
    // tool with them and resumes the turn with the full history.
    void aWaitingCallSurvivesARestartAndResumesWithEditedArguments()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chats.sqlite"));
        QString conversation;
        QString assistantId;
        {
            KoderConversationStore store;
            store.setPath(path);
            agent->setStore(&store);
            auto* t = useScripted();
            addTool(QStringLiteral("write"), false,
                    [](const QJsonObject&) { return QVariant(QStringLiteral("never")); });
            agent->send(QStringLiteral("save it"));
            t->push(ToolCallRequested{t->last(), {"w1", "write", "{\"path\":\"a.txt\"}", false}});
            t->push(StreamEnded{t->last(), "tool_calls"});
            QCOMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
            conversation = agent->conversationId();
            assistantId = agent->messages()->get(1).value(QStringLiteral("id")).toString();
            tester.reset();
            agent.reset(); // the app quits without a word
        }

        agent = std::make_unique<KoderAgentController>();
        KoderConversationStore store;
        store.setPath(path);
        agent->setStore(&store);
        auto* t = useScripted();
        QJsonObject received;
        addTool(QStringLiteral("write"), false, [&](const QJsonObject& args) {
            received = args;
            return QVariant(QStringLiteral("written"));
        });
        agent->setConversationId(conversation);
        QCOMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
        QVERIFY(agent->abortable());
        QCOMPARE(agent->messages()->count(), 2);
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("id")).toString(), assistantId);
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("toolCalls")).toList().size(), 1);
        const QVariantList pending = agent->pendingToolCalls();
        QCOMPARE(pending.size(), 1);
        QCOMPARE(pending[0].toMap().value(QStringLiteral("id")).toString(), QStringLiteral("w1"));
        QCOMPARE(pending[0].toMap().value(QStringLiteral("name")).toString(),
                 QStringLiteral("write"));
        QCOMPARE(pending[0]
                     .toMap()
                     .value(QStringLiteral("arguments"))
                     .toMap()
                     .value(QStringLiteral("path"))
                     .toString(),
                 QStringLiteral("a.txt"));
        QVERIFY(t->requests.empty()); // nothing is sent by itself

        QSignalSpy ended(agent.get(), &KoderAgentController::streamEnd);
        QVERIFY(agent->approveToolCall(
            QStringLiteral("w1"),
            QVariantMap{{QStringLiteral("scope"), QStringLiteral("once")},
                        {QStringLiteral("arguments"),
                         QVariantMap{{QStringLiteral("path"), QStringLiteral("b.txt")}}}}));
        QTRY_COMPARE(t->requests.size(), std::size_t(1));
        QCOMPARE(received.value(QStringLiteral("path")).toString(), QStringLiteral("b.txt"));
        const StartTurn resumed = t->requests.back();
        QCOMPARE(resumed.step, 2);
        QCOMPARE(resumed.history.size(), std::size_t(3)); // question, request, result
        QCOMPARE(resumed.history[1].toolCalls().at(0).arguments,
                 std::string("{\"path\":\"b.txt\"}"));
        QCOMPARE(resumed.history[2].text, std::string("written"));
        t->push(TextDelta{t->last(), "Saved."});
        t->push(StreamEnded{t->last(), "stop"});
        QCOMPARE(ended.count(), 1);
        QCOMPARE(agent->status(), QStringLiteral("idle"));

        const QVariantMap tool = agent->messages()->get(2);
        const QVariantMap approval = tool.value(QStringLiteral("metadata"))
                                         .toMap()
                                         .value(QStringLiteral("approval"))
                                         .toMap();
        QCOMPARE(approval.value(QStringLiteral("decision")).toString(), QStringLiteral("approved"));
        QCOMPARE(approval.value(QStringLiteral("by")).toString(), QStringLiteral("user"));
        QCOMPARE(approval.value(QStringLiteral("argumentsEdited")).toBool(), true);
        QVERIFY(approval.value(QStringLiteral("at")).toString().endsWith(QLatin1Char('Z')));

        // Reloaded once more: the turn is over, nothing waits.
        agent->setConversationId(QStringLiteral("elsewhere"));
        agent->setConversationId(conversation);
        QCOMPARE(agent->status(), QStringLiteral("idle"));
        QCOMPARE(agent->messages()->count(), 4);
        QVERIFY(agent->pendingToolCalls().isEmpty());
    }

    // Busy policy "queue": the queue is the conversation's, stored with it and back after a
    // restart; sendQueued() sends the first when no turn is open.
    void theQueueSurvivesARestart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
        QString conversation;
        {
            KoderConversationStore store;
            store.setPath(path);
            agent->setStore(&store);
            auto* t = useScripted();
            QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
            agent->setBusyPolicy(QStringLiteral("sometimes"));
            QCOMPARE(rejected.count(), 1);
            QCOMPARE(agent->busyPolicy(), QStringLiteral("reject"));
            QSignalSpy policy(agent.get(), &KoderAgentController::busyPolicyChanged);
            agent->setBusyPolicy(QStringLiteral("queue"));
            QCOMPARE(policy.count(), 1);
            QSignalSpy queueChanged(agent.get(), &KoderAgentController::queuedMessagesChanged);
            QVERIFY(agent->send(QStringLiteral("first")));
            QVERIFY(agent->send(QStringLiteral("second"),
                                QVariantList{QVariantMap{{QStringLiteral("n"), 1}}}));
            QCOMPARE(queueChanged.count(), 1);
            QCOMPARE(agent->queuedMessages().size(), 1);
            QCOMPARE(agent->messages()->count(), 2); // not history yet
            t->push(StreamFailed{t->last(), {"x", "failed", false, -1}, {}});
            QCOMPARE(agent->queuedMessages().size(), 1); // kept after an error
            conversation = agent->conversationId();
            tester.reset();
            agent.reset();
        }
        agent = std::make_unique<KoderAgentController>();
        KoderConversationStore store;
        store.setPath(path);
        agent->setStore(&store);
        auto* t = useScripted();
        agent->setConversationId(conversation);
        const QVariantList queued = agent->queuedMessages();
        QCOMPARE(queued.size(), 1);
        QCOMPARE(queued[0].toMap().value(QStringLiteral("text")).toString(),
                 QStringLiteral("second"));
        QCOMPARE(queued[0].toMap().value(QStringLiteral("attachments")).toList().size(), 1);
        QVERIFY(agent->sendQueued());
        QCOMPARE(t->requests.size(), std::size_t(1));
        QCOMPARE(t->requests[0].history.back().text, std::string("second"));
        QVERIFY(agent->queuedMessages().isEmpty());
        QVERIFY(!agent->sendQueued());
        QVERIFY(!agent->cancelQueued(QStringLiteral("nope")));
    }
};

QTEST_MAIN(TstControllerRestart)
#include "tst_controller_restart.moc"
