// SPDX-License-Identifier: MIT
// KoderAgentController through its public C++/QML API, with QAbstractItemModelTester watching the
// message model in every scenario.
#include "koderagentcontroller.h"
#include "koderconversationstore.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "kodertool.h"
#include "kodervisiblemessages.h"
#include "qtconvert.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QTemporaryDir>
#include <QtCore/QUrl>
#include <QtQml/QJSEngine>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <cmath>
#include <memory>
#include <stdexcept>

using namespace koder::agent;

// A transport the test drives by hand: records requests, delivers what the test says.
class ScriptedTransport : public KoderTransport {
    Q_OBJECT
public:
    using KoderTransport::KoderTransport;
    void start(const StartTurn& request, const QList<ToolSpec>& tools) override
    {
        requests.push_back(request);
        lastTools = tools;
    }
    void cancel(RequestId id) override { cancelled.push_back(id); }
    void push(Input&& input) { deliver(std::move(input)); }
    RequestId last() const { return requests.empty() ? 0 : requests.back().requestId; }

    std::vector<StartTurn> requests;
    std::vector<RequestId> cancelled;
    QList<ToolSpec> lastTools;
};

class TstController : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<KoderAgentController> agent;
    std::unique_ptr<QAbstractItemModelTester> tester;
    QStringList events; // lifecycle signals in emission order

    void record()
    {
        events.clear();
        auto* a = agent.get();
        connect(a, &KoderAgentController::userMessage, this,
                [this] { events << QStringLiteral("userMessage"); });
        connect(a, &KoderAgentController::streamStart, this,
                [this] { events << QStringLiteral("streamStart"); });
        connect(a, &KoderAgentController::streamToken, this, [this] {
            if (events.isEmpty() || events.last() != QStringLiteral("streamToken"))
                events << QStringLiteral("streamToken"); // many tokens read as one entry
        });
        connect(a, &KoderAgentController::toolCall, this,
                [this] { events << QStringLiteral("toolCall"); });
        connect(a, &KoderAgentController::streamEnd, this,
                [this] { events << QStringLiteral("streamEnd"); });
        connect(a, &KoderAgentController::error, this,
                [this] { events << QStringLiteral("error"); });
        connect(a, &KoderAgentController::aborted, this,
                [this] { events << QStringLiteral("aborted"); });
    }

    KoderLocalAgent* useLocalAgent(const QString& reply)
    {
        auto* local = new KoderLocalAgent(agent.get());
        local->setReply(reply);
        agent->setTransport(local);
        return local;
    }

    ScriptedTransport* useScripted()
    {
        auto* t = new ScriptedTransport(agent.get());
        agent->setTransport(t);
        return t;
    }

    KoderTool* addTool(const QString& name, bool readOnly, KoderTool::Callable fn,
                       int timeoutMs = 30'000)
    {
        auto* tool = new KoderTool(agent.get());
        tool->setName(name);
        tool->setReadOnly(readOnly);
        tool->setTimeoutMs(timeoutMs);
        tool->setCallable(std::move(fn));
        agent->addTool(tool);
        return tool;
    }

    QString text(int row) const
    {
        return agent->messages()
            ->data(agent->messages()->index(row), KoderMessageModel::TextRole)
            .toString();
    }
    QString lastText() const { return text(agent->messages()->count() - 1); }

private Q_SLOTS:
    void init()
    {
        agent = std::make_unique<KoderAgentController>();
        agent->setEnvironment(Environment::deterministic());
        tester = std::make_unique<QAbstractItemModelTester>(
            agent->messages(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        record();
    }

    void cleanup()
    {
        tester.reset();
        agent.reset();
    }

    void lifecycleOrderR4()
    {
        useLocalAgent(QStringLiteral("Hello there, friend."));
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QSignalSpy streamingChanged(agent.get(), &KoderAgentController::streamingChanged);
        QVERIFY(agent->send(QStringLiteral("hi")));
        QCOMPARE(agent->status(), QStringLiteral("streaming"));
        QVERIFY(agent->streaming());
        QVERIFY(agent->abortable());
        QVERIFY(end.wait());
        QCOMPARE(events, (QStringList{QStringLiteral("userMessage"), QStringLiteral("streamStart"),
                                      QStringLiteral("streamToken"), QStringLiteral("streamEnd")}));
        QCOMPARE(agent->status(), QStringLiteral("idle"));
        QVERIFY(!agent->streaming());
        QVERIFY(!agent->abortable());
        QCOMPARE(streamingChanged.count(), 2);
        QCOMPARE(agent->messages()->count(), 2);
        QCOMPARE(lastText(), QStringLiteral("Hello there, friend."));
        const QVariantMap row = agent->messages()->get(1);
        QCOMPARE(row.value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
        QCOMPARE(row.value(QStringLiteral("streaming")).toBool(), false);
        QCOMPARE(row.value(QStringLiteral("visible")).toBool(), true);
        QCOMPARE(end.first().first().toString(), row.value(QStringLiteral("messageId")).toString());
    }

    void echoWhenReplyIsEmpty()
    {
        useLocalAgent({});
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        agent->send(QStringLiteral("ping  pong"));
        QVERIFY(end.wait());
        QCOMPARE(lastText(), QStringLiteral("You said: \"ping  pong\""));
    }

    void secondSendIsRejectedR7()
    {
        useLocalAgent(QStringLiteral("a b c d e f g"))->setTokensPerSecond(50);
        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        QVERIFY(agent->send(QStringLiteral("one")));
        QVERIFY(!agent->send(QStringLiteral("two")));
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(rejected.first().at(0).toString(), QStringLiteral("send"));
        QVERIFY(!rejected.first().at(1).toString().isEmpty());
        QCOMPARE(agent->messages()->count(), 2);
        QCOMPARE(agent->status(), QStringLiteral("streaming"));
    }

    void abortKeepsPartialAndDropsLateTokens()
    {
        auto* t = useScripted();
        QSignalSpy abortedSpy(agent.get(), &KoderAgentController::aborted);
        agent->send(QStringLiteral("q"));
        const RequestId id = t->last();
        t->push(TextDelta{id, "partial "});
        agent->abort();
        QCOMPARE(abortedSpy.count(), 1);
        QCOMPARE(t->cancelled, std::vector<RequestId>{id});
        QCOMPARE(agent->status(), QStringLiteral("interrupted"));
        QVERIFY(!agent->abortable());
        t->push(TextDelta{id, "late"});
        t->push(StreamEnded{id, "stop"});
        QCOMPARE(lastText(), QStringLiteral("partial "));
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("aborted")).toBool(), true);
        QCOMPARE(events, (QStringList{QStringLiteral("userMessage"), QStringLiteral("streamStart"),
                                      QStringLiteral("streamToken"), QStringLiteral("aborted")}));
    }

    void localAgentStopsAtOnceOnAbort()
    {
        auto* local = useLocalAgent(QStringLiteral("one two three four five six"));
        local->setTokensPerSecond(200);
        QSignalSpy token(agent.get(), &KoderAgentController::streamToken);
        agent->send(QStringLiteral("q"));
        QVERIFY(token.wait());
        agent->abort();
        const qsizetype tokensAtAbort = token.count();
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QVERIFY(!end.wait(150)); // nothing of the cancelled turn arrives
        QCOMPARE(token.count(), tokensAtAbort);
    }

    void failureSetsLastError()
    {
        useLocalAgent(QStringLiteral("a b c d"))->setFailAfterTokens(2);
        QSignalSpy err(agent.get(), &KoderAgentController::error);
        QSignalSpy lastErrorChanged(agent.get(), &KoderAgentController::lastErrorChanged);
        QVERIFY(agent->lastError().isNull());
        agent->send(QStringLiteral("q"));
        QVERIFY(err.wait());
        QCOMPARE(agent->status(), QStringLiteral("error"));
        const QVariantMap e = agent->lastError().toMap();
        QCOMPARE(e.value(QStringLiteral("code")).toString(), QStringLiteral("transport"));
        QCOMPARE(err.first().first().toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("transport"));
        QCOMPARE(lastText(), QStringLiteral("a b"));
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("errorText")).toString(),
                 e.value(QStringLiteral("message")).toString());
        QCOMPARE(lastErrorChanged.count(), 1);
        QCOMPARE(events.last(), QStringLiteral("error"));
    }

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

    void approveDenyAndOnlyReadR5()
    {
        auto* t = useScripted();
        int reads = 0;
        int writes = 0;
        addTool(QStringLiteral("read"), true, [&](const QJsonObject&) {
            ++reads;
            return QVariant(QStringLiteral("contents"));
        });
        addTool(QStringLiteral("write"), false, [&](const QJsonObject& args) {
            ++writes;
            return QVariant(QVariantMap{
                {QStringLiteral("written"), args.value(QStringLiteral("path")).toString()}});
        });
        QCOMPARE(t->lastTools.size(), 0); // no request yet
        agent->setAutoAccept(QStringLiteral("onlyRead"));
        QSignalSpy pendingChanged(agent.get(), &KoderAgentController::pendingToolCallsChanged);
        agent->send(QStringLiteral("go"));
        QCOMPARE(t->lastTools.size(), 2);
        RequestId id = t->last();
        t->push(ToolCallRequested{id, {"r1", "read", "{}", false}});
        t->push(ToolCallRequested{id, {"w1", "write", "{\"path\":\"a.txt\"}", false}});
        t->push(StreamEnded{id, "tool_calls"});
        QCOMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
        QVERIFY(!agent->streaming());
        QVERIFY(agent->abortable());
        QCOMPARE(pendingChanged.count(), 1);
        const QVariantList pending = agent->pendingToolCalls();
        QCOMPARE(pending.size(), 1);
        QCOMPARE(pending.first().toMap().value(QStringLiteral("name")).toString(),
                 QStringLiteral("write"));
        QCOMPARE(pending.first()
                     .toMap()
                     .value(QStringLiteral("arguments"))
                     .toMap()
                     .value(QStringLiteral("path"))
                     .toString(),
                 QStringLiteral("a.txt"));
        QTRY_COMPARE(reads, 1); // the read-only tool ran without asking
        QCOMPARE(writes, 0);

        agent->approveToolCall(QStringLiteral("w1"));
        QTRY_COMPARE(writes, 1);
        QTRY_COMPARE(t->requests.size(), std::size_t(2)); // the loop resumed
        QCOMPARE(agent->status(), QStringLiteral("streaming"));
        // user, assistant(calls), tool(read), tool(write), assistant(step 2)
        QCOMPARE(agent->messages()->count(), 5);
        QCOMPARE(agent->messages()->get(3).value(QStringLiteral("text")).toString(),
                 QStringLiteral("{\"written\":\"a.txt\"}"));
        QCOMPARE(agent->messages()->get(3).value(QStringLiteral("visible")).toBool(), false);

        // Step 2 asks again; this time the user says no.
        id = t->last();
        t->push(ToolCallRequested{id, {"w2", "write", "{}", false}});
        t->push(StreamEnded{id, "tool_calls"});
        agent->denyToolCall(QStringLiteral("w2"), QStringLiteral("not now"));
        QCOMPARE(writes, 1);
        QCOMPARE(agent->messages()->get(5).value(QStringLiteral("denied")).toBool(), true);
        QCOMPARE(t->requests.size(), std::size_t(3));
        t->push(TextDelta{t->last(), "ok"});
        t->push(StreamEnded{t->last(), "stop"});
        QCOMPARE(events, (QStringList{QStringLiteral("userMessage"), QStringLiteral("streamStart"),
                                      QStringLiteral("toolCall"), QStringLiteral("toolCall"),
                                      QStringLiteral("toolCall"), QStringLiteral("streamToken"),
                                      QStringLiteral("streamEnd")}));
    }

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

    void toolPoliciesAndApprovalOptionsFromCpp()
    {
        auto* t = useScripted();
        int writes = 0;
        addTool(QStringLiteral("write"), false, [&](const QJsonObject&) {
            ++writes;
            return QVariant(QStringLiteral("ok"));
        });
        QSignalSpy policiesChanged(agent.get(), &KoderAgentController::toolPoliciesChanged);
        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        agent->setToolPolicies({{QStringLiteral("write"), QStringLiteral("sometimes")}});
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(rejected.last().at(0).toString(), QStringLiteral("setToolPolicies"));
        QVERIFY(agent->toolPolicies().isEmpty());
        QCOMPARE(policiesChanged.count(), 0);

        agent->send(QStringLiteral("go"));
        t->push(ToolCallRequested{t->last(), {"w1", "write", "{}", false}});
        t->push(StreamEnded{t->last(), "tool_calls"});
        QVERIFY(!agent->approveToolCall(QStringLiteral("w1"), QStringLiteral("nonsense")));
        QVERIFY(!agent->approveToolCall(
            QStringLiteral("w1"),
            QVariantMap{{QStringLiteral("scope"), QStringLiteral("forever")}}));
        QVERIFY(!agent->approveAll(QVariantMap{{QStringLiteral("arguments"), QVariantMap{}}}));
        QVERIFY(!agent->approveToolCall(
            QStringLiteral("w1"),
            QVariantMap{{QStringLiteral("arguments"), QStringLiteral("{\"a\":")}}));
        QCOMPARE(rejected.count(), 5);
        QVERIFY(rejected.last().at(1).toString().contains(QStringLiteral("not valid JSON")));
        // Arguments that do not convert are refused, never taken for "no edit".
        QVERIFY(!agent->approveToolCall(
            QStringLiteral("w1"), QVariantMap{{QStringLiteral("scope"), QStringLiteral("always")},
                                              {QStringLiteral("arguments"),
                                               QVariantMap{{QStringLiteral("t"), qQNaN()}}}}));
        QCOMPARE(rejected.count(), 6);
        QCOMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
        QVERIFY(agent->toolPolicies().isEmpty());
        QCOMPARE(agent->checkToolArguments(QStringLiteral("write"), QStringLiteral("[1]")),
                 QStringLiteral("arguments must be a JSON object"));
        QCOMPARE(agent->checkToolArguments(QStringLiteral("write"),
                                           QVariantMap{{QStringLiteral("a"), 1}}),
                 QString());
        QCOMPARE(agent->status(), QStringLiteral("reviewingToolCall"));

        QVERIFY(agent->approveToolCall(
            QStringLiteral("w1"),
            QVariantMap{{QStringLiteral("scope"), QStringLiteral("always")}}));
        QCOMPARE(policiesChanged.count(), 1);
        QCOMPARE(agent->toolPolicies().value(QStringLiteral("write")).toString(),
                 QStringLiteral("allow"));
        QTRY_COMPARE(t->requests.size(), std::size_t(2));
        QCOMPARE(writes, 1);
        t->push(ToolCallRequested{t->last(), {"w2", "write", "{}", false}});
        t->push(StreamEnded{t->last(), "tool_calls"});
        QTRY_COMPARE(t->requests.size(), std::size_t(3));
        QCOMPARE(writes, 2); // allowed now: not asked
        agent->setToolPolicies({{QStringLiteral("write"), QStringLiteral("deny")}});
        QCOMPARE(policiesChanged.count(), 2);
        t->push(ToolCallRequested{t->last(), {"w3", "write", "{}", false}});
        t->push(StreamEnded{t->last(), "tool_calls"});
        QCOMPARE(writes, 2);
        const QVariantMap denied = agent->messages()->get(agent->messages()->count() - 2);
        QCOMPARE(denied.value(QStringLiteral("toolCallId")).toString(), QStringLiteral("w3"));
        QVERIFY(denied.value(QStringLiteral("denied")).toBool());
        t->push(StreamEnded{t->last(), "stop"});
        QVERIFY(!agent->denyAll());
        QVERIFY(!agent->approveAll());
    }

    void approveOfUnknownCallIsRejected()
    {
        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        agent->approveToolCall(QStringLiteral("nope"));
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(rejected.first().at(0).toString(), QStringLiteral("approveToolCall"));
        agent->setAutoAccept(QStringLiteral("sometimes"));
        QCOMPARE(rejected.count(), 2);
        QCOMPARE(agent->autoAccept(), QStringLiteral("never"));
    }

    void toolErrorsAndTimeouts()
    {
        auto* t = useScripted();
        addTool(QStringLiteral("boom"), true,
                [](const QJsonObject&) -> QVariant { throw std::runtime_error("disk on fire"); });
        // A JS tool whose Promise never settles: only the timeout ends it.
        QQmlEngine engine;
        QQmlComponent component(&engine);
        component.setData(R"(
            import Koder.Agent
            KoderTool { name: "hang"; readOnly: true; timeoutMs: 50
                        handler: function(args) { return new Promise(function() {}) } }
        )",
                          QUrl());
        std::unique_ptr<QObject> hang(component.create());
        QVERIFY2(hang, qPrintable(component.errorString()));
        agent->addTool(qobject_cast<KoderTool*>(hang.get()));
        agent->setAutoAccept(QStringLiteral("always"));
        agent->send(QStringLiteral("go"));
        RequestId id = t->last();
        t->push(ToolCallRequested{id, {"b", "boom", "{}", false}});
        t->push(ToolCallRequested{id, {"h", "hang", "{}", false}});
        t->push(ToolCallRequested{id, {"x", "boom", "not json", false}});
        t->push(StreamEnded{id, "tool_calls"});
        QCOMPARE(agent->status(), QStringLiteral("runningTool"));
        QTRY_COMPARE(agent->status(), QStringLiteral("streaming"));
        const auto* model = agent->messages();
        QCOMPARE(model->count(), 6);
        QStringList results;
        for (int row = 2; row < 5; ++row) {
            QVERIFY(model->get(row).value(QStringLiteral("isError")).toBool());
            results << model->get(row).value(QStringLiteral("text")).toString();
        }
        QVERIFY(results.filter(QStringLiteral("disk on fire")).size() == 1);
        QVERIFY(results.filter(QStringLiteral("timed out after 50 ms")).size() == 1);
        QVERIFY(results.filter(QStringLiteral("Invalid arguments")).size() == 1);
    }

    void hooksRunInOrderAThrowingHookIsSkippedAndRetryWorks()
    {
        auto* local = useLocalAgent(QStringLiteral("fine now"));
        local->setFailAfterTokens(1);
        QStringList order;
        agent->addHooks(
            {.name = "first",
             .onStart = [&](const StartTurn&) { order << QStringLiteral("onStart"); },
             .prepareStep =
                 [&](StartTurn r) {
                     order << QStringLiteral("prepareStep#") + QString::number(r.attempt);
                     return r;
                 },
             .onStepFinish =
                 [&](const StepFinishEvent&) { order << QStringLiteral("onStepFinish"); },
             .onFinish =
                 [&](const Event& e) {
                     order << QStringLiteral("onFinish:") + QString::fromLatin1(eventName(e));
                 },
             .onError =
                 [&](const ErrorInfo& e, int attempt) {
                     order << QStringLiteral("onError:") + QString::fromStdString(e.code) +
                                  QStringLiteral("#") + QString::number(attempt);
                     local->setFailAfterTokens(-1); // the next attempt succeeds
                     return ErrorVerdict::Retry;
                 }});
        agent->addHooks({.name = "thrower", .onStart = [](const StartTurn&) -> void {
                             throw std::runtime_error("hook bug");
                         }});
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral(
                                               "hook thrower onStart threw: hook bug")));
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QSignalSpy err(agent.get(), &KoderAgentController::error);
        agent->send(QStringLiteral("q"));
        QVERIFY(end.wait());
        QCOMPARE(err.count(), 0);
        QCOMPARE(order, (QStringList{
                            QStringLiteral("onStart"), QStringLiteral("prepareStep#0"),
                            QStringLiteral("onError:transport#0"), QStringLiteral("prepareStep#1"),
                            QStringLiteral("onStepFinish"), QStringLiteral("onFinish:streamEnd")}));
        QCOMPARE(lastText(), QStringLiteral("fine now"));
        QCOMPARE(events.count(QStringLiteral("streamStart")), 1);
    }

    void maxRetriesRetriesRetryableErrors()
    {
        auto* t = useScripted();
        agent->setMaxRetries(1);
        QCOMPARE(agent->maxRetries(), 1);
        agent->send(QStringLiteral("q"));
        t->push(StreamFailed{t->last(), {"overloaded", "busy", true, 0}, ErrorVerdict::Default});
        QTRY_COMPARE(t->requests.size(), std::size_t(2));
        QCOMPARE(t->requests.back().attempt, 1);
        QCOMPARE(agent->status(), QStringLiteral("streaming"));
        t->push(StreamFailed{t->last(), {"overloaded", "busy", true, 0}, ErrorVerdict::Default});
        QCOMPARE(agent->status(), QStringLiteral("error"));
    }

    void streamingUpdatesAreCoalesced()
    {
        auto* t = useScripted();
        agent->send(QStringLiteral("q"));
        const int row = 1;
        int rowUpdates = 0;
        int resets = 0;
        connect(agent->messages(), &QAbstractItemModel::dataChanged, this,
                [&](const QModelIndex& from, const QModelIndex&, const QList<int>& roles) {
                    if (from.row() == row && roles.contains(KoderMessageModel::TextRole))
                        ++rowUpdates;
                });
        connect(agent->messages(), &QAbstractItemModel::modelReset, this, [&] { ++resets; });
        QString textAtEnd;
        connect(agent.get(), &KoderAgentController::streamEnd, this,
                [&] { textAtEnd = lastText(); });
        const RequestId id = t->last();
        for (int i = 0; i < 10'000; ++i)
            t->push(TextDelta{id, "tok "});
        // The first token at once; the rest of the burst waits for one coalesced update.
        QCOMPARE(rowUpdates, 1);
        t->push(StreamEnded{id, "stop"});
        QCOMPARE(rowUpdates, 2);
        QCOMPARE(resets, 0);
        QCOMPARE(textAtEnd.size(), 40'000);
    }

    void coalescedUpdateArrivesWithinTheInterval()
    {
        auto* t = useScripted();
        agent->setUpdateInterval(100);
        agent->send(QStringLiteral("q"));
        QSignalSpy changed(agent->messages(), &QAbstractItemModel::dataChanged);
        t->push(TextDelta{t->last(), "x"});
        QCOMPARE(changed.count(), 1); // the first token: at once
        // The next, sooner than the interval (unless this thread stalled that long), comes on
        // its own when the interval ends: no flush is needed.
        t->push(TextDelta{t->last(), "y"});
        if (changed.count() == 1)
            QVERIFY(changed.wait());
        QCOMPARE(changed.count(), 2);
        QCOMPARE(lastText(), QStringLiteral("xy"));
    }

    // The first token of a reply reaches the model's views in the call that delivered it, not
    // an interval later; the tokens after it within the interval make one update, and every
    // reply starts again with an update at once.
    void firstTokenOfAReplyIsAnnouncedAtOnce()
    {
        auto* t = useScripted();
        agent->setUpdateInterval(60'000); // no interval ends during the test: no timing
        QStringList seen;                 // the row's text at each update of it
        int row = -1;
        connect(agent->messages(), &QAbstractItemModel::dataChanged, this,
                [&](const QModelIndex& from, const QModelIndex& to, const QList<int>& roles) {
                    if (from.row() <= row && row <= to.row() &&
                        roles.contains(KoderMessageModel::TextRole))
                        seen << text(row);
                });
        for (const QString& reply : {QStringLiteral("first"), QStringLiteral("second")}) {
            seen.clear();
            agent->send(QStringLiteral("q"));
            row = agent->messages()->count() - 1;
            QCOMPARE(agent->messages()->data(agent->messages()->index(row),
                                             KoderMessageModel::StreamingRole),
                     QVariant(true));
            const RequestId id = t->last();
            t->push(TextDelta{id, reply.toStdString()});
            QCOMPARE(seen, QStringList{reply});
            for (int i = 0; i < 100; ++i)
                t->push(TextDelta{id, " tok"});
            QCOMPARE(seen, QStringList{reply}); // held for the interval's end
            t->push(StreamEnded{id, "stop"});
            // The held tokens in one update, before the terminal signal.
            QCOMPARE(seen.size(), 2);
            QCOMPARE(seen.last(), reply + QStringLiteral(" tok").repeated(100));
        }
    }

    // The delegate and the Markdown blocks of a view read the streaming row in turn on every
    // update: they share one conversion of its text, and a change makes a new one.
    void textIsConvertedOncePerUpdate()
    {
        auto* t = useScripted();
        agent->send(QStringLiteral("q"));
        t->push(TextDelta{t->last(), "Hello"});
        const QModelIndex row = agent->messages()->index(1);
        const QString first = agent->messages()->data(row, KoderMessageModel::TextRole).toString();
        const QString again = agent->messages()->data(row, Qt::DisplayRole).toString();
        QCOMPARE(again, QStringLiteral("Hello"));
        QCOMPARE(again.constData(), first.constData());
        t->push(TextDelta{t->last(), " world"});
        const QString after = agent->messages()->data(row, KoderMessageModel::TextRole).toString();
        QCOMPARE(after, QStringLiteral("Hello world"));
        QCOMPARE(first, QStringLiteral("Hello"));
        QCOMPARE(text(0), QStringLiteral("q"));
        QCOMPARE(after, lastText());
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

    void eventLogListsWhatHappened()
    {
        auto* local = new KoderLocalAgent(agent.get());
        local->setReply(QStringLiteral("one two three"));
        agent->setTransport(local);
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QVERIFY(agent->send(QStringLiteral("hi")));
        QVERIFY(end.wait());
        QStringList kinds;
        double lastSeq = 0;
        for (const QVariant& v : agent->eventLog()) {
            const QVariantMap e = v.toMap();
            QVERIFY(e.value(QStringLiteral("seq")).toDouble() > lastSeq);
            lastSeq = e.value(QStringLiteral("seq")).toDouble();
            kinds << e.value(QStringLiteral("kind")).toString();
            if (e.value(QStringLiteral("kind")) == QStringLiteral("tokens"))
                QCOMPARE(e.value(QStringLiteral("repeat")).toInt(),
                         3); // one entry for the step's three tokens
        }
        QVERIFY2(kinds.contains(QStringLiteral("send")) &&
                     kinds.contains(QStringLiteral("tokens")) &&
                     kinds.contains(QStringLiteral("end")),
                 qPrintable(kinds.join(QLatin1Char(','))));
        QVERIFY(kinds.indexOf(QStringLiteral("send")) < kinds.indexOf(QStringLiteral("end")));
    }

    void localAgentTokensKeepWhitespace()
    {
        QCOMPARE(KoderLocalAgent::tokenize(QStringLiteral("Hello  w\u00f6rld,\n\tok ")),
                 (QStringList{QStringLiteral("Hello"), QStringLiteral("  w\u00f6rld,"),
                              QStringLiteral("\n\tok"), QStringLiteral(" ")}));
        QCOMPARE(KoderLocalAgent::tokenize({}), QStringList{});
    }

    // Phrase positions are UTF-16 units of the message's text (what QString and
    // QAccessibleTextInsertEvent count), kept incrementally: 2- and 3-byte characters count one,
    // emoji (4 bytes, a surrogate pair) two. A retry starts the reply over, a new turn a new one.
    void announcedPositionsAreUtf16Units()
    {
        auto* t = useScripted();
        agent->setMaxRetries(1);
        struct Phrase {
            QString text;
            int position;
            QString whole; // the message's text when the phrase was announced
        };
        QList<Phrase> phrases;
        connect(agent.get(), &KoderAgentController::announcement, this,
                [&](Koder::AnnouncementKind kind, Koder::Politeness, const QString&,
                    const QString& text, int position) {
                    if (kind == Koder::AnnouncementKind::ReplyText)
                        phrases.append({text, position, lastText()});
                });
        // The phrases of one attempt tile its text from 0, each where its position says.
        auto tiles = [&](const QString& expected) {
            QString said;
            for (const Phrase& p : std::as_const(phrases)) {
                if (p.position != said.size() || p.whole.mid(p.position, p.text.size()) != p.text)
                    return false;
                said += p.text;
            }
            return said == expected;
        };
        const auto stream = [&](const std::vector<std::string>& tokens) {
            std::string all;
            for (const std::string& token : tokens) {
                t->push(TextDelta{t->last(), token});
                all += token;
            }
            return QString::fromStdString(all);
        };

        agent->send(QStringLiteral("q"));
        std::vector<std::string> first{"Gr\u00fc\u00dfe, ", "\u4e16\u754c. ",
                                       "\U0001F600 caf\u00e9 \U0001F389! ", "\u00e9t\u00e9; "};
        for (int i = 0; i < 60; ++i) // 420 bytes without a phrase end: cut by length
            first.push_back("\U0001F680 \u00e9");
        first.push_back(" \U0001F9EA.");
        const QString firstText = stream(first);
        QCOMPARE(lastText(), firstText);
        QVERIFY(phrases.size() >= 6);
        QVERIFY(tiles(firstText));
        QCOMPARE(phrases.last().position + phrases.last().text.size(), firstText.size());

        // A retryable failure: the retry streams the reply afresh into the same message.
        t->push(TextDelta{t->last(), "\U0001F600 lost"});
        t->push(StreamFailed{t->last(), {"overloaded", "busy", true, 0}, ErrorVerdict::Default});
        QTRY_COMPARE(t->requests.size(), std::size_t(2));
        phrases.clear();
        const QString retried =
            stream({"\U0001F600\U0001F600. ", "\u00e4\u00f6\u00fc! ", "\U0001F389", " end"});
        t->push(StreamEnded{t->last(), "stop"});
        QCOMPARE(lastText(), retried);
        QCOMPARE(phrases.size(), 3);
        QVERIFY(tiles(retried));
        QCOMPARE(phrases.at(1).position, 5); // two emoji and '.': 5 units (9 bytes)

        // The next turn is another message: its positions start from 0 again.
        phrases.clear();
        agent->send(QStringLiteral("again"));
        const QString next = stream({"\u00e9\U0001F600. ", "x", "\U0001F600! y"});
        t->push(StreamEnded{t->last(), "stop"});
        QCOMPARE(lastText(), next);
        QCOMPARE(phrases.size(), 3);
        QVERIFY(tiles(next));
    }

    // streamToken is emitted only while someone listens; the count survives every way of
    // disconnecting (a disconnect naming no signal reports once for all it removed).
    void streamTokenReachesEveryRemainingReceiver()
    {
        auto* t = useScripted();
        QObject a;
        auto b = std::make_unique<QObject>();
        QObject c;
        int heardByC = 0;
        for (QObject* receiver : {&a, b.get()})
            for (int i = 0; i < 2; ++i)
                connect(agent.get(), &KoderAgentController::streamToken, receiver, [] {});
        connect(agent.get(), &KoderAgentController::streamToken, &c, [&] { ++heardByC; });
        QObject::disconnect(agent.get(), nullptr, &a, nullptr); // no signal named
        b.reset();                                              // its connections go too
        agent->send(QStringLiteral("q"));
        t->push(TextDelta{t->last(), "one"});
        t->push(TextDelta{t->last(), "two"});
        QCOMPARE(heardByC, 2);
        QObject::disconnect(agent.get(), &KoderAgentController::streamToken, &c, nullptr);
        t->push(TextDelta{t->last(), "three"});
        QCOMPARE(heardByC, 2);
    }

    void noTransportIsAClearError()
    {
        QSignalSpy err(agent.get(), &KoderAgentController::error);
        agent->send(QStringLiteral("q"));
        QVERIFY(err.wait());
        QCOMPARE(agent->lastError().toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("no_transport"));
    }

    // A JS array passed as `var` (a QVariant holding a QJSValue, as QML hands it over) reaches
    // the model and the history the transport sends.
    void jsAttachmentsReachTheTransport()
    {
        QJSEngine engine;
        auto* t = useScripted();
        const QJSValue attachments =
            engine.evaluate(QStringLiteral("[{name: 'a.png', url: 'file:///x', size: 12}]"));
        QVERIFY(attachments.isArray());
        QVERIFY(agent->send(QStringLiteral("hi"), QVariant::fromValue(attachments)));
        QCOMPARE(t->requests.size(), std::size_t(1));
        const Message& sent = t->requests.back().history.back();
        QVERIFY(sent.role == Role::User);
        // (not a raw string: moc reads the "//" in it as a comment)
        QCOMPARE(sent.attachments(), "[{\"name\":\"a.png\",\"size\":12,\"url\":\"file:///x\"}]");
        const QVariantList row =
            agent->messages()->get(0).value(QStringLiteral("attachments")).toList();
        QCOMPARE(row.size(), 1);
        QCOMPARE(row.first().toMap().value(QStringLiteral("url")).toString(),
                 QStringLiteral("file:///x"));

        t->push(StreamEnded{t->last(), "stop"});
        const QJSValue imageOnly = engine.evaluate(QStringLiteral("[{name: 'b.png'}]"));
        QVERIFY(agent->send({}, QVariant::fromValue(imageOnly)));
        QCOMPARE(t->requests.back().history.back().text, "");
        QCOMPARE(t->requests.back().history.back().attachments(), R"([{"name":"b.png"}])");
    }

    // Every C++ and JS value kind through the one conversion, with and without the converter
    // the QML side installs for QJSValue.
    void valuesConvertToJson()
    {
        using namespace koder::agent::qt;
        QJSEngine engine;
        auto js = [&engine](const char* source) {
            return QVariant::fromValue(engine.evaluate(QString::fromUtf8(source)));
        };
        QCOMPARE(variantToJsonText(js("({doc: 'v1', n: [1, 2.5, {x: true, z: null}]})")),
                 R"({"doc":"v1","n":[1,2.5,{"x":true,"z":null}]})");
        QCOMPARE(variantToJsonText(js("[[], {}, new Date(0)]")),
                 R"([[],{},"1970-01-01T00:00:00.000Z"])");
        QCOMPARE(
            variantToJsonText(QVariantMap{
                {QStringLiteral("list"), QVariant::fromValue(QList<int>{1, 2})},
                {QStringLiteral("map"),
                 QVariant::fromValue(QMap<QString, int>{{QStringLiteral("k"), 3}})},
                {QStringLiteral("hash"),
                 QVariantHash{{QStringLiteral("h"), QStringList{QStringLiteral("a")}}}},
                {QStringLiteral("json"),
                 QJsonObject{{QStringLiteral("j"), QJsonArray{1, QStringLiteral("x")}}}},
                {QStringLiteral("big"), QVariant::fromValue<qulonglong>(3'000'000'000ULL)},
                {QStringLiteral("whole"), 2.0},
                {QStringLiteral("when"), QDateTime(QDate(2024, 1, 2), QTime(3, 4, 5, 6), Qt::UTC)},
                {QStringLiteral("none"), QVariant::fromValue(nullptr)},
                {QStringLiteral("undefined"), QVariant()}}),
            R"({"big":3000000000,"hash":{"h":["a"]},"json":{"j":[1,"x"]},"list":[1,2],)"
            R"("map":{"k":3},"none":null,)"
            R"("when":"2024-01-02T03:04:05.006Z","whole":2})");
        QCOMPARE(variantToJsonText(QUrl(QStringLiteral("https://example.com/a b"))),
                 "\"https://example.com/a b\"");
        QCOMPARE(variantToJsonText(QStringLiteral("text")), R"("text")");
        QCOMPARE(variantToJsonText(QVariant()), "");
        QCOMPARE(variantToJsonText(QVariant::fromValue(nullptr)), "");

        QString error;
        QCOMPARE(variantToJsonText(QVariantList{1, std::nan("")}, &error), "");
        QCOMPARE(error, QStringLiteral("[1]: NaN cannot be represented as JSON"));
        error.clear();
        QCOMPARE(
            variantToJsonText(
                QVariantMap{{QStringLiteral("o"), QVariant::fromValue<QObject*>(this)}}, &error),
            "");
        QVERIFY2(error.startsWith(QStringLiteral("o: a value of type QObject*")),
                 qPrintable(error));
        error.clear();
        QCOMPARE(variantToJsonText(js("({a: {f: function() {}}})"), &error), "");
        QCOMPARE(error, QStringLiteral("a.f: a function cannot be represented as JSON"));

        // Without the QML side's converter (a library user with a QML engine of their own), Qt's
        // registered conversions still open JS objects and arrays.
        const ForeignValueConverter installed = setForeignValueConverter(nullptr);
        QVERIFY(installed);
        const std::string plain =
            variantToJsonText(js("({doc: 'v1', n: [1, 2.5, {x: true, z: null}], e: []})"));
        setForeignValueConverter(installed);
        QCOMPARE(plain, R"({"doc":"v1","e":[],"n":[1,2.5,{"x":true,"z":null}]})");
    }

    void cppToolResultsAreJsonOrAnError()
    {
        auto* t = useScripted();
        agent->setAutoAccept(QStringLiteral("always"));
        addTool(QStringLiteral("list"), true, [](const QJsonObject&) {
            return QVariant(
                QVariantMap{{QStringLiteral("ids"), QVariant::fromValue(QList<int>{1, 2})},
                            {QStringLiteral("at"), QDateTime::fromMSecsSinceEpoch(0, Qt::UTC)}});
        });
        addTool(QStringLiteral("odd"), true, [this](const QJsonObject&) {
            return QVariant(
                QVariantMap{{QStringLiteral("self"), QVariant::fromValue<QObject*>(this)}});
        });
        agent->send(QStringLiteral("go"));
        const RequestId id = t->last();
        t->push(ToolCallRequested{id, {"c1", "list", "{}", true}});
        t->push(ToolCallRequested{id, {"c2", "odd", "{}", true}});
        t->push(StreamEnded{id, "tool_calls"});
        QTRY_COMPARE(t->requests.size(), std::size_t(2));
        const QVariantMap list = agent->messages()->get(2);
        QCOMPARE(list.value(QStringLiteral("text")).toString(),
                 QStringLiteral(R"({"at":"1970-01-01T00:00:00.000Z","ids":[1,2]})"));
        QVERIFY(!list.value(QStringLiteral("isError")).toBool());
        const QVariantMap odd = agent->messages()->get(3);
        QVERIFY(odd.value(QStringLiteral("isError")).toBool());
        QVERIFY2(odd.value(QStringLiteral("text"))
                     .toString()
                     .contains(QStringLiteral("self: a value of type")),
                 qPrintable(odd.value(QStringLiteral("text")).toString()));
    }
};

QTEST_MAIN(TstController)
#include "tst_controller.moc"
