// SPDX-License-Identifier: MIT
// One generic suite for the behaviour every transport shares (stream, abort, tool round trip,
// error, usage, two conversations at once), instantiated for KoderOpenAiTransport (HTTP + SSE),
// KoderResponsesTransport (Responses API, SSE), KoderAnthropicTransport (Messages API, SSE),
// KoderOllamaTransport (/api/chat, NDJSON) and KoderWebSocketTransport (aichat.v1), each
// against its real local server: the immer habit of one body, many types.
#include "aichatserver.h"
#include "koderagentcontroller.h"
#include "koderanthropictransport.h"
#include "kodermessagemodel.h"
#include "koderollamatransport.h"
#include "koderopenaitransport.h"
#include "koderresponsestransport.h"
#include "kodertool.h"
#include "koderwebsockettransport.h"
#include "providerstreams.h"
#include "scriptedhttpserver.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <gtest/gtest.h>

#include <optional>

using namespace koder::agent;
using namespace koder::test;

namespace {

// ---- backends: a transport and its server, scripted the same way -------------------------------

// The four HTTP dialects, each the bytes its API streams and where its requests carry a tool's
// result: all that tells one HTTP backend from another.
struct OpenAiDialect {
    static constexpr auto history = "messages";
    static KoderTransport* make(QObject* parent, const QUrl& baseUrl)
    {
        auto* t = new KoderOpenAiTransport(parent);
        t->setBaseUrl(baseUrl);
        return t;
    }
    static QByteArray reply(const QStringList& tokens, bool finish)
    {
        return openAiReply(tokens, finish);
    }
    static QByteArray toolCall(const QString& callId, const QString& name, const QJsonObject& args)
    {
        const QJsonObject call{
            {QStringLiteral("index"), 0},
            {QStringLiteral("id"), callId},
            {QStringLiteral("type"), QStringLiteral("function")},
            {QStringLiteral("function"),
             QJsonObject{{QStringLiteral("name"), name},
                         {QStringLiteral("arguments"),
                          QString::fromUtf8(QJsonDocument(args).toJson(QJsonDocument::Compact))}}}};
        return openAiChunk({{QStringLiteral("tool_calls"), QJsonArray{call}}}) +
               openAiChunk({}, QStringLiteral("tool_calls")) + "data: [DONE]\n\n";
    }
    static ScriptedHttpServer::Response overloaded()
    {
        return ScriptedHttpServer::status(
            503, R"({"error":{"message":"busy","type":"overloaded_error"}})");
    }
    /// The result for `callId` in one message of a request, if it is there.
    static std::optional<QString> toolResult(const QJsonObject& message, const QString& callId,
                                             const QString& /*toolName*/)
    {
        if (message.value(QStringLiteral("tool_call_id")).toString() == callId)
            return message.value(QStringLiteral("content")).toString();
        return std::nullopt;
    }
};

// Stateless: the tool's result goes back as a function_call_output input item.
struct ResponsesDialect {
    static constexpr auto history = "input";
    static KoderTransport* make(QObject* parent, const QUrl& baseUrl)
    {
        auto* t = new KoderResponsesTransport(parent);
        t->setBaseUrl(baseUrl);
        t->setApiKey(QStringLiteral("sk-test"));
        return t;
    }
    static QByteArray reply(const QStringList& tokens, bool finish)
    {
        return responsesReply(tokens, finish);
    }
    static QByteArray toolCall(const QString& callId, const QString& name, const QJsonObject& args)
    {
        return responsesCreated() + responsesFunctionCall(0, callId, name, args) +
               responsesCompleted();
    }
    static ScriptedHttpServer::Response overloaded()
    {
        return ScriptedHttpServer::status(
            503, R"({"error":{"message":"busy","type":"overloaded_error"}})");
    }
    static std::optional<QString> toolResult(const QJsonObject& item, const QString& callId,
                                             const QString& /*toolName*/)
    {
        if (item.value(QStringLiteral("type")).toString() ==
                QLatin1String("function_call_output") &&
            item.value(QStringLiteral("call_id")).toString() == callId)
            return item.value(QStringLiteral("output")).toString();
        return std::nullopt;
    }
};

struct AnthropicDialect {
    static constexpr auto history = "messages";
    static KoderTransport* make(QObject* parent, const QUrl& baseUrl)
    {
        auto* t = new KoderAnthropicTransport(parent);
        t->setBaseUrl(baseUrl);
        t->setApiKey(QStringLiteral("sk-ant-test"));
        return t;
    }
    static QByteArray reply(const QStringList& tokens, bool finish)
    {
        return anthropicReply(tokens, finish);
    }
    static QByteArray toolCall(const QString& callId, const QString& name, const QJsonObject& args)
    {
        const QByteArray toolUse = anthropicToolUse(0, callId, name, args);
        return anthropicStart() + toolUse + anthropicEnd(QStringLiteral("tool_use"));
    }
    static ScriptedHttpServer::Response overloaded()
    {
        return ScriptedHttpServer::status(
            529, R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})");
    }
    static std::optional<QString> toolResult(const QJsonObject& message, const QString& callId,
                                             const QString& /*toolName*/)
    {
        for (const QJsonValue& block : message.value(QStringLiteral("content")).toArray())
            if (block.toObject().value(QStringLiteral("type")).toString() ==
                    QStringLiteral("tool_result") &&
                block.toObject().value(QStringLiteral("tool_use_id")).toString() == callId)
                return block.toObject().value(QStringLiteral("content")).toString();
        return std::nullopt;
    }
};

