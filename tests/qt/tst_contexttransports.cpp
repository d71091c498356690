// SPDX-License-Identifier: MIT
// The transports' side of the context budget, each against a real local server (HTTP and SSE or
// NDJSON on 127.0.0.1, the reference aichat.v1 server): a summary standing for the rows
// before it (the core's request history), a reply cut by `length` continued (Anthropic's prefill, a user message elsewhere), a
// prompt too long reported as "context_length" in each server's own shape, Ollama's context
// window from /api/show, the model stamped on each reply; and KoderLocalAgent playing summaries,
// long stories and their continuation offline.
#include "agenttesting.h"
#include "aichatserver.h"
#include "koder/agent/reducer.h"
#include "koderaguitransport.h"
#include "koderanthropictransport.h"
#include "koderlocalagent.h"
#include "koderollamatransport.h"
#include "koderopenaitransport.h"
#include "koderresponsestransport.h"
#include "koderwebsockettransport.h"
#include "providerstreams.h"
#include "scriptedhttpserver.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

using namespace koder::agent;
using namespace koder::test;

namespace {
// What a transport without a prefill sends after a reply cut by `length` (requestjson.h).
const QString continueInstruction = QStringLiteral(
    "Continue your last message exactly where it stopped. Do not repeat anything you already "
    "wrote.");
const QString summaryText =
    QStringLiteral("Summary of the earlier conversation: the user asked for a haiku.");

Message message(const char* id, Role role, const char* text)
{
    return Message(id, role, text);
}

// The history a compacted conversation sends, as the core makes it: the system prompt, the
// summary (a user message marked as context) in place of the rows before it, the rows kept.
StartTurn summarizedRequest(RequestId id = 1)
{
    State state;
    Environment env = Environment::deterministic();
    Outcome out;
    reduce(state, SetSystemPrompt{"system-prompt"}, out, env);
    reduce(state,
           SetMessages{{message("u1", Role::User, "Write a haiku."),
                        message("a1", Role::Assistant, "Old pond, a frog jumps."),
                        message("summary-1", Role::Summary, summaryText.toUtf8().constData()),
                        message("u2", Role::User, "And another one?"),
                        message("a2", Role::Assistant, "Autumn wind rises.")}},
           out, env);
    reduce(state, Send{"Thanks!", {}}, out, env);
    for (Effect& e : out.effects)
        if (auto* start = std::get_if<StartTurn>(&e)) {
            StartTurn r = std::move(*start);
            r.requestId = id;
            r.conversationId = "c1";
            return r;
        }
    return {};
}

// A reply cut by `length` (ending in whitespace), to be continued.
StartTurn continuationRequest(RequestId id = 1)
{
    StartTurn r;
    r.requestId = id;
    r.conversationId = "c1";
    Message cut("a1", Role::Assistant, "Once upon a time \n");
    cut.extras().finishReason = "length";
    r.history = {message("sys", Role::System, "system-prompt"),
                 message("u1", Role::User, "Write a long story"), cut};
    r.kind = RequestKind::Continuation;
    return r;
}

// What a transport delivered for one request.
struct Delivered {
    std::vector<Input> inputs;

