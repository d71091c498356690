// SPDX-License-Identifier: MIT
// The MCP client against real servers started by the test on this machine: the scripted stdio
// server of tests/support/mcp (exact faults, a log of what it received) and the reference
// server from npm (@modelcontextprotocol/server-everything) over stdio and over Streamable
// HTTP on 127.0.0.1. Tools join a controller's turn under the approval engine; results,
// progress, cancellation, list changes, elicitation, prompts and resources; hostile servers
// end in `failed` or a clear tool error and nothing else is affected.
#include "controllertest.h"
#include "kodermcpserver.h"
#include "mcpchannel.h"
#include "mcptesting.h"
#include "scriptedhttpserver.h"

#include <QtCore/QFile>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QProcess>
#include <QtCore/QRegularExpression>
#include <QtCore/QTemporaryDir>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace koder::agent;

namespace {
const QString node = QStringLiteral(KODER_NODE_EXECUTABLE);
const QString serversDir = QStringLiteral(KODER_MCP_SERVERS_DIR);
constexpr int startMs = 20'000; // a Node server's start on a loaded 2-core machine

QString scripted()
{
    return serversDir + QStringLiteral("/scripted_server.mjs");
}
QString everything()
{
    return serversDir +
           QStringLiteral("/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
}

QString toolNameOf(const QVariant& tool)
{
    return tool.toMap().value(QStringLiteral("name")).toString();
}
} // namespace

class TestMcp : public ControllerTest {
    Q_OBJECT

    QTemporaryDir m_dir;

    // A scripted server with `flags`, owned by the test's controller.
    KoderMcpServer* scriptedServer(const QStringList& flags = {},
                                   const QString& name = QStringLiteral("scripted"))
    {
        auto* server = new KoderMcpServer(agent.get());
        server->setName(name);
        server->setCommand(node);
        server->setArgs(QStringList{scripted()} + flags);
        return server;
    }

    static bool waitForStatus(KoderMcpServer* server, const QString& status, int ms = startMs)
    {
        if (QTest::qWaitFor([&] { return server->status() == status; }, ms))
            return true;
        qWarning() << server->name() << "is" << server->status() << server->errorString()
                   << "instead of" << status;
        return false;
    }

    // A turn in which the model (the offline agent, replying "Ok." after) calls `tool`.
    void callInTurn(const QString& tool, const QVariantMap& arguments = {})
    {
        KoderLocalAgent* local = useLocalAgent(QStringLiteral("Ok."));
        local->setToolCalls({QVariantMap{{QStringLiteral("name"), tool},
                                         {QStringLiteral("arguments"), arguments}}});
        QVERIFY(agent->send(QStringLiteral("go")));
    }

    QString logFile(const QString& name) const
    {
        return m_dir.filePath(name + QStringLiteral(".log"));
    }

    // The controller's row of the first tool message answering a call `callIdOrTool` (a call
    // id, or the tool's name).
    QVariantMap toolMessage(const QString& callIdOrTool) const
    {
        auto* model = agent->messages();
        for (int row = 0; row < model->count(); ++row) {
            const QVariantMap m = model->get(row);
            if (m.value(QStringLiteral("role")) == QLatin1String("tool") &&
                (m.value(QStringLiteral("toolCallId")) == callIdOrTool ||
                 m.value(QStringLiteral("toolName")) == callIdOrTool))
                return m;
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(node), "node is not installed: run scripts/setup");
        QVERIFY2(QFile::exists(everything()),
                 "the MCP test servers are not installed: run scripts/setup (npm ci)");
        QVERIFY(m_dir.isValid());
    }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void readyListsToolsPromptsAndResources()
    {
        KoderMcpServer* server =
            scriptedServer({QStringLiteral("--page-size"), QStringLiteral("2")});
        QCOMPARE(server->status(), QStringLiteral("disconnected"));
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        QCOMPARE(server->errorString(), QString());
        QCOMPARE(server->serverInfo().value(QStringLiteral("name")).toString(),
                 QStringLiteral("scripted"));
        QCOMPARE(server->instructions(), QStringLiteral("Scripted test server."));
        QStringList tools;
        for (const QVariant& t : server->tools())
            tools << toolNameOf(t);
        // Listed across pages of two, in the server's order.
        QVERIFY2(tools.contains(QStringLiteral("noop")) && tools.contains(QStringLiteral("echo")) &&
                     tools.contains(QStringLiteral("write_file")),
                 qPrintable(tools.join(u',')));
        QTRY_VERIFY(!server->prompts().isEmpty());
        QCOMPARE(toolNameOf(server->prompts().first()), QStringLiteral("greet"));
        QTRY_VERIFY(!server->resources().isEmpty());
        QCOMPARE(server->resources().first().toMap().value(QStringLiteral("uri")).toString(),
                 QStringLiteral("file:///hello.txt"));
    }