struct OllamaDialect {
    static constexpr auto history = "messages";
    static KoderTransport* make(QObject* parent, const QUrl& baseUrl)
    {
        auto* t = new KoderOllamaTransport(parent);
        t->setBaseUrl(baseUrl);
        return t;
    }
    static QByteArray reply(const QStringList& tokens, bool finish)
    {
        return ollamaReply(tokens, finish);
    }
    static QByteArray toolCall(const QString& /*callId*/, const QString& name,
                               const QJsonObject& args)
    {
        const QJsonObject call{
            {QStringLiteral("function"),
             QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("arguments"), args}}}};
        return ollamaLine({{QStringLiteral("role"), QStringLiteral("assistant")},
                           {QStringLiteral("content"), QStringLiteral("")},
                           {QStringLiteral("tool_calls"), QJsonArray{call}}}) +
               ollamaLine(ollamaMessage(QStringLiteral("")), true);
    }
    static ScriptedHttpServer::Response overloaded()
    {
        return ScriptedHttpServer::status(503, R"({"error":"server busy"})");
    }
    // Ollama's calls carry no id: the result is found by its tool's name.
    static std::optional<QString> toolResult(const QJsonObject& message, const QString& /*callId*/,
                                             const QString& toolName)
    {
        if (message.value(QStringLiteral("role")).toString() == QStringLiteral("tool") &&
            message.value(QStringLiteral("tool_name")).toString() == toolName)
            return message.value(QStringLiteral("content")).toString();
        return std::nullopt;
    }
};

// One backend for the three HTTP transports, parameterised by the dialect: the transport against
// a ScriptedHttpServer, each reply in the dialect's bytes.
template<class Dialect>
struct HttpBackend {
    ScriptedHttpServer server;
    QMap<QString, QString> toolNames; ///< call id → tool name

    KoderTransport* make(QObject* parent) { return Dialect::make(parent, server.baseUrl()); }
    bool listen() { return server.listen(); }
    void reply(const QStringList& tokens)
    {
        server.enqueue(ScriptedHttpServer::sse(Dialect::reply(tokens, true)));
    }
    void stalledReply(const QString& first)
    {
        auto r = ScriptedHttpServer::sse(Dialect::reply({first}, false), 1 << 20);
        r.stallAfter = r.bytes.size() - 7; // everything but the final chunk marker
        server.enqueue(r);
    }
    void toolCallThenReply(const QString& callId, const QString& name, const QJsonObject& args,
                           const QStringList& tokens)
    {
        toolNames.insert(callId, name);
        server.enqueue(ScriptedHttpServer::sse(Dialect::toolCall(callId, name, args)));
        reply(tokens);
    }
    void overloaded() { server.enqueue(Dialect::overloaded()); }
    QString toolResultSent(const QString& callId) const
    {
        for (const auto& r : server.received()) {
            const QJsonArray messages = QJsonDocument::fromJson(r.body)
                                            .object()
                                            .value(QLatin1String(Dialect::history))
                                            .toArray();
            for (const QJsonValue& m : messages)
                if (const std::optional<QString> result =
                        Dialect::toolResult(m.toObject(), callId, toolNames.value(callId)))
                    return *result;
        }
        return {};
    }
};