    void attach(KoderTransport& t)
    {
        t.setSink([this](Input&& in) { inputs.push_back(std::move(in)); });
    }
    template<class T>
    const T* find() const
    {
        for (const Input& in : inputs)
            if (const auto* t = std::get_if<T>(&in))
                return t;
        return nullptr;
    }
    bool ended() const { return find<StreamEnded>() || find<StreamFailed>(); }
    QString text() const
    {
        QString all;
        for (const Input& in : inputs)
            if (const auto* d = std::get_if<TextDelta>(&in))
                all += QString::fromStdString(d->text);
        return all;
    }
    QJsonObject metadata() const
    {
        const StreamEnded* e = find<StreamEnded>();
        return e ? QJsonDocument::fromJson(QByteArray::fromStdString(e->metadata)).object()
                 : QJsonObject();
    }
};

QByteArray sseData(const QJsonObject& event)
{
    return "data: " + compact(event) + "\n\n";
}

// An AG-UI run that says `text`.
QByteArray aguiReply(const QString& text)
{
    const QString id = QStringLiteral("m1");
    return sseData({{QStringLiteral("type"), QStringLiteral("RUN_STARTED")},
                    {QStringLiteral("threadId"), QStringLiteral("c1")},
                    {QStringLiteral("runId"), QStringLiteral("r1")}}) +
           sseData({{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_START")},
                    {QStringLiteral("messageId"), id},
                    {QStringLiteral("role"), QStringLiteral("assistant")}}) +
           sseData({{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_CONTENT")},
                    {QStringLiteral("messageId"), id},
                    {QStringLiteral("delta"), text}}) +
           sseData({{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_END")},
                    {QStringLiteral("messageId"), id}}) +
           sseData({{QStringLiteral("type"), QStringLiteral("RUN_FINISHED")},
                    {QStringLiteral("threadId"), QStringLiteral("c1")},
                    {QStringLiteral("runId"), QStringLiteral("r1")}});
}

QJsonObject wsSend(const QJsonObject& frame)
{
    return {{QStringLiteral("send"), frame}};
}

// A script of aichat.v1 turns.
QJsonArray turns(std::initializer_list<QJsonArray> each)
{
    QJsonArray all;
    for (const QJsonArray& t : each)
        all.append(t);
    return all;
}

// An aichat.v1 turn that says `text`.
QJsonArray wsReply(const QString& text)
{
    return {wsSend({{QStringLiteral("type"), QStringLiteral("turn.started")}}),
            wsSend({{QStringLiteral("type"), QStringLiteral("delta")},
                    {QStringLiteral("step"), 0},
                    {QStringLiteral("channel"), QStringLiteral("text")},
                    {QStringLiteral("text"), text}}),
            wsSend({{QStringLiteral("type"), QStringLiteral("turn.end")},
                    {QStringLiteral("finish_reason"), QStringLiteral("stop")}})};
}

// The server's /api/show answer for a model.
QByteArray showBody(const QJsonObject& modelInfo, const QString& parameters = {})
{
    QJsonObject show{{QStringLiteral("modelfile"), QStringLiteral("FROM /models/x")},
                     {QStringLiteral("details"),
                      QJsonObject{{QStringLiteral("family"), QStringLiteral("qwen3")}}},
                     {QStringLiteral("model_info"), modelInfo},
                     {QStringLiteral("capabilities"),
                      QJsonArray{QStringLiteral("completion"), QStringLiteral("tools")}}};
    if (!parameters.isEmpty())
        show.insert(QStringLiteral("parameters"), parameters);
    return compact(show);
}

QJsonObject qwenInfo(qint64 contextLength)
{
    return {{QStringLiteral("general.architecture"), QStringLiteral("qwen3")},
            {QStringLiteral("general.parameter_count"), qint64{8190735360}},
            {QStringLiteral("qwen3.block_count"), 36},
            {QStringLiteral("qwen3.context_length"), contextLength},
            {QStringLiteral("qwen3.embedding_length"), 4096}};
}
} // namespace

// A transport with a `model` property whose one reply ends with the metadata it is given.
class MetadataTransport : public KoderTransport {
    Q_OBJECT
    Q_PROPERTY(QString model MEMBER model)

public:
    QString model;
    std::string metadata;

    void start(const StartTurn& request, const QList<ToolSpec>&) override
    {
        deliver(StreamStarted{request.requestId});
        deliver(StreamEnded{request.requestId, "stop", {}, metadata});
        deliver(StreamFailed{request.requestId, {"transport", "x", true, -1}});
    }
    void cancel(RequestId) override {}
};

class TstContextTransports : public QObject {
    Q_OBJECT

    std::unique_ptr<ScriptedHttpServer> http;
    std::unique_ptr<AichatServer> ws;

    // The transport of a row, pointed at this test's servers, with model "test-model".
    std::unique_ptr<KoderTransport> make(const QString& kind)
    {
        QUrl root = http->baseUrl();
        root.setPath(QString());
        if (kind == QLatin1String("websocket")) {
            auto t = std::make_unique<KoderWebSocketTransport>();
            t->setUrl(ws->url());
            t->setModel(QStringLiteral("test-model"));
            return t;
        }
        std::unique_ptr<KoderHttpTransport> t;
        if (kind == QLatin1String("openai")) {
            t = std::make_unique<KoderOpenAiTransport>();
            t->setBaseUrl(http->baseUrl());
        } else if (kind == QLatin1String("responses")) {
            t = std::make_unique<KoderResponsesTransport>();
            t->setBaseUrl(http->baseUrl());
        } else if (kind == QLatin1String("anthropic")) {
            t = std::make_unique<KoderAnthropicTransport>();
            t->setBaseUrl(root);
        } else if (kind == QLatin1String("ollama")) {
            t = std::make_unique<KoderOllamaTransport>();
            t->setBaseUrl(root);
        } else {
            auto agui = std::make_unique<KoderAgUiTransport>();
            agui->setUrl(http->baseUrl());
            t = std::move(agui);
        }
        t->setModel(QStringLiteral("test-model"));
        return t;
    }

    // The server's answer to one request of `kind` that says `text`.
    void serveReply(const QString& kind, const QString& text)
    {
        const QStringList tokens{text};
        if (kind == QLatin1String("websocket"))
            ws->setScript(turns({wsReply(text)}));
        else if (kind == QLatin1String("openai"))
            http->enqueue(ScriptedHttpServer::sse(openAiReply(tokens)));
        else if (kind == QLatin1String("responses"))
            http->enqueue(ScriptedHttpServer::sse(responsesReply(tokens)));
        else if (kind == QLatin1String("anthropic"))
            http->enqueue(ScriptedHttpServer::sse(anthropicReply(tokens)));
        else if (kind == QLatin1String("ollama"))
            http->enqueue(ScriptedHttpServer::sse(ollamaReply(tokens)));
        else
            http->enqueue(ScriptedHttpServer::sse(aguiReply(text)));
    }

    // What the server received for the request: the JSON body, or the turn.start frame.
    QJsonObject received(const QString& kind) const
    {
        if (kind == QLatin1String("websocket")) {
            for (const QJsonObject& f : ws->received())
                if (f.value(QStringLiteral("type")).toString() == QLatin1String("turn.start"))
                    return f;
            return {};
        }
        return http->received().isEmpty()
                   ? QJsonObject()
                   : QJsonDocument::fromJson(http->received().constLast().body).object();
    }

    static void allTransports(bool anthropic = true)
    {
        QTest::addColumn<QString>("kind");
        for (const char* kind : {"openai", "responses", "anthropic", "ollama", "websocket", "agui"})
            if (anthropic || qstrcmp(kind, "anthropic") != 0)
                QTest::newRow(kind) << QString::fromLatin1(kind);
    }

private Q_SLOTS:
    void init()
    {
        http = std::make_unique<ScriptedHttpServer>();
        QVERIFY(http->listen());
        ws = std::make_unique<AichatServer>();
        QVERIFY(ws->listen());
    }

    void cleanup()
    {
        ws.reset();
        http.reset();
    }

    // (a) The boundary: the summary goes in place of the rows before it, as the first message
    // after the system prompt, a user message (model output is never system text); the rows
    // before it are not sent at all.
    void aSummaryStandsForTheRowsBeforeIt_data() { allTransports(); }
    void aSummaryStandsForTheRowsBeforeIt()
    {
        QFETCH(QString, kind);
        Delivered got;
        auto t = make(kind);
        got.attach(*t);
        serveReply(kind, QStringLiteral("fine"));
        t->start(summarizedRequest(), {});
        QTRY_VERIFY(got.ended());
        QVERIFY(got.find<StreamEnded>());
        const QJsonObject body = received(kind);
        const QString all = QString::fromUtf8(compact(body));
        QVERIFY2(!all.contains(QStringLiteral("Write a haiku")), qPrintable(all));
        QVERIFY2(!all.contains(QStringLiteral("Old pond")), qPrintable(all));
        QVERIFY2(all.contains(summaryText), qPrintable(all));
        QVERIFY(all.contains(QStringLiteral("context, not instructions")));

        if (kind == QLatin1String("anthropic") || kind == QLatin1String("responses")) {
            // The system text is the prompt alone; the summary leads the messages as the user's.
            const QString key = kind == QLatin1String("anthropic") ? QStringLiteral("system")
                                                                   : QStringLiteral("instructions");
            QCOMPARE(body.value(key).toString(), QStringLiteral("system-prompt"));
            const QJsonArray items =
                body.value(kind == QLatin1String("anthropic") ? QStringLiteral("messages")
                                                              : QStringLiteral("input"))
                    .toArray();
            QVERIFY(!items.isEmpty());
            const QJsonObject first = items.at(0).toObject();
            QCOMPARE(first.value(QStringLiteral("role")).toString(), QStringLiteral("user"));
            QVERIFY(QString::fromUtf8(compact(first)).contains(summaryText));
            return;
        }
        // Messages with roles: the prompt, then the summary as a user message.
        const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
        QCOMPARE(messages.size(), 5);
        const QJsonObject prompt = messages.at(0).toObject();
        const QJsonObject summary = messages.at(1).toObject();
        QCOMPARE(prompt.value(QStringLiteral("role")).toString(), QStringLiteral("system"));
        QCOMPARE(prompt.value(QStringLiteral("content")).toString(),
                 QStringLiteral("system-prompt"));
        QCOMPARE(summary.value(QStringLiteral("role")).toString(), QStringLiteral("user"));
        QVERIFY(summary.value(QStringLiteral("content")).toString().endsWith(summaryText));
        QCOMPARE(messages.at(2).toObject().value(QStringLiteral("content")).toString(),
                 QStringLiteral("And another one?"));
        if (kind == QLatin1String("agui"))
            QCOMPARE(summary.value(QStringLiteral("id")).toString(), QStringLiteral("summary-1"));
    }

    // (b) A reply cut by `length` goes on: the request ends with it and a user message asking
    // for the rest; the answer's deltas are delivered as any reply's.
    // (Anthropic continues by a prefill: anthropicContinuesByAPrefill.)
    void aContinuationAsksForTheRest_data() { allTransports(false); }
    void aContinuationAsksForTheRest()
    {
        QFETCH(QString, kind);
        Delivered got;
        auto t = make(kind);
        got.attach(*t);
        serveReply(kind, QStringLiteral("there was a lighthouse."));
        t->start(continuationRequest(), {});
        QTRY_VERIFY(got.ended());
        QVERIFY(got.find<StreamEnded>());
        QCOMPARE(got.text(), QStringLiteral("there was a lighthouse."));

        const QJsonObject body = received(kind);
        const QJsonArray messages =
            body.value(kind == QLatin1String("responses") ? QStringLiteral("input")
                                                          : QStringLiteral("messages"))
                .toArray();
        QVERIFY(messages.size() >= 3);
        const QJsonObject cut = messages.at(messages.size() - 2).toObject();
        const QJsonObject ask = messages.last().toObject();
        QCOMPARE(cut.value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
        QCOMPARE(ask.value(QStringLiteral("role")).toString(), QStringLiteral("user"));
        if (kind == QLatin1String("responses")) {
            QCOMPARE(cut.value(QStringLiteral("content"))
                         .toArray()
                         .at(0)
                         .toObject()
                         .value(QStringLiteral("text"))
                         .toString(),
                     QStringLiteral("Once upon a time \n"));
            const QJsonObject part =
                ask.value(QStringLiteral("content")).toArray().at(0).toObject();
            QCOMPARE(part.value(QStringLiteral("type")).toString(), QStringLiteral("input_text"));
            QCOMPARE(part.value(QStringLiteral("text")).toString(), continueInstruction);
        } else {
            QCOMPARE(cut.value(QStringLiteral("content")).toString(),
                     QStringLiteral("Once upon a time \n"));
            QCOMPARE(ask.value(QStringLiteral("content")).toString(), continueInstruction);
        }
        if (kind == QLatin1String("agui"))
            QCOMPARE(ask.value(QStringLiteral("id")).toString(), QStringLiteral("continue-a1"));

        // A plain reply of the same history asks nothing more: the last message is the reply.
        StartTurn plain = continuationRequest(2);
        plain.kind = RequestKind::Reply;
        Delivered again;
        again.attach(*t);
        if (kind == QLatin1String("websocket")) // the second turn of the script
            ws->setScript(turns({wsReply(QStringLiteral("x")), wsReply(QStringLiteral("x"))}));
        else
            serveReply(kind, QStringLiteral("x"));
        t->start(plain, {});
        QTRY_VERIFY(again.ended());
        if (kind == QLatin1String("websocket")) {
            const QList<QJsonObject>& frames = ws->received();
            QJsonObject second;
            for (const QJsonObject& f : frames)
                if (f.value(QStringLiteral("type")).toString() == QLatin1String("turn.start"))
                    second = f;
            QCOMPARE(second.value(QStringLiteral("messages"))
                         .toArray()
                         .last()
                         .toObject()
                         .value(QStringLiteral("role"))
                         .toString(),
                     QStringLiteral("assistant"));
        } else {
            const QJsonObject second = received(kind);
            const QJsonArray items =
                second
                    .value(kind == QLatin1String("responses") ? QStringLiteral("input")
                                                              : QStringLiteral("messages"))
                    .toArray();
            QCOMPARE(items.last().toObject().value(QStringLiteral("role")).toString(),
                     QStringLiteral("assistant"));
        }
    }

    // (b) Anthropic: the cut reply is the final assistant message (a prefill) without its
    // trailing whitespace and its thinking, and the request goes without thinking.
    void anthropicContinuesByAPrefill()
    {
        Delivered got;
        auto t = make(QStringLiteral("anthropic"));
        auto* anthropic = static_cast<KoderAnthropicTransport*>(t.get());
        anthropic->setThinkingBudget(2048);
        got.attach(*t);
        http->enqueue(ScriptedHttpServer::sse(anthropicReply({QStringLiteral(" there was")})));
        StartTurn request = continuationRequest();
        // The cut reply thought first: its signed thinking goes back with a normal request.
        request.history.back().extras().metadata =
            "{\"anthropic\":{\"thinking\":[{\"type\":\"thinking\",\"thinking\":\"Plan.\","
            "\"signature\":\"sig\"}]}}";
        t->start(request, {});
        QTRY_VERIFY(got.ended());
        QVERIFY(got.find<StreamEnded>());
        QCOMPARE(got.text(), QStringLiteral(" there was"));

        const QJsonObject body = received(QStringLiteral("anthropic"));
        const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
        QCOMPARE(messages.size(), 2);
        const QJsonObject prefill = messages.last().toObject();
        QCOMPARE(prefill.value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
        const QJsonArray content = prefill.value(QStringLiteral("content")).toArray();
        QCOMPARE(content.size(), 1);
        QCOMPARE(content.at(0).toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("text"));
        QCOMPARE(content.at(0).toObject().value(QStringLiteral("text")).toString(),
                 QStringLiteral("Once upon a time"));
        QVERIFY(!body.contains(QStringLiteral("thinking")));
        QCOMPARE(body.value(QStringLiteral("system")).toString(), QStringLiteral("system-prompt"));

        // The same history as a plain reply: thinking on, the reply sent as it was.
        Delivered again;
        again.attach(*t);
        http->enqueue(ScriptedHttpServer::sse(anthropicReply({QStringLiteral("x")})));
        request.requestId = 2;
        request.kind = RequestKind::Reply;
        t->start(request, {});
        QTRY_VERIFY(again.ended());
        const QJsonObject plain = received(QStringLiteral("anthropic"));
        QVERIFY(plain.contains(QStringLiteral("thinking")));
        const QJsonArray kept = plain.value(QStringLiteral("messages"))
                                    .toArray()
                                    .last()
                                    .toObject()
                                    .value(QStringLiteral("content"))
                                    .toArray();
        QCOMPARE(kept.size(), 2);
        QCOMPARE(kept.at(0).toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("thinking"));
        QCOMPARE(kept.at(1).toObject().value(QStringLiteral("text")).toString(),
                 QStringLiteral("Once upon a time \n"));

        // A cut reply with nothing but whitespace: nothing to go on from, so no prefill.
        Delivered blank;
        blank.attach(*t);
        http->enqueue(ScriptedHttpServer::sse(anthropicReply({QStringLiteral("x")})));
        request.requestId = 3;
        request.kind = RequestKind::Continuation;
        request.history.back().text = " \n ";
        request.history.back().extras().metadata.clear();
        t->start(request, {});
        QTRY_VERIFY(blank.ended());
        const QJsonArray last =
            received(QStringLiteral("anthropic")).value(QStringLiteral("messages")).toArray();
        QCOMPARE(last.size(), 1);
        QCOMPARE(last.at(0).toObject().value(QStringLiteral("role")).toString(),
                 QStringLiteral("user"));
    }

    // (c) Each server's "the prompt is too long", as it sends it, is "context_length", not
    // retryable.
    void aPromptTooLongIsContextLength_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("response"); // HTTP: the whole response; empty for ws
        const auto status = [](int code, const QJsonObject& body) {
            return ScriptedHttpServer::status(code, compact(body)).bytes;
        };
        const auto error = [](const QJsonObject& fields) {
            return QJsonObject{{QStringLiteral("error"), fields}};
        };
        QTest::newRow("openai 400 context_length_exceeded")
            << "openai"
            << status(400,
                      error({{QStringLiteral("message"),
                              QStringLiteral("This model's maximum context length is 128000 "
                                             "tokens. However, your messages resulted in "
                                             "130512 tokens. Please reduce the length of the "
                                             "messages.")},
                             {QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                             {QStringLiteral("param"), QStringLiteral("messages")},
                             {QStringLiteral("code"), QStringLiteral("context_length_exceeded")}}));
        QTest::newRow("vllm 400")
            << "openai"
            << status(400, {{QStringLiteral("object"), QStringLiteral("error")},
                            {QStringLiteral("message"),
                             QStringLiteral("This model's maximum context length is 4096 tokens. "
                                            "However, you requested 5012 tokens (4012 in the "
                                            "messages, 1000 in the completion). Please reduce the "
                                            "length of the messages or completion.")},
                            {QStringLiteral("type"), QStringLiteral("BadRequestError")},
                            {QStringLiteral("param"), QJsonValue::Null},
                            {QStringLiteral("code"), 400}});
        QTest::newRow("llama.cpp 400 exceed_context_size_error")
            << "openai"
            << status(400,
                      error({{QStringLiteral("code"), 400},
                             {QStringLiteral("message"),
                              QStringLiteral("request (9412 tokens) exceeds the available "
                                             "context size (8192 tokens), try increasing it")},
                             {QStringLiteral("type"), QStringLiteral("exceed_context_size_error")},
                             {QStringLiteral("n_prompt_tokens"), 9412},
                             {QStringLiteral("n_ctx"), 8192}}));
        QTest::newRow("vllm in the stream")
            << "openai"
            << ScriptedHttpServer::sse(
                   openAiChunk({{QStringLiteral("content"), QStringLiteral("partial")}}) +
                   sseData(error({{QStringLiteral("message"),
                                   QStringLiteral("This model's maximum context length is 2048 "
                                                  "tokens.")},
                                  {QStringLiteral("type"), QStringLiteral("BadRequestError")},
                                  {QStringLiteral("code"), 400}})) +
                   "data: [DONE]\n\n")
                   .bytes;
        QTest::newRow("responses 400")
            << "responses"
            << status(400,
                      error({{QStringLiteral("message"),
                              QStringLiteral("Your input exceeds the context window of this "
                                             "model. Please adjust your input and try "
                                             "again.")},
                             {QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                             {QStringLiteral("param"), QStringLiteral("input")},
                             {QStringLiteral("code"), QStringLiteral("context_length_exceeded")}}));
        QJsonObject failed = responsesObject(QStringLiteral("failed"));
        failed.insert(
            QStringLiteral("error"),
            QJsonObject{{QStringLiteral("code"), QStringLiteral("context_length_exceeded")},
                        {QStringLiteral("message"),
                         QStringLiteral("Your input exceeds the context window of this "
                                        "model.")}});
        QTest::newRow("responses response.failed")
            << "responses"
            << ScriptedHttpServer::sse(
                   responsesCreated() +
                   responsesEvent({{QStringLiteral("type"), QStringLiteral("response.failed")},
                                   {QStringLiteral("response"), failed}}))
                   .bytes;
        QTest::newRow("anthropic 400 prompt is too long")
            << "anthropic"
            << ScriptedHttpServer::status(
                   400,
                   compact({{QStringLiteral("type"), QStringLiteral("error")},
                            {QStringLiteral("error"),
                             QJsonObject{
                                 {QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                                 {QStringLiteral("message"),
                                  QStringLiteral("prompt is too long: 208310 tokens > "
                                                 "200000 maximum")}}},
                            {QStringLiteral("request_id"), QStringLiteral("req_011CS")}}),
                   {{"request-id", "req_011CS"}})
                   .bytes;
        QTest::newRow("anthropic 413 request_too_large")
            << "anthropic"
            << status(413,
                      {{QStringLiteral("type"), QStringLiteral("error")},
                       {QStringLiteral("error"),
                        QJsonObject{{QStringLiteral("type"), QStringLiteral("request_too_large")},
                                    {QStringLiteral("message"),
                                     QStringLiteral("Request exceeds the maximum allowed "
                                                    "number of bytes.")}}}});
        QTest::newRow("anthropic model_context_window_exceeded")
            << "anthropic"
            << ScriptedHttpServer::sse(
                   anthropicStart() + anthropicText(0, {QStringLiteral("partial")}) +
                   anthropicEnd(QStringLiteral("model_context_window_exceeded")))
                   .bytes;
        QTest::newRow("ollama 400")
            << "ollama"
            << status(400, {{QStringLiteral("error"),
                             QStringLiteral("the input length exceeds the context length")}});
        QTest::newRow("ollama error line")
            << "ollama"
            << ScriptedHttpServer::sse(
                   ollamaLine(ollamaMessage(QStringLiteral("partial"))) +
                   compact({{QStringLiteral("error"), QStringLiteral("the input length exceeds the "
                                                                     "context length")}}) +
                   "\n")
                   .bytes;
        QTest::newRow("agui RUN_ERROR")
            << "agui"
            << ScriptedHttpServer::sse(
                   sseData({{QStringLiteral("type"), QStringLiteral("RUN_STARTED")},
                            {QStringLiteral("threadId"), QStringLiteral("c1")},
                            {QStringLiteral("runId"), QStringLiteral("r1")}}) +
                   sseData({{QStringLiteral("type"), QStringLiteral("RUN_ERROR")},
                            {QStringLiteral("message"),
                             QStringLiteral("Error code: 400 - prompt is too long")},
                            {QStringLiteral("code"), QStringLiteral("context_length_exceeded")}}))
                   .bytes;
        QTest::newRow("websocket error frame") << "websocket" << QByteArray();
    }

    void aPromptTooLongIsContextLength()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, response);
        Delivered got;
        auto t = make(kind);
        got.attach(*t);
        if (kind == QLatin1String("websocket")) {
            // PROTOCOL.md's code on the wire; the server even says it may be retried.
            ws->setScript(turns({QJsonArray{
                wsSend({{QStringLiteral("type"), QStringLiteral("turn.started")}}),
                wsSend({{QStringLiteral("type"), QStringLiteral("error")},
                        {QStringLiteral("code"), QStringLiteral("context_length_exceeded")},
                        {QStringLiteral("message"), QStringLiteral("The prompt is 9000 tokens.")},
                        {QStringLiteral("retryable"), true}})}}));
        } else {
            ScriptedHttpServer::Response r;
            r.bytes = response;
            http->enqueue(r);
        }
        t->start(summarizedRequest(), {});
        QTRY_VERIFY(got.ended());
        const StreamFailed* failed = got.find<StreamFailed>();
        QVERIFY2(failed, "the reply did not fail");
        QCOMPARE(QString::fromStdString(failed->error.code), QStringLiteral("context_length"));
        QVERIFY(!failed->error.retryable);
        QVERIFY(!failed->error.message.empty());
    }

    // Errors that are not about the context keep their codes (a rate limit that mentions tokens,
    // a plain bad request).
    void otherErrorsKeepTheirCodes()
    {
        Delivered got;
        auto t = make(QStringLiteral("anthropic"));
        got.attach(*t);
        http->enqueue(ScriptedHttpServer::status(
            429,
            compact({{QStringLiteral("type"), QStringLiteral("error")},
                     {QStringLiteral("error"),
                      QJsonObject{{QStringLiteral("type"), QStringLiteral("rate_limit_error")},
                                  {QStringLiteral("message"),
                                   QStringLiteral("This request would exceed the rate limit of "
                                                  "40,000 input tokens per minute: too many "
                                                  "tokens.")}}}}),
            {{"retry-after", "7"}}));
        t->start(summarizedRequest(), {});
        QTRY_VERIFY(got.ended());
        QVERIFY(got.find<StreamFailed>());
        QCOMPARE(QString::fromStdString(got.find<StreamFailed>()->error.code),
                 QStringLiteral("rate_limit"));
        QVERIFY(got.find<StreamFailed>()->error.retryable);
    }

    // (e) Each reply's metadata names the transport's model; what a transport keeps there stays.
    void theModelIsStampedOnEachReply_data() { allTransports(); }
    void theModelIsStampedOnEachReply()
    {
        QFETCH(QString, kind);
        Delivered got;
        auto t = make(kind);
        got.attach(*t);
        serveReply(kind, QStringLiteral("hello"));
        t->start(summarizedRequest(), {});
        QTRY_VERIFY(got.ended());
        QVERIFY(got.find<StreamEnded>());
        QCOMPARE(got.metadata().value(QStringLiteral("model")).toString(),
                 QStringLiteral("test-model"));
    }

    void theModelJoinsWhatTheTransportKept()
    {
        // Anthropic's thinking signatures stay beside the model.
        Delivered got;
        auto t = make(QStringLiteral("anthropic"));
        got.attach(*t);
        http->enqueue(ScriptedHttpServer::sse(
            anthropicStart() +
            anthropicBlockStart(0, {{QStringLiteral("type"), QStringLiteral("thinking")},
                                    {QStringLiteral("thinking"), QStringLiteral("Hmm.")}}) +
            anthropicBlockDelta(0, {{QStringLiteral("type"), QStringLiteral("signature_delta")},
                                    {QStringLiteral("signature"), QStringLiteral("sig")}}) +
            anthropicBlockStop(0) + anthropicText(1, {QStringLiteral("Yes.")}) +
            anthropicEnd(QStringLiteral("end_turn"))));
        t->start(summarizedRequest(), {});
        QTRY_VERIFY(got.ended());
        const QJsonObject metadata = got.metadata();
        QCOMPARE(metadata.value(QStringLiteral("model")).toString(), QStringLiteral("test-model"));
        QCOMPARE(metadata.value(QStringLiteral("anthropic"))
                     .toObject()
                     .value(QStringLiteral("thinking"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("signature"))
                     .toString(),
                 QStringLiteral("sig"));
    }

    void theModelIsStampedOnlyWhereNoneIsNamed_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QByteArray>("metadata");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("none") << "m" << QByteArray() << QByteArray("{\"model\":\"m\"}");
        QTest::newRow("empty object")
            << "m" << QByteArray(" {} ") << QByteArray(" {\"model\":\"m\"} ");
        QTest::newRow("kept as it was") << "m" << QByteArray("{\"z\":1,\"a\":[2.50]}")
                                        << QByteArray("{\"model\":\"m\",\"z\":1,\"a\":[2.50]}");
        QTest::newRow("named already") << "m" << QByteArray("{\"model\":\"server-model\"}")
                                       << QByteArray("{\"model\":\"server-model\"}");
        QTest::newRow("not an object") << "m" << QByteArray("[1]") << QByteArray("[1]");
        QTest::newRow("no model") << "" << QByteArray("{\"a\":1}") << QByteArray("{\"a\":1}");
        QTest::newRow("escaped") << "a \"quoted\" model" << QByteArray()
                                 << QByteArray("{\"model\":\"a \\\"quoted\\\" model\"}");
    }

    void theModelIsStampedOnlyWhereNoneIsNamed()
    {
        QFETCH(QString, model);
        QFETCH(QByteArray, metadata);
        QFETCH(QByteArray, expected);
        MetadataTransport t;
        t.model = model;
        t.metadata = metadata.toStdString();
        Delivered got;
        got.attach(t);
        StartTurn request;
        request.requestId = 4;
        t.start(request, {});
        QVERIFY(got.find<StreamEnded>());
        QCOMPARE(QByteArray::fromStdString(got.find<StreamEnded>()->metadata), expected);
        QCOMPARE(got.inputs.size(), std::size_t{3}); // a failure passes as it is
    }

    void theLocalAgentHasNoModelToStamp()
    {
        KoderLocalAgent agent;
        Delivered got;
        got.attach(agent);
        agent.start(summarizedRequest(), {});
        QTRY_VERIFY(got.ended());
        QVERIFY(got.find<StreamEnded>());
        QVERIFY(got.find<StreamEnded>()->metadata.empty());
    }

    // (d) Ollama's context window: /api/show's model_info, its num_ctx parameter over that,
    // options.num_ctx over both; the others cannot ask.
    void ollamaReadsTheContextWindowFromApiShow()
    {
        auto t = make(QStringLiteral("ollama"));
        auto* ollama = static_cast<KoderOllamaTransport*>(t.get());
        QSignalSpy changed(t.get(), &KoderTransport::contextWindowChanged);
        QCOMPARE(t->contextWindow(), qint64{0});
        http->enqueue(ScriptedHttpServer::status(200, showBody(qwenInfo(40960))));
        t->requestContextWindow();
        QTRY_COMPARE(t->contextWindow(), qint64{40960});
        QCOMPARE(changed.size(), 1);
        QCOMPARE(http->received().size(), 1);
        const ScriptedHttpServer::Received& asked = http->received().constFirst();
        QCOMPARE(asked.method, QByteArray("POST"));
        QCOMPARE(asked.path, QByteArray("/api/show"));
        QCOMPARE(QJsonDocument::fromJson(asked.body).object(),
                 (QJsonObject{{QStringLiteral("model"), QStringLiteral("test-model")}}));

        // Another model: asked again; its Modelfile's num_ctx wins over its trained length.
        http->enqueue(ScriptedHttpServer::status(
            200, showBody(qwenInfo(131072), QStringLiteral("stop                           "
                                                           "\"<|im_end|>\"\n"
                                                           "num_ctx                        8192\n"
                                                           "temperature                    0.6"))));
        ollama->setModel(QStringLiteral("other-model"));
        QTRY_COMPARE(t->contextWindow(), qint64{8192});
        QCOMPARE(http->received().size(), 2);
        QCOMPARE(QJsonDocument::fromJson(http->received().constLast().body)
                     .object()
                     .value(QStringLiteral("model"))
                     .toString(),
                 QStringLiteral("other-model"));

        // num_ctx in the options: what the transport sends wins, and nothing is asked.
        ollama->setOptions({{QStringLiteral("num_ctx"), 2048}});
        QTRY_COMPARE(t->contextWindow(), qint64{2048});
        t->requestContextWindow();
        QCOMPARE(t->contextWindow(), qint64{2048}); // before returning
        // Without it again: the model's known window comes back, still without asking.
        ollama->setOptions({{QStringLiteral("temperature"), 0.2}});
        QTRY_COMPARE(t->contextWindow(), qint64{8192});
        QCOMPARE(http->received().size(), 2);
    }

    void ollamaContextWindowFailuresLeaveItUnknown_data()
    {
        QTest::addColumn<QByteArray>("response");
        QTest::addColumn<QString>("logged");
        QTest::newRow("unknown model")
            << ScriptedHttpServer::status(404, "{\"error\":\"model 'test-model' not found\"}").bytes
            << "model 'test-model' not found";
        QTest::newRow("no context length")
            << ScriptedHttpServer::status(
                   200, showBody({{QStringLiteral("general.architecture"), QStringLiteral("x")}}))
                   .bytes
            << "names no context length";
        QTest::newRow("not json") << ScriptedHttpServer::status(200, "<html>proxy</html>").bytes
                                  << "not a JSON object";
        // Larger than maxEventBytes (2000 here): the license alone is.
        QJsonObject big = QJsonDocument::fromJson(showBody(qwenInfo(40960))).object();
        big.insert(QStringLiteral("license"), QString(5000, QLatin1Char('L')));
        QTest::newRow("too large")
            << ScriptedHttpServer::status(200, compact(big)).bytes << "larger than maxEventBytes";
    }

    void ollamaContextWindowFailuresLeaveItUnknown()
    {
        QFETCH(QByteArray, response);
        QFETCH(QString, logged);
        auto t = make(QStringLiteral("ollama"));
        t->setMaxEventBytes(2000);
        LogCapture log(QStringLiteral("koder.agent.warning=true"));
        ScriptedHttpServer::Response r;
        r.bytes = response;
        http->enqueue(r);
        t->requestContextWindow();
        QTRY_VERIFY(std::any_of(log.lines().cbegin(), log.lines().cend(), [](const QString& l) {
            return l.contains(QLatin1String("KoderOllamaTransport"));
        }));
        log.stop();
        QCOMPARE(t->contextWindow(), qint64{0});
        const QString line = log.lines().join(QLatin1Char('\n'));
        QVERIFY2(line.contains(logged), qPrintable(line));
        QVERIFY2(line.contains(QLatin1String("test-model")), qPrintable(line));

        // Asked again, the server answers: the window is known.
        http->enqueue(ScriptedHttpServer::status(200, showBody(qwenInfo(32768))));
        t->requestContextWindow();
        QTRY_COMPARE(t->contextWindow(), qint64{32768});
    }

    void aServerThatIsGoneLeavesTheWindowUnknown()
    {
        auto t = make(QStringLiteral("ollama"));
        LogCapture log(QStringLiteral("koder.agent.warning=true"));
        http.reset(); // nothing listens there any more
        t->requestContextWindow();
        QTRY_VERIFY(!log.lines().isEmpty());
        QCOMPARE(t->contextWindow(), qint64{0});
    }

    void otherTransportsCannotAsk()
    {
        for (const char* kind : {"openai", "responses", "anthropic", "agui", "websocket"}) {
            auto t = make(QString::fromLatin1(kind));
            QSignalSpy changed(t.get(), &KoderTransport::contextWindowChanged);
            t->requestContextWindow();
            QCOMPARE(t->contextWindow(), qint64{0});
            QVERIFY(changed.isEmpty());
        }
        QVERIFY(http->received().isEmpty());
        // contextWindow is a read-only property for QML.
        KoderOllamaTransport ollama;
        const int index = ollama.metaObject()->indexOfProperty("contextWindow");
        QVERIFY(index >= 0);
        QVERIFY(!ollama.metaObject()->property(index).isWritable());
        QVERIFY(ollama.metaObject()->indexOfMethod("requestContextWindow()") >= 0);
    }

    // KoderLocalAgent plays the context budget's requests offline.
    void theLocalAgentSummarizes()
    {
        KoderLocalAgent agent;
        agent.setReply(QStringLiteral("never this"));
        agent.setToolCalls({QVariantMap{{QStringLiteral("name"), QStringLiteral("t")}}});
        Delivered got;
        got.attach(agent);
        StartTurn request;
        request.requestId = 1;
        request.conversationId = "c1";
        request.kind = RequestKind::Summary;
        request.history = {
            message("sys", Role::System, "system-prompt"),
            message("u1", Role::User, "Hello there"),
            message("a1", Role::Assistant, "Hi!"),
            message("u2", Role::User, "Please write a long poem about the sea and its tides"),
            message("a2", Role::Assistant, "Waves."),
            message("ask", Role::User, "Summarize the conversation so far.")};
        agent.start(request, {});
        QTRY_VERIFY(got.ended());
        QVERIFY(got.find<StreamEnded>());
        QCOMPARE(got.find<StreamEnded>()->finishReason, std::string("stop"));
        QCOMPARE(got.text(), QStringLiteral("Summary of 4 earlier messages: Hello there; Please "
                                            "write a long poem about..."));
        QVERIFY(!got.find<ToolCallRequested>());
    }

    void theLocalAgentsLongStoryIsCutAndContinued()
    {
        KoderLocalAgent agent;
        agent.setReply(QStringLiteral("never this"));
        Delivered first;
        first.attach(agent);
        StartTurn request;
        request.requestId = 1;
        request.conversationId = "c1";
        request.history = {message("u1", Role::User, "Please WRITE A LONG STORY about a ship.")};
        agent.start(request, {});
        QTRY_VERIFY(first.ended());
        QVERIFY(first.find<StreamEnded>());
        QCOMPARE(first.find<StreamEnded>()->finishReason, std::string("length"));
        const QString start = first.text();
        QVERIFY(start.startsWith(QLatin1String("Once upon a time")));
        QVERIFY(!start.contains(QLatin1String("The end.")));

        Delivered rest;
        rest.attach(agent);
        Message cut("a1", Role::Assistant, start.toStdString());
        cut.extras().finishReason = "length";
        request.history.push_back(cut);
        request.requestId = 2;
        request.kind = RequestKind::Continuation;
        agent.start(request, {});
        QTRY_VERIFY(rest.ended());
        QVERIFY(rest.find<StreamEnded>());
        QCOMPARE(rest.find<StreamEnded>()->finishReason, std::string("stop"));
        const QString whole = start + rest.text();
        QVERIFY(whole.endsWith(QLatin1String("her logbook had one more page. The end.")));
        QVERIFY(!rest.text().contains(QLatin1String("Once upon a time")));

        // Continuing a reply that is not the story ends it.
        Delivered other;
        other.attach(agent);
        request.history.back().text = "Something else";
        request.requestId = 3;
        agent.start(request, {});
        QTRY_VERIFY(other.ended());
        QCOMPARE(other.text(), QStringLiteral(" The end."));

        // Any other message: the reply, as before.
        Delivered plain;
        plain.attach(agent);
        request.history = {message("u2", Role::User, "A short one")};
        request.requestId = 4;
        request.kind = RequestKind::Reply;
        agent.start(request, {});
        QTRY_VERIFY(plain.ended());
        QCOMPARE(plain.text(), QStringLiteral("never this"));
        QCOMPARE(plain.find<StreamEnded>()->finishReason, std::string("stop"));
    }

    void theLocalAgentEstimatesUsageWhenAsked()
    {
        KoderLocalAgent agent;
        agent.setReply(QStringLiteral("12345678"));
        StartTurn request;
        request.requestId = 1;
        request.conversationId = "c1";
        request.history = {message("s", Role::System, "1234"),
                           message("u1", Role::User, "1234567890123")}; // 17 bytes: 5 tokens

        Delivered off;
        off.attach(agent);
        agent.start(request, {});
        QTRY_VERIFY(off.ended());
        QVERIFY(off.find<StreamEnded>()->usage.empty());

        QSignalSpy changed(&agent, &KoderLocalAgent::estimateUsageChanged);
        agent.setEstimateUsage(true);
        QCOMPARE(changed.size(), 1);
        Delivered on;
        on.attach(agent);
        request.requestId = 2;
        agent.start(request, {});
        QTRY_VERIFY(on.ended());
        const Usage& usage = on.find<StreamEnded>()->usage;
        QCOMPARE(usage.promptTokens, std::int64_t{5});
        QCOMPARE(usage.completionTokens, std::int64_t{2});
        QCOMPARE(usage.totalTokens, std::int64_t{7});

        // A tool step counts its calls.
        agent.setToolCalls({QVariantMap{{QStringLiteral("name"), QStringLiteral("get_time")}}});
        Delivered tools;
        tools.attach(agent);
        request.requestId = 3;
        agent.start(request, {});
        QTRY_VERIFY(tools.ended());
        QCOMPARE(tools.find<StreamEnded>()->finishReason, std::string("tool_calls"));
        QCOMPARE(tools.find<StreamEnded>()->usage.completionTokens,
                 std::int64_t{3}); // "get_time" + "{}"
    }
};

QTEST_GUILESS_MAIN(TstContextTransports)
#include "tst_contexttransports.moc"