    void toolsJoinTheRequestNamedByServer()
    {
        ScriptedTransport* t = useScripted();
        KoderMcpServer* server = scriptedServer();
        agent->addMcpServer(server);
        addTool(QStringLiteral("own"), true, [](const QJsonObject&) { return QVariant(); });
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        QVERIFY(agent->send(QStringLiteral("hi")));
        QStringList names;
        bool noopReadOnly = false, writeReadOnly = true;
        for (const auto& spec : t->lastTools) {
            names << spec.name;
            if (spec.name == QLatin1String("scripted__noop"))
                noopReadOnly = spec.readOnly;
            if (spec.name == QLatin1String("scripted__write_file"))
                writeReadOnly = spec.readOnly;
        }
        QCOMPARE(names.first(), QStringLiteral("own")); // the app's own first
        QVERIFY(names.contains(QStringLiteral("scripted__echo")));
        QVERIFY(noopReadOnly);   // readOnlyHint: true
        QVERIFY(!writeReadOnly); // destructiveHint: true
    }

    void callThroughTurnWithApproval()
    {
        const QString log = logFile(QStringLiteral("approval"));
        KoderMcpServer* server = scriptedServer({QStringLiteral("--log"), log});
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("never"));
        callInTurn(QStringLiteral("scripted__echo"),
                   {{QStringLiteral("text"), QStringLiteral("hello")}});
        QTRY_COMPARE(agent->pendingToolCalls().size(), 1);
        const QString callId =
            agent->pendingToolCalls().first().toMap().value(QStringLiteral("id")).toString();
        QVERIFY(!mcpLoggedMethods(log).contains(
            QStringLiteral("tools/call"))); // nothing before approval
        QVERIFY(agent->approveToolCall(callId));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
        const QVariantMap result = toolMessage(callId);
        QCOMPARE(result.value(QStringLiteral("text")).toString(), QStringLiteral("hello"));
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
        QCOMPARE(lastText(), QStringLiteral("Ok."));
        QVERIFY(mcpLoggedMethods(log).contains(QStringLiteral("tools/call")));
    }