// Named, so that each test's name says its transport (TransportContract.ToolRoundTrip<...>).
struct SseBackend : HttpBackend<OpenAiDialect> {};
struct ResponsesBackend : HttpBackend<ResponsesDialect> {};
struct AnthropicBackend : HttpBackend<AnthropicDialect> {};
struct OllamaBackend : HttpBackend<OllamaDialect> {};

struct WsBackend {
    AichatServer server;
    QJsonArray turns;

    KoderTransport* make(QObject* parent)
    {
        auto* t = new KoderWebSocketTransport(parent);
        t->setUrl(server.url());
        return t;
    }
    bool listen() { return server.listen(); }
    static QJsonObject send(const QJsonObject& frame) { return {{QStringLiteral("send"), frame}}; }
    static QJsonArray deltas(const QStringList& tokens, int step = 0)
    {
        QJsonArray steps;
        for (const QString& t : tokens)
            steps.append(send({{QStringLiteral("type"), QStringLiteral("delta")},
                               {QStringLiteral("step"), step},
                               {QStringLiteral("channel"), QStringLiteral("text")},
                               {QStringLiteral("text"), t}}));
        return steps;
    }
    void add(QJsonArray steps)
    {
        turns.append(steps);
        server.setScript(turns);
    }
    void reply(const QStringList& tokens)
    {
        QJsonArray steps{send({{QStringLiteral("type"), QStringLiteral("turn.started")}})};
        for (const QJsonValue& s : deltas(tokens))
            steps.append(s);
        steps.append(
            send({{QStringLiteral("type"), QStringLiteral("turn.end")},
                  {QStringLiteral("finish_reason"), QStringLiteral("stop")},
                  {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), 11},
                                                        {QStringLiteral("completion_tokens"), 4},
                                                        {QStringLiteral("total_tokens"), 15}}}}));
        add(steps);
    }
    void stalledReply(const QString& first)
    {
        QJsonArray steps{send({{QStringLiteral("type"), QStringLiteral("turn.started")}})};
        steps.append(deltas({first})[0]);
        steps.append(QJsonObject{{QStringLiteral("stall"), true}});
        add(steps);
    }
    void toolCallThenReply(const QString& callId, const QString& name, const QJsonObject& args,
                           const QStringList& tokens)
    {
        QJsonArray steps{send({{QStringLiteral("type"), QStringLiteral("turn.started")}}),
                         send({{QStringLiteral("type"), QStringLiteral("tool_call")},
                               {QStringLiteral("step"), 0},
                               {QStringLiteral("call_id"), callId},
                               {QStringLiteral("name"), name},
                               {QStringLiteral("arguments"), args}}),
                         send({{QStringLiteral("type"), QStringLiteral("step.end")},
                               {QStringLiteral("step"), 0},
                               {QStringLiteral("finish_reason"), QStringLiteral("tool_calls")}}),
                         QJsonObject{{QStringLiteral("await"), QStringLiteral("tool.result")}}};
        for (const QJsonValue& s : deltas(tokens, 1))
            steps.append(s);
        steps.append(send({{QStringLiteral("type"), QStringLiteral("turn.end")},
                           {QStringLiteral("finish_reason"), QStringLiteral("stop")}}));
        add(steps);
    }
    void overloaded()
    {
        add({send({{QStringLiteral("type"), QStringLiteral("turn.started")}}),
             send({{QStringLiteral("type"), QStringLiteral("error")},
                   {QStringLiteral("code"), QStringLiteral("overloaded")},
                   {QStringLiteral("message"), QStringLiteral("busy")},
                   {QStringLiteral("retryable"), true}})});
    }
    QString toolResultSent(const QString& callId) const
    {
        for (const QJsonObject& f : server.received())
            if (f.value(QStringLiteral("type")).toString() == QStringLiteral("tool.result") &&
                f.value(QStringLiteral("call_id")).toString() == callId)
                return f.value(QStringLiteral("content")).toString();
        return {};
    }
};

