// SPDX-License-Identifier: MIT
// KoderAgentController's tool calls through its public C++ API: approve and deny, auto-accept and
// the tool policies, approval options, unknown calls, tool errors and timeouts (a QML tool among
// them), and C++ tools' results as JSON.
#include "controllertest.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonObject>
#include <QtCore/QUrl>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>
#include <stdexcept>

using namespace koder::agent;

class TstControllerTools : public ControllerTest {
    Q_OBJECT

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

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

QTEST_MAIN(TstControllerTools)
#include "tst_controller_tools.moc"