    // A waiting call approved while its server is (re)connecting, as after a restart of the
    // app, runs once the server is ready.
    void approvalWaitsForAConnectingServer()
    {
        KoderMcpServer* server = scriptedServer();
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("never"));
        callInTurn(QStringLiteral("scripted__echo"),
                   {{QStringLiteral("text"), QStringLiteral("later")}});
        QTRY_COMPARE(agent->pendingToolCalls().size(), 1);
        const QString callId =
            agent->pendingToolCalls().first().toMap().value(QStringLiteral("id")).toString();
        server->restart();
        QCOMPARE(server->status(), QStringLiteral("connecting"));
        QCOMPARE(agent->pendingToolCalls().size(), 1); // still waits for the user
        QVERIFY(agent->approveToolCall(callId));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), startMs);
        QCOMPARE(toolMessage(callId).value(QStringLiteral("text")).toString(),
                 QStringLiteral("later"));
    }

    // A call made before the server is ready waits for it; past callTimeout it fails.
    void callBeforeReadyWaits()
    {
        KoderMcpServer* server = scriptedServer();
        std::string text;
        int reports = 0;
        server->callTool(QStringLiteral("echo"), R"({"text":"queued"})", {},
                         [&](std::string t, std::string, bool isError) {
                             ++reports;
                             text = isError ? "error: " + t : t;
                         });
        QTRY_COMPARE_WITH_TIMEOUT(reports, 1, startMs);
        QCOMPARE(text, std::string("queued"));

        KoderMcpServer* hanging = scriptedServer(
            {QStringLiteral("--fault"), QStringLiteral("hang")}, QStringLiteral("hangs"));
        hanging->setCallTimeout(300);
        reports = 0;
        hanging->callTool(QStringLiteral("echo"), "{}", {},
                          [&](std::string t, std::string, bool isError) {
                              ++reports;
                              text = isError ? "error: " + t : t;
                          });
        // The wait and the handshake share callTimeout: whichever ends first reports, once.
        QVERIFY(waitForStatus(hanging, QStringLiteral("failed")));
        QTRY_COMPARE(reports, 1);
        QCoreApplication::processEvents(); // reports posted by the failure are delivered now
        QCOMPARE(reports, 1);
        QVERIFY2(text.rfind("error: The MCP server \"hangs\"", 0) == 0, text.c_str());
        QCOMPARE(hanging->errorString().isEmpty(), false);
    }

    void deniedCallNeverReachesTheServer()
    {
        const QString log = logFile(QStringLiteral("denied"));
        KoderMcpServer* server = scriptedServer({QStringLiteral("--log"), log});
        server->setToolPolicy(QStringLiteral("ask"));
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        KoderLocalAgent* local = useLocalAgent(QStringLiteral("Ok."));
        local->setToolCalls({QVariantMap{{QStringLiteral("name"), QStringLiteral("scripted__noop")},
                                         {QStringLiteral("arguments"), QVariantMap{}}}});
        agent->setAutoAccept(QStringLiteral("always")); // the server's "ask" still asks
        QVERIFY(agent->send(QStringLiteral("go")));
        QTRY_COMPARE(agent->pendingToolCalls().size(), 1);
        const QString callId =
            agent->pendingToolCalls().first().toMap().value(QStringLiteral("id")).toString();
        QVERIFY(agent->denyToolCall(callId, QStringLiteral("no")));
        QTRY_COMPARE(agent->status(), QStringLiteral("idle"));
        // A ping makes sure the server read everything sent before it.
        QVariant prompt;
        server->getPrompt(QStringLiteral("greet"), {{QStringLiteral("name"), QStringLiteral("x")}},
                          [&prompt](const QVariant& r, const QString&) { prompt = r; });
        QTRY_VERIFY(prompt.isValid());
        QVERIFY(!mcpLoggedMethods(log).contains(QStringLiteral("tools/call")));
    }

    void controllerPolicyWinsOverServerPolicy()
    {
        KoderMcpServer* server = scriptedServer();
        server->setToolPolicy(QStringLiteral("deny"));
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setToolPolicies({{QStringLiteral("scripted__echo"), QStringLiteral("allow")}});
        KoderLocalAgent* local = useLocalAgent(QStringLiteral("Ok."));
        local->setToolCalls(
            {QVariantMap{{QStringLiteral("name"), QStringLiteral("scripted__echo")},
                         {QStringLiteral("arguments"),
                          QVariantMap{{QStringLiteral("text"), QStringLiteral("a")}}}},
             QVariantMap{{QStringLiteral("name"), QStringLiteral("scripted__noop")},
                         {QStringLiteral("arguments"), QVariantMap{}}}});
        QVERIFY(agent->send(QStringLiteral("go")));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
        QCOMPARE(
            toolMessage(QStringLiteral("scripted__echo")).value(QStringLiteral("text")).toString(),
            QStringLiteral("a"));
        QVERIFY(toolMessage(QStringLiteral("scripted__noop"))
                    .value(QStringLiteral("metadata"))
                    .toMap()
                    .value(QStringLiteral("approval"))
                    .toMap()
                    .value(QStringLiteral("decision")) == QLatin1String("denied"));
    }

    void errorsAreFailedTools_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("text");
        QTest::newRow("isError") << QStringLiteral("is-error") << QStringLiteral("boom");
        QTest::newRow("rpc error")
            << QStringLiteral("rpc-error") << QStringLiteral("Tool exploded");
        QTest::newRow("not an object") << QStringLiteral("bad-result") << QStringLiteral("object");
    }
    void errorsAreFailedTools()
    {
        QFETCH(QString, fault);
        QFETCH(QString, text);
        KoderMcpServer* server = scriptedServer({QStringLiteral("--fault"), fault});
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("always"));
        callInTurn(QStringLiteral("scripted__noop"));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
        const QVariantMap result = toolMessage(QStringLiteral("scripted__noop"));
        QVERIFY(result.value(QStringLiteral("isError")).toBool());
        QVERIFY2(result.value(QStringLiteral("text")).toString().contains(text),
                 qPrintable(result.value(QStringLiteral("text")).toString()));
        QCOMPARE(server->status(), QStringLiteral("ready")); // a failed call is not a failed server
    }

    void progressShowsAndAbortCancels()
    {
        const QString log = logFile(QStringLiteral("progress"));
        KoderMcpServer* server = scriptedServer({QStringLiteral("--log"), log});
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("always"));
        callInTurn(QStringLiteral("scripted__slow"));
        // The assistant row's call shows the server's progress.
        auto progressOfCall = [this] {
            auto* model = agent->messages();
            for (int row = 0; row < model->count(); ++row)
                for (const QVariant& call :
                     model->get(row).value(QStringLiteral("toolCalls")).toList())
                    if (call.toMap().value(QStringLiteral("name")) ==
                        QLatin1String("scripted__slow"))
                        return call.toMap();
            return QVariantMap();
        };
        QTRY_COMPARE_WITH_TIMEOUT(progressOfCall().value(QStringLiteral("progress")).toDouble(),
                                  3.0, 10'000);
        QCOMPARE(progressOfCall().value(QStringLiteral("total")).toDouble(), 3.0);
        QVERIFY(!progressOfCall().value(QStringLiteral("progressMessage")).toString().isEmpty());
        agent->abort();
        QCOMPARE(agent->status(), QStringLiteral("interrupted"));
        QVERIFY(!progressOfCall().contains(QStringLiteral("progress"))); // gone with the turn
        QTRY_VERIFY(mcpLoggedMethods(log).contains(QStringLiteral("notifications/cancelled")));
    }

    // A server destroyed while its call runs: the call ends as a failed tool and the turn goes
    // on (it never waits for a result that cannot come).
    void serverRemovedDuringACall()
    {
        KoderMcpServer* server = scriptedServer();
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("always"));
        callInTurn(QStringLiteral("scripted__slow"));
        QTRY_COMPARE(agent->status(), QStringLiteral("runningTool"));
        delete server;
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
        const QVariantMap result = toolMessage(QStringLiteral("scripted__slow"));
        QVERIFY(result.value(QStringLiteral("isError")).toBool());
        QVERIFY(
            result.value(QStringLiteral("text")).toString().contains(QStringLiteral("removed")));
        QVERIFY(agent->mcpServerList().isEmpty());
    }

    void callTimeoutCancelsOnTheServer()
    {
        const QString log = logFile(QStringLiteral("timeout"));
        KoderMcpServer* server = scriptedServer(
            {QStringLiteral("--fault"), QStringLiteral("hang-call"), QStringLiteral("--log"), log});
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        server->setCallTimeout(300);
        agent->setAutoAccept(QStringLiteral("always"));
        callInTurn(QStringLiteral("scripted__noop"));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
        const QVariantMap result = toolMessage(QStringLiteral("scripted__noop"));
        QVERIFY(result.value(QStringLiteral("isError")).toBool());
        QVERIFY(
            result.value(QStringLiteral("text")).toString().contains(QStringLiteral("timed out")));
        QTRY_VERIFY(mcpLoggedMethods(log).contains(QStringLiteral("notifications/cancelled")));
        QCOMPARE(server->status(), QStringLiteral("ready"));
    }

    void listChangedReachesTheNextRequest()
    {
        KoderMcpServer* server = scriptedServer();
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("always"));
        ScriptedTransport* t = useScripted();
        QVERIFY(agent->send(QStringLiteral("go")));
        auto offered = [t](const QString& name) {
            for (const auto& spec : t->lastTools)
                if (spec.name == name)
                    return true;
            return false;
        };
        QVERIFY(!offered(QStringLiteral("scripted__added")));
        const RequestId first = t->last();
        t->push(StreamStarted{first});
        t->push(ToolCallRequested{first, {"c1", "scripted__add_tool", "{}", false}});
        t->push(StreamEnded{first, "tool_calls", {}});
        // The call adds a tool and says so; the same turn's next request carries it.
        QTRY_VERIFY_WITH_TIMEOUT(t->last() != first, 10'000);
        QTRY_VERIFY(server->tools().size() > 0);
        QVERIFY2(offered(QStringLiteral("scripted__added")), "the next request lacks the new tool");
    }

    void elicitationIsAPendingInput()
    {
        KoderMcpServer* server = scriptedServer();
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("always"));
        callInTurn(QStringLiteral("scripted__ask"));
        QTRY_COMPARE_WITH_TIMEOUT(agent->pendingInputs().size(), 1, 10'000);
        QCOMPARE(agent->status(), QStringLiteral("awaitingInput"));
        const QVariantMap input = agent->pendingInputs().first().toMap();
        QCOMPARE(input.value(QStringLiteral("source")).toString(), QStringLiteral("mcp"));
        const QString id = input.value(QStringLiteral("id")).toString();
        // A refused answer keeps it waiting.
        QVERIFY(!agent->answerInput(
            id, QVariantMap{{QStringLiteral("colour"), QStringLiteral("blue")}}));
        QVERIFY(
            agent->answerInput(id, QVariantMap{{QStringLiteral("colour"), QStringLiteral("red")}}));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
        QCOMPARE(
            toolMessage(QStringLiteral("scripted__ask")).value(QStringLiteral("text")).toString(),
            QStringLiteral("accepted {\"colour\":\"red\"}"));
    }

    void elicitationDeclined()
    {
        KoderMcpServer* server = scriptedServer();
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("always"));
        callInTurn(QStringLiteral("scripted__ask"));
        QTRY_COMPARE_WITH_TIMEOUT(agent->pendingInputs().size(), 1, 10'000);
        QVERIFY(agent->declineInput(
            agent->pendingInputs().first().toMap().value(QStringLiteral("id")).toString()));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
        QCOMPARE(
            toolMessage(QStringLiteral("scripted__ask")).value(QStringLiteral("text")).toString(),
            QStringLiteral("declined"));
    }

    void promptAndResource()
    {
        KoderMcpServer* server = scriptedServer();
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        int calls = 0;
        QVariant prompt;
        server->getPrompt(QStringLiteral("greet"),
                          {{QStringLiteral("name"), QStringLiteral("Ada")}},
                          [&](const QVariant& result, const QString& error) {
                              ++calls;
                              QVERIFY(error.isEmpty());
                              prompt = result;
                          });
        QTRY_COMPARE(calls, 1);
        const QVariantMap message =
            prompt.toMap().value(QStringLiteral("messages")).toList().first().toMap();
        QCOMPARE(message.value(QStringLiteral("content"))
                     .toMap()
                     .value(QStringLiteral("text"))
                     .toString(),
                 QStringLiteral("Hello, Ada"));
        QVariant resource;
        QString resourceError = QStringLiteral("unset");
        server->readResource(QStringLiteral("file:///hello.txt"),
                             [&](const QVariant& r, const QString& e) {
                                 resource = r;
                                 resourceError = e;
                             });
        QTRY_VERIFY(resource.isValid());
        QCOMPARE(resourceError, QString());
        QCOMPARE(resource.toMap()
                     .value(QStringLiteral("contents"))
                     .toList()
                     .first()
                     .toMap()
                     .value(QStringLiteral("text"))
                     .toString(),
                 QStringLiteral("hello"));
        // An unknown prompt: the server's error, once.
        QString error;
        int errors = 0;
        server->getPrompt(QStringLiteral("nope"), {}, [&](const QVariant&, const QString& e) {
            ++errors;
            error = e;
        });
        QTRY_COMPARE(errors, 1);
        QVERIFY(!error.isEmpty());
    }

    void hostileServers_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("error");
        QTest::newRow("dies after init") << QStringLiteral("die-after-init")
                                         << QStringLiteral("failed") << QStringLiteral("exited");
        QTest::newRow("hangs") << QStringLiteral("hang") << QStringLiteral("failed")
                               << QStringLiteral("in time");
        QTest::newRow("20 MiB line") << QStringLiteral("huge-line") << QStringLiteral("failed")
                                     << QStringLiteral("larger than");
        QTest::newRow("10,000 tools") << QStringLiteral("many-tools") << QStringLiteral("failed")
                                      << QStringLiteral("more than");
        QTest::newRow("unknown ids")
            << QStringLiteral("unknown-ids") << QStringLiteral("ready") << QString();
        QTest::newRow("garbage lines")
            << QStringLiteral("garbage") << QStringLiteral("ready") << QString();
        QTest::newRow("stderr chatter")
            << QStringLiteral("stderr-chatter") << QStringLiteral("ready") << QString();
    }
    void hostileServers()
    {
        QFETCH(QString, fault);
        QFETCH(QString, status);
        QFETCH(QString, error);
        KoderMcpServer* server = scriptedServer({QStringLiteral("--fault"), fault});
        server->setCallTimeout(3000);
        KoderMcpServer* healthy = scriptedServer({}, QStringLiteral("healthy"));
        agent->addMcpServer(server);
        agent->addMcpServer(healthy);
        QVERIFY(waitForStatus(healthy, QStringLiteral("ready")));
        QVERIFY(waitForStatus(server, status));
        if (!error.isEmpty())
            QVERIFY2(server->errorString().contains(error), qPrintable(server->errorString()));
        QVERIFY(healthy->isReady()); // nothing else is affected
        if (status == QLatin1String("ready")) {
            // It still works: a call goes through.
            agent->setAutoAccept(QStringLiteral("always"));
            KoderLocalAgent* local = useLocalAgent(QStringLiteral("Ok."));
            local->setToolCalls(
                {QVariantMap{{QStringLiteral("name"), QStringLiteral("scripted__echo")},
                             {QStringLiteral("arguments"),
                              QVariantMap{{QStringLiteral("text"), QStringLiteral("still")}}}}});
            QVERIFY(agent->send(QStringLiteral("go")));
            QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
            QCOMPARE(toolMessage(QStringLiteral("scripted__echo"))
                         .value(QStringLiteral("text"))
                         .toString(),
                     QStringLiteral("still"));
        }
    }

    void serverThatDiesOnACall()
    {
        KoderMcpServer* server =
            scriptedServer({QStringLiteral("--fault"), QStringLiteral("die-on-call")});
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("always"));
        callInTurn(QStringLiteral("scripted__noop"));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
        QVERIFY(toolMessage(QStringLiteral("scripted__noop"))
                    .value(QStringLiteral("isError"))
                    .toBool());
        QCOMPARE(server->status(), QStringLiteral("failed"));
        QVERIFY(!server->errorString().isEmpty());
        QVERIFY(server->tools().isEmpty());
    }

    void twoServersWithOneName()
    {
        KoderMcpServer* first = scriptedServer();
        KoderMcpServer* second = scriptedServer();
        agent->addMcpServer(first);
        agent->addMcpServer(second);
        QVERIFY(waitForStatus(first, QStringLiteral("ready")));
        QVERIFY(waitForStatus(second, QStringLiteral("failed")));
        QVERIFY(second->errorString().contains(QStringLiteral("scripted")));
    }

    void disabledServerStopsAndItsToolsGo()
    {
        ScriptedTransport* t = useScripted();
        KoderMcpServer* server = scriptedServer();
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        server->setEnabled(false);
        QCOMPARE(server->status(), QStringLiteral("disconnected"));
        QVERIFY(agent->send(QStringLiteral("hi")));
        QVERIFY(t->lastTools.isEmpty());
        server->setEnabled(true);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
    }

    void environmentIsMinimal()
    {
        QProcessEnvironment base;
        base.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin"));
        base.insert(QStringLiteral("HOME"), QStringLiteral("/home/u"));
        base.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        base.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-secret"));
        const QProcessEnvironment env = McpStdioChannel::serverEnvironment(
            base, {{QStringLiteral("TOKEN"), QStringLiteral("given")}});
        QCOMPARE(env.value(QStringLiteral("PATH")), QStringLiteral("/usr/bin"));
        QCOMPARE(env.value(QStringLiteral("LC_ALL")), QStringLiteral("C.UTF-8"));
        QCOMPARE(env.value(QStringLiteral("TOKEN")), QStringLiteral("given"));
        QVERIFY(!env.contains(QStringLiteral("OPENAI_API_KEY")));
    }

    void configurationFile()
    {
        QStringList problems;
        const QList<KoderMcpServer*> servers = KoderMcpServer::fromConfiguration(
            "{\"mcpServers\": {"
            " \"files\": {\"command\": \"npx\", \"args\": [\"-y\", \"server\"], \"env\": "
            "{\"ROOT\": \"/tmp\"}},"
            " \"remote\": {\"url\": \"https://example.com/mcp\", \"headers\": {\"Authorization\": "
            "\"Bearer k\"}},"
            " \"off\": {\"command\": \"x\", \"disabled\": true},"
            " \"broken\": {\"args\": []}}}",
            agent.get(), &problems);
        QCOMPARE(servers.size(), 3);
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems.first().contains(QStringLiteral("broken")));
        QHash<QString, KoderMcpServer*> byName;
        for (KoderMcpServer* s : servers)
            byName.insert(s->name(), s);
        QCOMPARE(byName[QStringLiteral("files")]->args(),
                 QStringList({QStringLiteral("-y"), QStringLiteral("server")}));
        QCOMPARE(
            byName[QStringLiteral("files")]->environment().value(QStringLiteral("ROOT")).toString(),
            QStringLiteral("/tmp"));
        QCOMPARE(byName[QStringLiteral("remote")]->url(),
                 QUrl(QStringLiteral("https://example.com/mcp")));
        QCOMPARE(byName[QStringLiteral("remote")]
                     ->headers()
                     .value(QStringLiteral("Authorization"))
                     .toString(),
                 QStringLiteral("Bearer k"));
        QVERIFY(!byName[QStringLiteral("off")]->enabled());
        QCOMPARE(byName[QStringLiteral("off")]->status(), QStringLiteral("disconnected"));
        problems.clear();
        QVERIFY(KoderMcpServer::fromConfiguration("not json", agent.get(), &problems).isEmpty());
        QCOMPARE(problems.size(), 1);
        // Deleted before the event loop would start them.
        qDeleteAll(servers);
    }

    // ---- Streamable HTTP against a scripted local server: the exact bytes ----

    static QByteArray initializeResult()
    {
        return R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25",)"
               R"("capabilities":{},"serverInfo":{"name":"http","version":"1"}}})";
    }

    // The session id the server gives goes back with every request, with the negotiated
    // revision and the app's headers; stopping ends the session (DELETE).
    void httpSessionAndHeaders()
    {
        ScriptedHttpServer http;
        QVERIFY(http.listen());
        const QList<QPair<QByteArray, QByteArray>> json{{"Content-Type", "application/json"},
                                                        {"Mcp-Session-Id", "session-7"}};
        http.enqueue(ScriptedHttpServer::status(200, initializeResult(), json));
        http.enqueue(ScriptedHttpServer::status(202, {})); // notifications/initialized
        http.enqueue(ScriptedHttpServer::status(202, {})); // the GET stream: none today
        http.enqueue(ScriptedHttpServer::sse(              // prompts/get, as an event stream
            "id: 1\ndata: \n\n"                            // a priming event, empty
            R"(data: {"jsonrpc":"2.0","id":2,"result":{"messages":[]}})"
            "\n\n"));
        http.enqueue(ScriptedHttpServer::status(200, {})); // DELETE
        auto* server = new KoderMcpServer(agent.get());
        server->setName(QStringLiteral("http"));
        server->setUrl(http.baseUrl().resolved(QUrl(QStringLiteral("/mcp"))));
        server->setHeaders({{QStringLiteral("X-Key"), QStringLiteral("k1")}});
        QVERIFY(waitForStatus(server, QStringLiteral("ready"), 5000));
        // initialize, then notifications/initialized, then (once that is accepted) the GET
        // stream: the server answers in the order requests arrive.
        QTRY_COMPARE(http.received().size(), 3);
        QCOMPARE(http.received()[2].method, QByteArray("GET"));
        QVariant result;
        server->getPrompt(QStringLiteral("p"), {},
                          [&](const QVariant& r, const QString&) { result = r; });
        QTRY_VERIFY(result.isValid());
        QCOMPARE(result.toMap().value(QStringLiteral("messages")).toList().size(), 0);
        delete server;
        QTRY_COMPARE(http.received().size(), 5);
        const auto& first = http.received().first();
        QCOMPARE(first.method, QByteArray("POST"));
        QVERIFY(first.headers.value("accept").contains("text/event-stream"));
        QCOMPARE(first.headers.value("x-key"), QByteArray("k1"));
        QVERIFY(!first.headers.contains("mcp-session-id"));
        for (qsizetype i = 1; i < http.received().size(); ++i) {
            const auto& r = http.received()[i];
            QCOMPARE(r.headers.value("mcp-session-id"), QByteArray("session-7"));
            QCOMPARE(r.headers.value("mcp-protocol-version"), QByteArray("2025-11-25"));
            QCOMPARE(r.headers.value("x-key"), QByteArray("k1"));
        }
        QCOMPARE(http.received().last().method, QByteArray("DELETE"));
    }

    // A redirect to another origin is never followed: the app's headers stay with the
    // configured server, which fails saying why.
    void httpRedirectElsewhereIsRefused()
    {
        ScriptedHttpServer http, elsewhere;
        QVERIFY(http.listen());
        QVERIFY(elsewhere.listen());
        const QByteArray target =
            elsewhere.baseUrl().resolved(QUrl(QStringLiteral("/mcp"))).toEncoded();
        http.enqueue(ScriptedHttpServer::status(307, {}, {{"Location", target}}));
        auto* server = new KoderMcpServer(agent.get());
        server->setName(QStringLiteral("http"));
        server->setUrl(http.baseUrl().resolved(QUrl(QStringLiteral("/mcp"))));
        server->setHeaders({{QStringLiteral("Authorization"), QStringLiteral("Bearer secret")}});
        QVERIFY(waitForStatus(server, QStringLiteral("failed"), 5000));
        QVERIFY2(server->errorString().contains(QStringLiteral("redirected")),
                 qPrintable(server->errorString()));
        QCOMPARE(elsewhere.received().size(), 0);
    }

    // A session the server no longer knows (404) fails the server: nothing restarts by itself.
    void httpSessionGoneFailsTheServer()
    {
        ScriptedHttpServer http;
        QVERIFY(http.listen());
        http.enqueue(ScriptedHttpServer::status(
            200, initializeResult(),
            {{"Content-Type", "application/json"}, {"Mcp-Session-Id", "s"}}));
        http.enqueue(ScriptedHttpServer::status(202, {}));
        http.enqueue(ScriptedHttpServer::status(202, {}));
        http.enqueue(ScriptedHttpServer::status(404, "no such session"));
        auto* server = new KoderMcpServer(agent.get());
        server->setName(QStringLiteral("http"));
        server->setUrl(http.baseUrl().resolved(QUrl(QStringLiteral("/mcp"))));
        QVERIFY(waitForStatus(server, QStringLiteral("ready"), 5000));
        QTRY_COMPARE(http.received().size(), 3); // the GET stream came before the request
        QString error;
        server->readResource(QStringLiteral("file:///x"),
                             [&](const QVariant&, const QString& e) { error = e; });
        QVERIFY(waitForStatus(server, QStringLiteral("failed"), 5000));
        QTRY_VERIFY(!error.isEmpty()); // the waiting request ends too
        QVERIFY(server->errorString().contains(QStringLiteral("session")));
    }

    // ---- the reference server from npm ----

    void everythingOverStdio()
    {
        auto* server = new KoderMcpServer(agent.get());
        server->setName(QStringLiteral("everything"));
        server->setCommand(node);
        server->setArgs({everything(), QStringLiteral("stdio")});
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        QStringList tools;
        for (const QVariant& t : server->tools())
            tools << toolNameOf(t);
        QVERIFY2(tools.contains(QStringLiteral("echo")), qPrintable(tools.join(u',')));
        agent->setAutoAccept(QStringLiteral("always"));
        KoderLocalAgent* local = useLocalAgent(QStringLiteral("Ok."));
        local->setToolCalls(
            {QVariantMap{{QStringLiteral("name"), QStringLiteral("everything__echo")},
                         {QStringLiteral("arguments"),
                          QVariantMap{{QStringLiteral("message"), QStringLiteral("hi")}}}},
             QVariantMap{{QStringLiteral("name"), QStringLiteral(KODER_EVERYTHING_IMAGE_TOOL)},
                         {QStringLiteral("arguments"), QVariantMap{}}},
             QVariantMap{{QStringLiteral("name"), QStringLiteral(KODER_EVERYTHING_STRUCTURED_TOOL)},
                         {QStringLiteral("arguments"),
                          QVariantMap{{QStringLiteral("location"), QStringLiteral("New York")}}}}});
        QVERIFY(agent->send(QStringLiteral("go")));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 20'000);
        QVERIFY(toolMessage(QStringLiteral("everything__echo"))
                    .value(QStringLiteral("text"))
                    .toString()
                    .contains(QStringLiteral("hi")));
        // The image is kept in metadata.content for the APIs that take it.
        const QVariantList content = toolMessage(QStringLiteral(KODER_EVERYTHING_IMAGE_TOOL))
                                         .value(QStringLiteral("metadata"))
                                         .toMap()
                                         .value(QStringLiteral("content"))
                                         .toList();
        bool image = false;
        for (const QVariant& part : content)
            image = image || part.toMap().value(QStringLiteral("type")) == QLatin1String("image");
        QVERIFY(image);
        const QVariantMap structured =
            toolMessage(QStringLiteral(KODER_EVERYTHING_STRUCTURED_TOOL));
        QVERIFY(structured.value(QStringLiteral("metadata"))
                    .toMap()
                    .contains(QStringLiteral("structuredContent")));
    }

    KoderMcpServer* everythingServer()
    {
        auto* server = new KoderMcpServer(agent.get());
        server->setName(QStringLiteral("everything"));
        server->setCommand(node);
        server->setArgs({everything(), QStringLiteral("stdio")});
        agent->addMcpServer(server);
        return server;
    }

    // The reference server adds tools after the handshake and says so (tools/list_changed):
    // the list is read again and the elicitation tool joins.
    void everythingListChangedAddsTools()
    {
        KoderMcpServer* server = everythingServer();
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        auto names = [server] {
            QStringList list;
            for (const QVariant& t : server->tools())
                list << toolNameOf(t);
            return list;
        };
        QTRY_VERIFY_WITH_TIMEOUT(names().contains(QStringLiteral("trigger-elicitation-request")),
                                 10'000);
    }

    // Approval, progress, then a stop: the server hears notifications/cancelled and the turn
    // ends at once.
    void everythingApprovalProgressAndCancel()
    {
        KoderMcpServer* server = everythingServer();
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        agent->setAutoAccept(QStringLiteral("never"));
        callInTurn(QStringLiteral("everything__trigger-long-running-operation"),
                   QVariantMap{{QStringLiteral("duration"), 30}, {QStringLiteral("steps"), 30}});
        QTRY_COMPARE_WITH_TIMEOUT(agent->pendingToolCalls().size(), 1, 10'000);
        const QString callId =
            agent->pendingToolCalls().first().toMap().value(QStringLiteral("id")).toString();
        QVERIFY(agent->approveToolCall(callId));
        auto progress = [this, callId] {
            auto* model = agent->messages();
            for (int row = 0; row < model->count(); ++row)
                for (const QVariant& call :
                     model->get(row).value(QStringLiteral("toolCalls")).toList())
                    if (call.toMap().value(QStringLiteral("id")) == callId)
                        return call.toMap().value(QStringLiteral("progress"), -1).toDouble();
            return -1.0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(progress() >= 1, 10'000);
        agent->abort();
        QCOMPARE(agent->status(), QStringLiteral("interrupted"));
        QCOMPARE(agent->abortable(), false);
        QCOMPARE(server->status(),
                 QStringLiteral("ready")); // a stopped call is not a failed server
    }

    // The reference server's form (13 fields: formats, bounds, titled choices, defaults) is a
    // pending input; an answer with the required field only goes back with the defaults.
    void everythingElicitation()
    {
        KoderMcpServer* server = everythingServer();
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        QTRY_VERIFY_WITH_TIMEOUT(server->tools().size() > 10, 10'000);
        agent->setAutoAccept(QStringLiteral("always"));
        callInTurn(QStringLiteral("everything__trigger-elicitation-request"));
        QTRY_COMPARE_WITH_TIMEOUT(agent->pendingInputs().size(), 1, 10'000);
        const QVariantMap input = agent->pendingInputs().first().toMap();
        QVERIFY(input.value(QStringLiteral("fields")).toList().size() > 5);
        QVERIFY(agent->answerInput(input.value(QStringLiteral("id")).toString(),
                                   QVariantMap{{QStringLiteral("name"), QStringLiteral("Ada")}}));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 10'000);
        const QString text = toolMessage(QStringLiteral("everything__trigger-elicitation-request"))
                                 .value(QStringLiteral("text"))
                                 .toString();
        QVERIFY2(text.contains(QStringLiteral("Ada")), qPrintable(text));
    }

    void everythingPromptAndResource()
    {
        KoderMcpServer* server = everythingServer();
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        QVariant prompt, resource;
        server->getPrompt(QStringLiteral("args-prompt"),
                          {{QStringLiteral("city"), QStringLiteral("Paris")}},
                          [&](const QVariant& r, const QString&) { prompt = r; });
        server->readResource(QStringLiteral("demo://resource/static/document/architecture.md"),
                             [&](const QVariant& r, const QString&) { resource = r; });
        QTRY_VERIFY_WITH_TIMEOUT(prompt.isValid() && resource.isValid(), 10'000);
        QVERIFY(QJsonDocument::fromVariant(prompt).toJson().contains("Paris"));
        QVERIFY(!resource.toMap().value(QStringLiteral("contents")).toList().isEmpty());
        QVERIFY(!server->prompts().isEmpty());
        QVERIFY(!server->resources().isEmpty());
    }

    void everythingOverHttp()
    {
        QProcess http;
        http.setProgram(node);
        http.setArguments({serversDir + QStringLiteral("/everything_http.mjs")});
        http.start();
        QVERIFY(http.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(http.canReadLine(), startMs);
        const QByteArray line = http.readLine().trimmed();
        QVERIFY2(line.startsWith("LISTENING "), line.constData());
        const int port = line.mid(10).toInt();
        auto* server = new KoderMcpServer(agent.get());
        server->setName(QStringLiteral("remote"));
        server->setUrl(QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(port)));
        server->setHeaders({{QStringLiteral("X-Test"), QStringLiteral("1")}});
        agent->addMcpServer(server);
        QVERIFY(waitForStatus(server, QStringLiteral("ready")));
        QVERIFY(!server->tools().isEmpty());
        agent->setAutoAccept(QStringLiteral("always"));
        callInTurn(QStringLiteral("remote__echo"),
                   QVariantMap{{QStringLiteral("message"), QStringLiteral("over http")}});
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("idle"), 20'000);
        QVERIFY(toolMessage(QStringLiteral("remote__echo"))
                    .value(QStringLiteral("text"))
                    .toString()
                    .contains(QStringLiteral("over http")));
        delete server; // ends the session (DELETE) before the server process goes
        http.closeWriteChannel();
        QVERIFY(http.waitForFinished(5000));
    }
};

QTEST_GUILESS_MAIN(TestMcp)
#include "tst_mcp.moc"