// ---- the generic suite --------------------------------------------------------------------------

template<class Backend>
class TransportContract : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(backend.listen());
        agent.setTransport(backend.make(&agent));
    }

    QString lastText() const
    {
        return agent.messages()
            ->get(agent.messages()->count() - 1)
            .value(QStringLiteral("text"))
            .toString();
    }

    Backend backend;
    KoderAgentController agent;
};

using Backends =
    ::testing::Types<SseBackend, ResponsesBackend, AnthropicBackend, OllamaBackend, WsBackend>;
TYPED_TEST_SUITE(TransportContract, Backends);

TYPED_TEST(TransportContract, StreamsAReply)
{
    this->backend.reply({QStringLiteral("Hello"), QStringLiteral(", "), QStringLiteral("world"),
                         QStringLiteral(".")});
    QSignalSpy start(&this->agent, &KoderAgentController::streamStart);
    QSignalSpy end(&this->agent, &KoderAgentController::streamEnd);
    ASSERT_TRUE(this->agent.send(QStringLiteral("hi")));
    ASSERT_TRUE(end.wait(10'000));
    EXPECT_EQ(this->lastText(), QStringLiteral("Hello, world."));
    EXPECT_EQ(this->agent.status(), QStringLiteral("idle"));
    EXPECT_EQ(start.count(), 1);
    EXPECT_EQ(end.count(), 1);
}

// Each reply's own usage and finish reason stay on its row (the transport's `usage` property
// only says the last request's).
TYPED_TEST(TransportContract, UsageAndFinishReasonStayOnTheReply)
{
    this->backend.reply({QStringLiteral("one")});
    this->backend.reply({QStringLiteral("two")});
    QSignalSpy end(&this->agent, &KoderAgentController::streamEnd);
    ASSERT_TRUE(this->agent.send(QStringLiteral("a")));
    ASSERT_TRUE(end.wait(10'000));
    ASSERT_TRUE(this->agent.send(QStringLiteral("b")));
    ASSERT_TRUE(end.wait(10'000));
    for (int row : {1, 3}) {
        const QVariantMap reply = this->agent.messages()->get(row);
        EXPECT_EQ(reply.value(QStringLiteral("finishReason")).toString(), QStringLiteral("stop"))
            << row;
        const QVariantMap usage = reply.value(QStringLiteral("usage")).toMap();
        EXPECT_EQ(usage.value(QStringLiteral("promptTokens")).toInt(), 11) << row;
        EXPECT_EQ(usage.value(QStringLiteral("completionTokens")).toInt(), 4) << row;
        EXPECT_EQ(usage.value(QStringLiteral("totalTokens")).toInt(), 15) << row;
    }
    EXPECT_TRUE(this->agent.messages()->get(0).value(QStringLiteral("usage")).toMap().isEmpty());
    EXPECT_EQ(this->agent.messages()->get(0).value(QStringLiteral("finishReason")).toString(),
              QStringLiteral(""));
}

TYPED_TEST(TransportContract, AbortStopsEverything)
{
    this->backend.stalledReply(QStringLiteral("partial"));
    QSignalSpy token(&this->agent, &KoderAgentController::streamToken);
    QSignalSpy aborted(&this->agent, &KoderAgentController::aborted);
    this->agent.send(QStringLiteral("hi"));
    ASSERT_TRUE(token.wait(10'000));
    this->agent.abort();
    EXPECT_EQ(aborted.count(), 1);
    EXPECT_EQ(this->agent.status(), QStringLiteral("interrupted"));
    EXPECT_FALSE(token.wait(150)); // a window for anything late; nothing may come
    EXPECT_EQ(this->lastText(), QStringLiteral("partial"));
    EXPECT_TRUE(this->agent.messages()->get(1).value(QStringLiteral("aborted")).toBool());
}

TYPED_TEST(TransportContract, ToolRoundTrip)
{
    this->backend.toolCallThenReply(QStringLiteral("call_1"), QStringLiteral("get_time"),
                                    {{QStringLiteral("tz"), QStringLiteral("UTC")}},
                                    {QStringLiteral("It is "), QStringLiteral("noon.")});
    auto* tool = new KoderTool(&this->agent);
    tool->setName(QStringLiteral("get_time"));
    tool->setReadOnly(true);
    tool->setCallable([](const QJsonObject& args) {
        return QVariant(QStringLiteral("12:00 ") + args.value(QStringLiteral("tz")).toString());
    });
    this->agent.addTool(tool);
    this->agent.setAutoAccept(QStringLiteral("onlyRead"));
    QSignalSpy end(&this->agent, &KoderAgentController::streamEnd);
    this->agent.send(QStringLiteral("time?"));
    ASSERT_TRUE(end.wait(10'000));
    EXPECT_EQ(this->backend.toolResultSent(QStringLiteral("call_1")), QStringLiteral("12:00 UTC"));
    EXPECT_EQ(this->lastText(), QStringLiteral("It is noon."));
    EXPECT_EQ(this->agent.messages()->get(2).value(QStringLiteral("role")).toString(),
              QStringLiteral("tool"));
}

TYPED_TEST(TransportContract, ErrorIsReportedWithRetryable)
{
    this->backend.overloaded();
    QSignalSpy error(&this->agent, &KoderAgentController::error);
    this->agent.send(QStringLiteral("hi"));
    ASSERT_TRUE(error.wait(10'000));
    const QVariantMap e = this->agent.lastError().toMap();
    EXPECT_EQ(e.value(QStringLiteral("code")).toString(), QStringLiteral("overloaded"));
    EXPECT_TRUE(e.value(QStringLiteral("retryable")).toBool());
    EXPECT_EQ(this->agent.status(), QStringLiteral("error"));
}

// Background runs: a transport carries turns of several conversations at once, each request
// independent of the other (the WebSocket transport opens a connection per turn).
TYPED_TEST(TransportContract, TwoConversationsAtOnce)
{
    this->backend.stalledReply(QStringLiteral("first"));
    this->backend.reply({QStringLiteral("second"), QStringLiteral(" reply")});
    std::unique_ptr<KoderTransport> transport(this->backend.make(nullptr));
    QList<Input> got;
    transport->setSink([&got](Input&& input) { got.append(std::move(input)); });
    const auto text = [&got](RequestId id) {
        std::string all;
        for (const Input& i : std::as_const(got))
            if (const auto* d = std::get_if<TextDelta>(&i); d && d->requestId == id)
                all += d->text;
        return all;
    };
    const auto terminals = [&got](RequestId id) {
        int n = 0;
        for (const Input& i : std::as_const(got)) {
            if (const auto* e = std::get_if<StreamEnded>(&i); e && e->requestId == id)
                ++n;
            if (const auto* f = std::get_if<StreamFailed>(&i); f && f->requestId == id)
                ++n;
        }
        return n;
    };

    transport->start(StartTurn{1, "c1", {Message("m1", Role::User, "a", 0)}, 1, 0, 0}, {});
    ASSERT_TRUE(QTest::qWaitFor([&] { return text(1) == "first"; }, 10'000));
    // The first turn stays open while the second one, of another conversation, runs to its end.
    transport->start(StartTurn{2, "c2", {Message("m2", Role::User, "b", 0)}, 1, 0, 0}, {});
    ASSERT_TRUE(QTest::qWaitFor([&] { return terminals(2) > 0; }, 10'000));
    EXPECT_EQ(text(2), "second reply");
    EXPECT_EQ(terminals(2), 1);
    EXPECT_TRUE(std::holds_alternative<StreamEnded>(got.last()));
    EXPECT_EQ(terminals(1), 0); // still streaming

    // Cancelling one request touches no other: nothing of it is delivered afterwards.
    const qsizetype before = got.size();
    transport->cancel(1);
    QTest::qWait(150); // a window for anything late
    EXPECT_EQ(got.size(), before);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
