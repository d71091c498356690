// SPDX-License-Identifier: MIT
// KoderAgUiTransport against a real AG-UI agent: the scripted one of tests/support/agui (its
// events encoded by @ag-ui/encoder and checked against @ag-ui/core's schemas), on 127.0.0.1,
// each scenario whole and under split reads. What reaches the agent is read back from it
// (GET /requests): the RunAgentInput of every run.
#include "controllertest.h"
#include "koderaguitransport.h"
#include "koderconversationstore.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

namespace {
const QString node = QStringLiteral(KODER_NODE_EXECUTABLE);
const QString serverDir = QStringLiteral(KODER_AGUI_SERVER_DIR);
constexpr int startMs = 20'000;
constexpr int turnMs = 15'000;

QString str(const char* s)
{
    return QString::fromUtf8(s);
}
} // namespace

class TestAgUi : public ControllerTest {
    Q_OBJECT

    QProcess m_server;
    int m_port = 0;
    QNetworkAccessManager m_net;
    QTemporaryDir m_dir;
    KoderAgUiTransport* m_transport = nullptr;

    QUrl serverUrl(const QString& path) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path));
    }

    // The scripted agent's scenario, its body written `split` bytes at a time (0: an event per
    // write).
    KoderAgUiTransport* useAgUi(const QString& scenario, int split = 0)
    {
        m_transport = new KoderAgUiTransport(agent.get());
        QString path = QStringLiteral("/agent/") + scenario;
        if (split > 0)
            path += QStringLiteral("?split=%1").arg(split);
        m_transport->setUrl(serverUrl(path));
        agent->setTransport(m_transport);
        return m_transport;
    }

    QByteArray fetch(const QString& path, bool post = false)
    {
        QNetworkRequest request(serverUrl(path));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        QNetworkReply* reply = post ? m_net.post(request, QByteArray("{}")) : m_net.get(request);
        QSignalSpy done(reply, &QNetworkReply::finished);
        if (!reply->isFinished() && !done.wait(5'000))
            return {};
        const QByteArray body = reply->readAll();
        reply->deleteLater();
        return body;
    }

    // Every run the agent received, oldest first: {body, authorization, headers, clientClosed}.
    QJsonArray requests()
    {
        return QJsonDocument::fromJson(fetch(QStringLiteral("/requests"))).array();
    }
    // Run `i` as the agent received it (empty when there was none).
    QJsonObject received(int i)
    {
        const QJsonArray all = requests();
        return i < all.size() ? all[i].toObject() : QJsonObject();
    }
    QJsonObject body(int run) { return received(run).value(str("body")).toObject(); }
    // The resume entries of a run's RunAgentInput, and one of them (empty when missing).
    QJsonArray resumeOf(int run) { return body(run).value(str("resume")).toArray(); }
    QJsonObject resumeEntry(int run, int i = 0)
    {
        const QJsonArray resume = resumeOf(run);
        return i < resume.size() ? resume[i].toObject() : QJsonObject();
    }

    bool waitForEnd()
    {
        return QTest::qWaitFor(
            [&] {
                const QString s = agent->status();
                return s != QLatin1String("streaming") && s != QLatin1String("runningTool");
            },
            turnMs);
    }
    bool waitForStatus(const QString& status)
    {
        if (QTest::qWaitFor([&] { return agent->status() == status; }, turnMs))
            return true;
        qWarning() << "status" << agent->status() << "instead of" << status << agent->lastError();
        return false;
    }

    QVariantMap row(int i) const { return agent->messages()->get(i); }
    int rows() const { return agent->messages()->count(); }
    QString errorCode() const
    {
        return agent->lastError().toMap().value(QStringLiteral("code")).toString();
    }
    QVariantMap metadataOf(int i) const { return row(i).value(QStringLiteral("metadata")).toMap(); }

    static void addSplits()
    {
        QTest::addColumn<int>("split");
        QTest::newRow("event per write") << 0;
        QTest::newRow("7-byte reads") << 7;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(node), "node is not installed: run scripts/setup");
        QVERIFY2(QFile::exists(serverDir + QStringLiteral("/node_modules/@ag-ui/encoder")),
                 "the AG-UI test agent is not installed: run scripts/setup (npm ci)");
        QVERIFY(m_dir.isValid());
        m_server.setProgram(node);
        m_server.setArguments({serverDir + QStringLiteral("/scripted_agent.mjs")});
        m_server.start();
        QVERIFY(m_server.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine(), startMs);
        const QByteArray line = m_server.readLine().trimmed();
        QVERIFY2(line.startsWith("LISTENING "), line.constData());
        m_port = line.mid(10).toInt();
        QVERIFY(m_port > 0);
    }
    void cleanupTestCase()
    {
        m_server.closeWriteChannel(); // the agent exits when its stdin closes
        if (!m_server.waitForFinished(5'000))
            m_server.kill();
    }
    void init()
    {
        setUp();
        QVERIFY(!fetch(QStringLiteral("/reset"), true).isNull());
    }
    void cleanup() { tearDown(); }

    // ---- text and reasoning --------------------------------------------------------------------

    void plainText_data() { addSplits(); }
    void plainText()
    {
        QFETCH(int, split);
        useAgUi(QStringLiteral("text"), split);
        QVERIFY(agent->send(QStringLiteral("Hi")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(rows(), 2);
        QCOMPARE(lastText(), QStringLiteral("Hello, world."));
        QCOMPARE(row(1).value(QStringLiteral("messageId")).toString(),
                 QStringLiteral("msg-text-1"));
        QCOMPARE(events, (QStringList{QStringLiteral("userMessage"), QStringLiteral("streamStart"),
                                      QStringLiteral("streamToken"), QStringLiteral("streamEnd")}));

        // The RunAgentInput: the conversation is the thread, the history its messages.
        const QJsonObject sent = body(0);
        QCOMPARE(sent.value(str("threadId")).toString(), agent->conversationId());
        QVERIFY(!sent.value(str("runId")).toString().isEmpty());
        QCOMPARE(sent.value(str("state")).toObject(), QJsonObject());
        QCOMPARE(sent.value(str("forwardedProps")).toObject(), QJsonObject());
        QCOMPARE(sent.value(str("tools")).toArray(), QJsonArray());
        const QJsonArray messages = sent.value(str("messages")).toArray();
        QCOMPARE(messages.size(), 1);
        QCOMPARE(messages[0].toObject().value(str("role")).toString(), str("user"));
        QCOMPARE(messages[0].toObject().value(str("content")).toString(), str("Hi"));
        QCOMPARE(messages[0].toObject().value(str("id")).toString(),
                 row(0).value(QStringLiteral("messageId")).toString());
        QVERIFY(!sent.contains(str("resume")));
        const QJsonObject first = received(0);
        QCOMPARE(first.value(str("accept")).toString(), str("text/event-stream"));

        // The next turn sends the agent's own message back under its id, in a new run.
        QVERIFY(agent->send(QStringLiteral("Again")));
        QVERIFY(waitForEnd());
        const QJsonObject second = body(1);
        QCOMPARE(second.value(str("threadId")), sent.value(str("threadId")));
        QVERIFY(second.value(str("runId")) != sent.value(str("runId")));
        const QJsonArray again = second.value(str("messages")).toArray();
        QCOMPARE(again.size(), 3);
        QCOMPARE(again[1].toObject().value(str("id")).toString(), str("msg-text-1"));
        QCOMPARE(again[1].toObject().value(str("content")).toString(), str("Hello, world."));
    }

    void twoMessages()
    {
        useAgUi(QStringLiteral("two-messages"), 5);
        QVERIFY(agent->send(QStringLiteral("Hi")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(rows(), 3);
        QCOMPARE(row(1).value(QStringLiteral("messageId")).toString(), QStringLiteral("msg-one"));
        QCOMPARE(text(1), QStringLiteral("First."));
        QCOMPARE(row(2).value(QStringLiteral("messageId")).toString(), QStringLiteral("msg-two"));
        QCOMPARE(text(2), QStringLiteral("Second."));
        QCOMPARE(events.count(QStringLiteral("streamEnd")), 1);
    }

    void chunks_data() { addSplits(); }
    void chunks()
    {
        QFETCH(int, split);
        useAgUi(QStringLiteral("chunks"), split);
        QVERIFY(agent->send(QStringLiteral("Hi")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(text(1), QStringLiteral("Chunked text."));
        const QVariantList calls = row(1).value(QStringLiteral("toolCalls")).toList();
        QCOMPARE(calls.size(), 1);
        QCOMPARE(calls[0].toMap().value(QStringLiteral("name")).toString(),
                 QStringLiteral("lookup"));
        QCOMPARE(calls[0].toMap().value(QStringLiteral("arguments")).toMap(),
                 (QVariantMap{{QStringLiteral("q"), QStringLiteral("x")}}));
        QCOMPARE(text(2), QStringLiteral("found"));
    }

    void reasoning_data() { addSplits(); }
    void reasoning()
    {
        QFETCH(int, split);
        useAgUi(QStringLiteral("reasoning"), split);
        QVERIFY(agent->send(QStringLiteral("2+2?")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(rows(), 2);
        QCOMPARE(row(1).value(QStringLiteral("messageId")).toString(),
                 QStringLiteral("msg-answer"));
        QCOMPARE(row(1).value(QStringLiteral("reasoning")).toString(),
                 QStringLiteral("Thinking it over."));
        QCOMPARE(text(1), QStringLiteral("The answer is 4."));
        // Reasoning is not sent back.
        QVERIFY(agent->send(QStringLiteral("And?")));
        QVERIFY(waitForEnd());
        QVERIFY(!QJsonDocument(body(1)).toJson().contains("Thinking it over."));
    }

    // ---- tools -----------------------------------------------------------------------------------

    void backendTool_data() { addSplits(); }
    void backendTool()
    {
        QFETCH(int, split);
        useAgUi(QStringLiteral("backend-tool"), split);
        QVERIFY(agent->send(QStringLiteral("Weather in Oslo?")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(rows(), 4);
        const QVariantList calls = row(1).value(QStringLiteral("toolCalls")).toList();
        QCOMPARE(calls.size(), 1);
        QCOMPARE(calls[0].toMap().value(QStringLiteral("id")).toString(),
                 QStringLiteral("call-weather"));
        QCOMPARE(calls[0].toMap().value(QStringLiteral("name")).toString(),
                 QStringLiteral("get_weather"));
        QCOMPARE(row(2).value(QStringLiteral("role")).toString(), QStringLiteral("tool"));
        QCOMPARE(row(2).value(QStringLiteral("messageId")).toString(),
                 QStringLiteral("msg-weather-result"));
        QCOMPARE(text(2), QStringLiteral("Sunny, 21 °C"));
        QCOMPARE(metadataOf(2).value(QStringLiteral("ranBy")).toString(), QStringLiteral("server"));
        QCOMPARE(text(3), QStringLiteral("It is sunny in Oslo."));
        QCOMPARE(requests().size(), 1); // the agent ran it: no second run
        QVERIFY(agent->pendingToolCalls().isEmpty());
    }

    void frontendTool_data() { addSplits(); }
    void frontendTool()
    {
        QFETCH(int, split);
        useAgUi(QStringLiteral("frontend-tool"), split);
        QString ranWith;
        addTool(QStringLiteral("change_background"), false, [&](const QJsonObject& args) {
            ranWith = args.value(QStringLiteral("colour")).toString();
            return QVariant(QStringLiteral("Background is now %1.").arg(ranWith));
        });
        agent->setAutoAccept(QStringLiteral("always"));
        QVERIFY(agent->send(QStringLiteral("Make it blue")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(ranWith, QStringLiteral("blue"));
        QCOMPARE(lastText(), QStringLiteral("Tool said: Background is now blue."));
        QCOMPARE(events.count(QStringLiteral("streamStart")), 1);
        QCOMPARE(events.count(QStringLiteral("streamEnd")), 1);

        const QJsonArray runs = requests();
        QCOMPARE(runs.size(), 2);
        const QJsonObject first = runs[0].toObject().value(str("body")).toObject();
        const QJsonArray tools = first.value(str("tools")).toArray();
        QCOMPARE(tools.size(), 1);
        QCOMPARE(tools[0].toObject().value(str("name")).toString(), str("change_background"));
        QVERIFY(tools[0].toObject().value(str("parameters")).isObject());
        const QJsonObject second = runs[1].toObject().value(str("body")).toObject();
        QCOMPARE(second.value(str("threadId")), first.value(str("threadId")));
        QVERIFY(second.value(str("runId")) != first.value(str("runId")));
        const QJsonArray messages = second.value(str("messages")).toArray();
        const QJsonObject call = messages[1].toObject();
        QCOMPARE(call.value(str("role")).toString(), str("assistant"));
        QCOMPARE(call.value(str("toolCalls")).toArray()[0].toObject().value(str("id")).toString(),
                 str("call-front"));
        const QJsonObject result = messages[2].toObject();
        QCOMPARE(result.value(str("role")).toString(), str("tool"));
        QCOMPARE(result.value(str("toolCallId")).toString(), str("call-front"));
        QCOMPARE(result.value(str("content")).toString(), str("Background is now blue."));
    }

    void frontendToolWaitsForApproval()
    {
        useAgUi(QStringLiteral("frontend-tool"));
        bool ran = false;
        addTool(QStringLiteral("change_background"), false, [&](const QJsonObject&) {
            ran = true;
            return QVariant(QStringLiteral("done"));
        });
        QVERIFY(agent->send(QStringLiteral("Make it blue")));
        QVERIFY(waitForStatus(QStringLiteral("reviewingToolCall")));
        QVERIFY(!ran);
        QCOMPARE(agent->pendingToolCalls().size(), 1);
        QVERIFY(agent->denyToolCall(QStringLiteral("call-front"), QStringLiteral("No.")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QVERIFY(!ran);
        QVERIFY(lastText().startsWith(QStringLiteral("Tool said: The user denied")));
    }

    void parallelTools_data() { addSplits(); }
    void parallelTools()
    {
        QFETCH(int, split);
        useAgUi(QStringLiteral("parallel-tools"), split);
        addTool(QStringLiteral("count"), true, [](const QJsonObject& args) {
            return QVariant(QString::number(args.value(QStringLiteral("n")).toInt() * 10));
        });
        agent->setAutoAccept(QStringLiteral("always"));
        QVERIFY(agent->send(QStringLiteral("Count")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(lastText(), QStringLiteral("Results: 10 and 20"));
        const QVariantList calls = row(1).value(QStringLiteral("toolCalls")).toList();
        QCOMPARE(calls.size(), 3); // two run here, one by the agent
        QCOMPARE(requests().size(), 2);
    }

    // ---- interrupts --------------------------------------------------------------------------------

    void approvalInterrupt_data()
    {
        QTest::addColumn<int>("split");
        QTest::addColumn<bool>("approve");
        QTest::newRow("approved") << 0 << true;
        QTest::newRow("approved, 7-byte reads") << 7 << true;
        QTest::newRow("denied") << 0 << false;
    }
    void approvalInterrupt()
    {
        QFETCH(int, split);
        QFETCH(bool, approve);
        useAgUi(QStringLiteral("approval"), split);
        QVERIFY(agent->send(QStringLiteral("Delete notes.txt")));
        QVERIFY(waitForStatus(QStringLiteral("reviewingToolCall")));
        QCOMPARE(agent->abortable(), true);
        const QVariantList pending = agent->pendingToolCalls();
        QCOMPARE(pending.size(), 1);
        QCOMPARE(pending[0].toMap().value(QStringLiteral("id")).toString(),
                 QStringLiteral("call-delete"));
        QCOMPARE(pending[0].toMap().value(QStringLiteral("name")).toString(),
                 QStringLiteral("delete_file"));
        if (approve)
            QVERIFY(agent->approveToolCall(QStringLiteral("call-delete")));
        else
            QVERIFY(agent->denyToolCall(QStringLiteral("call-delete"), QStringLiteral("Keep it.")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(events.count(QStringLiteral("streamEnd")), 1);

        const QJsonArray resume = resumeOf(1);
        QCOMPARE(resume.size(), 1);
        const QJsonObject entry = resume[0].toObject();
        QCOMPARE(entry.value(str("interruptId")).toString(), str("int-approve"));
        QCOMPARE(entry.value(str("status")).toString(), str("resolved"));
        QCOMPARE(entry.value(str("payload")).toObject().value(str("approved")).toBool(), approve);
        if (approve) {
            QCOMPARE(lastText(), QStringLiteral("Deleted."));
            QCOMPARE(text(rows() - 2), QStringLiteral("Deleted notes.txt"));
        } else {
            QCOMPARE(entry.value(str("payload")).toObject().value(str("reason")).toString(),
                     str("Keep it."));
            QCOMPARE(lastText(), QStringLiteral("Kept the file."));
        }
    }

    void approvalInterruptWithEditedArguments()
    {
        useAgUi(QStringLiteral("approval"));
        QVERIFY(agent->send(QStringLiteral("Delete notes.txt")));
        QVERIFY(waitForStatus(QStringLiteral("reviewingToolCall")));
        QVERIFY(agent->approveToolCall(
            QStringLiteral("call-delete"),
            QVariantMap{{QStringLiteral("arguments"),
                         QVariantMap{{QStringLiteral("path"), QStringLiteral("old.txt")}}}}));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        const QJsonObject payload = resumeEntry(1).value(str("payload")).toObject();
        QCOMPARE(payload.value(str("approved")).toBool(), true);
        QCOMPARE(payload.value(str("arguments")).toObject(),
                 QJsonObject({{str("path"), str("old.txt")}}));
    }

    void approvalInterruptDecidedByPolicy()
    {
        useAgUi(QStringLiteral("approval"));
        agent->setToolPolicies({{QStringLiteral("delete_file"), QStringLiteral("deny")}});
        QVERIFY(agent->send(QStringLiteral("Delete notes.txt")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(lastText(), QStringLiteral("Kept the file."));
        const QJsonObject payload = resumeEntry(1).value(str("payload")).toObject();
        QCOMPARE(payload.value(str("approved")).toBool(), false);
    }

    void stoppedInterruptResumesAsCancelled()
    {
        useAgUi(QStringLiteral("approval"));
        QVERIFY(agent->send(QStringLiteral("Delete notes.txt")));
        QVERIFY(waitForStatus(QStringLiteral("reviewingToolCall")));
        agent->abort();
        QCOMPARE(agent->status(), QStringLiteral("interrupted"));
        QVERIFY(agent->pendingToolCalls().isEmpty());
        // The agent still waits on it: the next run says it was cancelled.
        QVERIFY(agent->send(QStringLiteral("Never mind")));
        QVERIFY(waitForEnd());
        const QJsonArray resume = resumeOf(1);
        QCOMPARE(resume.size(), 1);
        QCOMPARE(resume[0].toObject().value(str("status")).toString(), str("cancelled"));
        QCOMPARE(lastText(), QStringLiteral("Nothing was decided."));
    }

    void resumeSurvivesAFailedRun()
    {
        KoderAgUiTransport* t = useAgUi(QStringLiteral("approval"));
        QVERIFY(agent->send(QStringLiteral("Delete notes.txt")));
        QVERIFY(waitForStatus(QStringLiteral("reviewingToolCall")));
        // The run that resumes fails before the agent took it.
        t->setUrl(serverUrl(QStringLiteral("/agent/status-500")));
        QVERIFY(agent->approveToolCall(QStringLiteral("call-delete")));
        QVERIFY(waitForStatus(QStringLiteral("error")));
        QCOMPARE(resumeEntry(1).value(str("status")).toString(), str("resolved"));
        // The next message resumes it again, with the user's decision.
        t->setUrl(serverUrl(QStringLiteral("/agent/approval")));
        QVERIFY(agent->send(QStringLiteral("Try again")));
        QVERIFY(waitForEnd());
        const QJsonObject entry = resumeEntry(2);
        QCOMPARE(entry.value(str("interruptId")).toString(), str("int-approve"));
        QCOMPARE(entry.value(str("status")).toString(), str("resolved"));
        QCOMPARE(entry.value(str("payload")).toObject().value(str("approved")).toBool(), true);
        QCOMPARE(lastText(), QStringLiteral("Deleted."));
        // Once a run took it, it is not resumed a second time.
        QVERIFY(agent->send(QStringLiteral("Thanks")));
        QVERIFY(waitForEnd());
        QVERIFY(!body(3).contains(str("resume")));
    }

    void inputInterrupt_data() { addSplits(); }
    void inputInterrupt()
    {
        QFETCH(int, split);
        useAgUi(QStringLiteral("input"), split);
        QVERIFY(agent->send(QStringLiteral("Paint it")));
        QVERIFY(waitForStatus(QStringLiteral("awaitingInput")));
        QCOMPARE(text(1), QStringLiteral("I need one detail."));
        const QVariantList inputs = agent->pendingInputs();
        QCOMPARE(inputs.size(), 1);
        const QVariantMap input = inputs[0].toMap();
        QCOMPARE(input.value(QStringLiteral("id")).toString(), QStringLiteral("int-colour"));
        QCOMPARE(input.value(QStringLiteral("source")).toString(), QStringLiteral("agui"));
        QCOMPARE(input.value(QStringLiteral("message")).toString(),
                 QStringLiteral("Which colour?"));
        QVERIFY(
            input.value(QStringLiteral("schema")).toMap().contains(QStringLiteral("properties")));

        // The schema is checked: a colour it does not offer keeps the question waiting.
        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        QVERIFY(
            !agent->answerInput(QStringLiteral("int-colour"),
                                QVariantMap{{QStringLiteral("colour"), QStringLiteral("pink")}}));
        QCOMPARE(rejected.size(), 1);
        QCOMPARE(agent->status(), QStringLiteral("awaitingInput"));

        QVERIFY(
            agent->answerInput(QStringLiteral("int-colour"),
                               QVariantMap{{QStringLiteral("colour"), QStringLiteral("green")}}));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(lastText(), QStringLiteral("You chose green."));
        QCOMPARE(events.count(QStringLiteral("streamEnd")), 1);
        const QJsonObject entry = resumeEntry(1);
        QCOMPARE(entry.value(str("interruptId")).toString(), str("int-colour"));
        QCOMPARE(entry.value(str("status")).toString(), str("resolved"));
        QCOMPARE(entry.value(str("payload")).toObject(),
                 QJsonObject({{str("colour"), str("green")}}));
    }

    void declinedInputResumesAsCancelled()
    {
        useAgUi(QStringLiteral("input"));
        QVERIFY(agent->send(QStringLiteral("Paint it")));
        QVERIFY(waitForStatus(QStringLiteral("awaitingInput")));
        QVERIFY(agent->declineInput(QStringLiteral("int-colour")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(resumeEntry(1).value(str("status")).toString(), str("cancelled"));
        QCOMPARE(lastText(), QStringLiteral("No colour."));
    }

    void twoInterruptsResumeInOneRun()
    {
        useAgUi(QStringLiteral("two-interrupts"));
        QVERIFY(agent->send(QStringLiteral("Both")));
        QVERIFY(waitForStatus(QStringLiteral("reviewingToolCall")));
        QCOMPARE(agent->pendingInputs().size(), 1);
        const QString callId =
            agent->pendingToolCalls()[0].toMap().value(QStringLiteral("id")).toString();
        QVERIFY(agent->approveToolCall(callId));
        QVERIFY(waitForStatus(QStringLiteral("awaitingInput")));
        QCOMPARE(requests().size(), 1);
        const QString inputId =
            agent->pendingInputs()[0].toMap().value(QStringLiteral("id")).toString();
        QVERIFY(agent->answerInput(inputId,
                                   QVariantMap{{QStringLiteral("colour"), QStringLiteral("red")}}));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(requests().size(), 2);
        const QJsonArray resume = resumeOf(1);
        QCOMPARE(resume.size(), 2);
        for (const QJsonValue& entry : resume)
            QCOMPARE(entry.toObject().value(str("status")).toString(), str("resolved"));
        QVERIFY2(lastText().contains(QStringLiteral("colour=red")), qPrintable(lastText()));
    }

    void customReasonIsAQuestion()
    {
        useAgUi(QStringLiteral("custom-reason"));
        QVERIFY(agent->send(QStringLiteral("Plan")));
        QVERIFY(waitForStatus(QStringLiteral("awaitingInput")));
        QCOMPARE(agent->pendingInputs().size(), 1);
        QCOMPARE(agent->pendingInputs()[0].toMap().value(QStringLiteral("source")).toString(),
                 QStringLiteral("agui"));
        agent->abort();
    }

    // ---- shared state --------------------------------------------------------------------------------

    void stateSnapshotThenDeltas_data() { addSplits(); }
    void stateSnapshotThenDeltas()
    {
        QFETCH(int, split);
        KoderAgUiTransport* t = useAgUi(QStringLiteral("state"), split);
        QList<QVariant> seen;
        connect(t, &KoderAgUiTransport::agentStateChanged, this, [&] { seen << t->agentState(); });
        QVERIFY(agent->send(QStringLiteral("Update")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(seen.size(), 3); // the snapshot, then each delta
        QCOMPARE(QJsonDocument::fromVariant(seen[0]).object(),
                 QJsonObject({{str("count"), 0}, {str("items"), QJsonArray()}}));
        QCOMPARE(QJsonDocument::fromVariant(seen[1]).object().value(str("count")).toInt(), 1);
        const QJsonObject last = QJsonDocument::fromVariant(t->agentState()).object();
        QCOMPARE(last, QJsonObject({{str("count"), 1}, {str("items"), QJsonArray{str("a")}}}));
        QCOMPARE(lastText(), QStringLiteral("State updated."));
        // The next run sends the state as it stands.
        QVERIFY(agent->send(QStringLiteral("Again")));
        QVERIFY(waitForEnd());
        QCOMPARE(body(1).value(str("state")).toObject(), last);
    }

    void stateFollowsTheShownConversation()
    {
        KoderAgUiTransport* t = useAgUi(QStringLiteral("state"));
        QVERIFY(agent->send(QStringLiteral("Update")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        const QString first = agent->conversationId();
        const QJsonObject firstState = QJsonDocument::fromVariant(t->agentState()).object();
        QCOMPARE(firstState.value(str("count")).toInt(), 1);

        // A new conversation starts from no state; what the app sets before its first message
        // is its state, sent with its first run.
        QSignalSpy changed(t, &KoderAgUiTransport::agentStateChanged);
        agent->reset();
        QCOMPARE(changed.size(), 1);
        QCOMPARE(QJsonDocument::fromVariant(t->agentState()).object(), QJsonObject());
        t->setAgentState(QVariantMap{{QStringLiteral("mode"), QStringLiteral("second")}});
        t->setUrl(serverUrl(QStringLiteral("/agent/state-echo")));
        QVERIFY(agent->send(QStringLiteral("Echo")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QVERIFY(agent->conversationId() != first);
        QCOMPARE(body(1).value(str("state")).toObject(),
                 QJsonObject({{str("mode"), str("second")}}));
        QCOMPARE(QJsonDocument::fromVariant(t->agentState()).object(),
                 QJsonObject({{str("mode"), str("second")}}));

        // Back to the first: its own state again, and its next run sends that one.
        agent->setConversationId(first);
        QTRY_COMPARE(agent->conversationId(), first);
        QCOMPARE(QJsonDocument::fromVariant(t->agentState()).object(), firstState);
        QVERIFY(agent->send(QStringLiteral("Echo again")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(body(2).value(str("state")).toObject(), firstState);
    }

    void stateAndPropsAreSent()
    {
        KoderAgUiTransport* t = useAgUi(QStringLiteral("state-echo"));
        t->setAgentState(QVariantMap{{QStringLiteral("mode"), QStringLiteral("draft")}});
        t->setForwardedProps(QVariantMap{{QStringLiteral("model"), QStringLiteral("small")}});
        QVERIFY(agent->send(QStringLiteral("Echo")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(body(0).value(str("state")).toObject(),
                 QJsonObject({{str("mode"), str("draft")}}));
        QCOMPARE(body(0).value(str("forwardedProps")).toObject(),
                 QJsonObject({{str("model"), str("small")}}));
        QVERIFY(lastText().contains(QStringLiteral("draft")));
    }

    void patchThatDoesNotApplyKeepsTheState_data() { addSplits(); }
    void patchThatDoesNotApplyKeepsTheState()
    {
        QFETCH(int, split);
        KoderAgUiTransport* t = useAgUi(QStringLiteral("bad-patch"), split);
        QVERIFY(agent->send(QStringLiteral("Go")));
        QVERIFY(waitForStatus(QStringLiteral("error")));
        QCOMPARE(errorCode(), QStringLiteral("protocol_error"));
        QCOMPARE(QJsonDocument::fromVariant(t->agentState()).object(),
                 QJsonObject({{str("count"), 1}}));
        QVERIFY(!lastText().contains(QStringLiteral("Never reached")));
    }

    // ---- errors and the protocol's order ----------------------------------------------------------------

    void runError_data() { addSplits(); }
    void runError()
    {
        QFETCH(int, split);
        useAgUi(QStringLiteral("run-error"), split);
        agent->setMaxRetries(2);
        QVERIFY(agent->send(QStringLiteral("Go")));
        QVERIFY(waitForStatus(QStringLiteral("error")));
        QCOMPARE(errorCode(), QStringLiteral("AGENT_CRASH"));
        QCOMPARE(agent->lastError().toMap().value(QStringLiteral("retryable")).toBool(), false);
        QCOMPARE(lastText(), QStringLiteral("Working")); // what came before is kept
        QCOMPARE(requests().size(), 1);                  // never retried
    }

    void outOfOrder_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("content without a start") << QStringLiteral("order-error");
        QTest::newRow("an event after RUN_FINISHED") << QStringLiteral("after-finish");
        QTest::newRow("no RUN_STARTED first") << QStringLiteral("no-run-started");
    }
    void outOfOrder()
    {
        QFETCH(QString, scenario);
        useAgUi(scenario);
        QVERIFY(agent->send(QStringLiteral("Go")));
        QVERIFY(waitForStatus(QStringLiteral("error")));
        QCOMPARE(errorCode(), QStringLiteral("protocol_error"));
        QCOMPARE(events.count(QStringLiteral("error")), 1);
    }

    void unknownEventsAreIgnored()
    {
        useAgUi(QStringLiteral("unknown-events"), 11);
        QVERIFY(agent->send(QStringLiteral("Go")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(lastText(), QStringLiteral("Still fine."));
    }

    void largeRawEvent()
    {
        KoderAgUiTransport* t = useAgUi(QStringLiteral("large-raw"), 4096);
        QSignalSpy custom(t, &KoderAgUiTransport::customEvent);
        QVERIFY(agent->send(QStringLiteral("Go")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(lastText(), QStringLiteral("Big raw passed."));
        QCOMPARE(custom.size(), 1);
        QCOMPARE(custom[0][0].toString(), QStringLiteral("raw"));
    }

    void httpError()
    {
        useAgUi(QStringLiteral("status-500"));
        QVERIFY(agent->send(QStringLiteral("Go")));
        QVERIFY(waitForStatus(QStringLiteral("error")));
        QVERIFY(!errorCode().isEmpty());
    }

    void abortEndsTheRun()
    {
        useAgUi(QStringLiteral("slow"));
        QVERIFY(agent->send(QStringLiteral("Go")));
        QTRY_COMPARE_WITH_TIMEOUT(lastText(), QStringLiteral("Partial"), turnMs);
        agent->abort();
        QCOMPARE(agent->status(), QStringLiteral("interrupted"));
        QTRY_VERIFY_WITH_TIMEOUT(received(0).value(str("clientClosed")).toBool(), turnMs);
    }

    void noUrlFails()
    {
        auto* t = new KoderAgUiTransport(agent.get());
        agent->setTransport(t);
        QVERIFY(agent->send(QStringLiteral("Go")));
        QVERIFY(waitForStatus(QStringLiteral("error")));
        QCOMPARE(errorCode(), QStringLiteral("bad_request"));
    }

    // ---- the agent's view, its events, its usage --------------------------------------------------------

    void messagesSnapshotIsReconciled()
    {
        auto* store = new KoderConversationStore(agent.get());
        store->setPath(m_dir.filePath(QStringLiteral("snapshot.db")));
        agent->setStore(store);
        useAgUi(QStringLiteral("messages-snapshot"), 9);
        QVERIFY(agent->send(QStringLiteral("Snap")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(rows(), 3); // no duplicate of the user's message or the reply
        QCOMPARE(row(1).value(QStringLiteral("messageId")).toString(), QStringLiteral("msg-snap"));
        QCOMPARE(text(1), QStringLiteral("Snapshot reply."));
        QCOMPARE(row(2).value(QStringLiteral("messageId")).toString(), QStringLiteral("msg-extra"));
        QCOMPARE(text(2), QStringLiteral("Added by the server."));
        // Stored as shown.
        const QString id = agent->conversationId();
        agent->reset();
        agent->setConversationId(id);
        QTRY_COMPARE(rows(), 3);
        QCOMPARE(text(2), QStringLiteral("Added by the server."));
    }

    void customRawAndSteps()
    {
        KoderAgUiTransport* t = useAgUi(QStringLiteral("custom"), 6);
        QSignalSpy custom(t, &KoderAgUiTransport::customEvent);
        QVERIFY(agent->send(QStringLiteral("Go")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        QCOMPARE(custom.size(), 2);
        QCOMPARE(custom[0][0].toString(), QStringLiteral("progress"));
        QCOMPARE(custom[0][1].toMap().value(QStringLiteral("pct")).toInt(), 50);
        QCOMPARE(custom[1][0].toString(), QStringLiteral("raw"));
        QCOMPARE(custom[1][1]
                     .toMap()
                     .value(QStringLiteral("event"))
                     .toMap()
                     .value(QStringLiteral("vendor")),
                 QVariant(QStringLiteral("x")));
        QStringList kinds;
        for (const QVariant& e : agent->eventLog())
            kinds << e.toMap().value(QStringLiteral("kind")).toString() + QLatin1Char(':') +
                         e.toMap().value(QStringLiteral("subject")).toString();
        QVERIFY2(kinds.contains(QStringLiteral("serverStepStarted:plan")),
                 qPrintable(kinds.join(u' ')));
        QVERIFY(kinds.contains(QStringLiteral("serverStepFinished:plan")));
        QCOMPARE(lastText(), QStringLiteral("Custom done."));
    }

    void usageOfTheRun()
    {
        KoderAgUiTransport* t = useAgUi(QStringLiteral("usage"));
        QVERIFY(agent->send(QStringLiteral("Count")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        const QVariantMap usage = row(1).value(QStringLiteral("usage")).toMap();
        QCOMPARE(usage.value(QStringLiteral("promptTokens")).toInt(), 120);
        QCOMPARE(usage.value(QStringLiteral("completionTokens")).toInt(), 30);
        QCOMPARE(t->usage().value(QStringLiteral("promptTokens")).toInt(), 120);
    }

    void headersGoWithEveryRun()
    {
        KoderAgUiTransport* t = useAgUi(QStringLiteral("text"));
        t->setApiKey(QStringLiteral("sk-test"));
        t->setExtraHeaders({{QStringLiteral("X-Agent"), QStringLiteral("koder")}});
        QVERIFY(agent->send(QStringLiteral("Hi")));
        QVERIFY(waitForStatus(QStringLiteral("idle")));
        const QJsonObject run = received(0);
        QCOMPARE(run.value(str("authorization")).toString(), str("Bearer sk-test"));
        QCOMPARE(run.value(str("headers")).toObject().value(str("x-agent")).toString(),
                 str("koder"));
    }
};

QTEST_GUILESS_MAIN(TestAgUi)
#include "tst_agui.moc"
