// SPDX-License-Identifier: MIT
#include "toolrunner.h"

#include "agentlogging.h"
#include "kodertool.h"
#include "qtconvert.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QTimer>
#include <QtQml/QJSEngine>

#include <exception>

using namespace koder::agent::qt;

struct ToolRunner::Running {
    std::string callId;
    std::unique_ptr<QTimer> timeout;
    QPointer<PromiseCallbacks> callbacks;
};

namespace {

// A handler's result as the tool message text: strings as they are, anything else as JSON. A
// value JSON cannot hold (a function, a cycle, ...) is an error result that says where it is.
struct Result {
    std::string text;
    bool isError = false;
};

Result resultOf(const QVariant& value)
{
    if (value.typeId() == QMetaType::QString)
        return {toStd(value.toString())};
    QString error;
    std::string text = variantToJsonText(value, &error);
    if (!error.isEmpty())
        return {"The tool's result cannot be represented as JSON: " + toStd(error), true};
    return {std::move(text)};
}

Result resultOf(const QJSValue& value)
{
    if (value.isString())
        return {toStd(value.toString())};
    return resultOf(QVariant::fromValue(value));
}

} // namespace

ToolRunner::ToolRunner(Done done, QObject* parent)
    : QObject(parent)
    , m_done(std::move(done))
{
}

ToolRunner::~ToolRunner() = default;

void ToolRunner::run(KoderTool* tool, const koder::agent::ToolCall& call)
{
    const QString key = toQString(call.id);
    auto running = std::make_shared<Running>();
    running->callId = call.id;
    m_running.insert(key, running);

    if (!tool) {
        finishLater(call.id, "The tool \"" + call.name + "\" is not available.", true);
        return;
    }
    QJsonObject args;
    if (!call.arguments.empty()) {
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(
            QByteArray(call.arguments.data(), static_cast<qsizetype>(call.arguments.size())),
            &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            finishLater(call.id, "Invalid arguments: expected a JSON object.", true);
            return;
        }
        args = doc.object();
    }
    if (tool->timeoutMs() > 0) {
        running->timeout = std::make_unique<QTimer>();
        running->timeout->setSingleShot(true);
        const std::string id = call.id;
        const int ms = tool->timeoutMs();
        connect(running->timeout.get(), &QTimer::timeout, this, [this, id, ms] {
            finish(id, "The tool timed out after " + std::to_string(ms) + " ms.", true);
        });
        running->timeout->start(ms);
    }
    if (auto callable = tool->callable()) {
        try {
            Result result = resultOf(callable(args));
            finishLater(call.id, std::move(result.text), result.isError);
        } catch (const std::exception& e) {
            finishLater(call.id, std::string("The tool failed: ") + e.what(), true);
        } catch (...) {
            finishLater(call.id, "The tool failed.", true);
        }
        return;
    }
    runJs(tool, call.id, args);
}

void ToolRunner::runJs(KoderTool* tool, const std::string& callId, const QJsonObject& args)
{
    const QJSValue handler = tool->handler();
    QJSEngine* engine = qjsEngine(tool);
    if (!handler.isCallable() || !engine) {
        finishLater(callId, "The tool has no handler.", true);
        return;
    }
    const QJSValue result = handler.call({engine->toScriptValue(args)});
    if (result.isError()) {
        finishLater(callId, "The tool failed: " + toStd(result.toString()), true);
        return;
    }
    const QJSValue then = result.property(QStringLiteral("then"));
    if (result.isObject() && then.isCallable()) {
        auto* callbacks = new PromiseCallbacks(this, toQString(callId), this);
        m_running.value(toQString(callId))->callbacks = callbacks;
        const QJSValue cb = engine->newQObject(callbacks);
        // newQObject hands ownership to JS; keep it C++-owned so we decide when it goes.
        QJSEngine::setObjectOwnership(callbacks, QJSEngine::CppOwnership);
        then.callWithInstance(result, {cb.property(QStringLiteral("resolve")),
                                       cb.property(QStringLiteral("reject"))});
        return;
    }
    Result value = resultOf(result);
    finishLater(callId, std::move(value.text), value.isError);
}

void ToolRunner::settle(const QString& callId, const QJSValue& value, bool rejected)
{
    if (!m_running.contains(callId))
        return; // timed out or cancelled meanwhile
    if (rejected) {
        const QString reason = value.isError()
                                   ? value.property(QStringLiteral("message")).toString()
                                   : value.toString();
        finish(toStd(callId), "The tool failed: " + toStd(reason), true);
    } else {
        Result result = resultOf(value);
        finish(toStd(callId), std::move(result.text), result.isError);
    }
}

void ToolRunner::finishLater(const std::string& callId, std::string result, bool isError)
{
    QMetaObject::invokeMethod(
        this,
        [this, callId, result = std::move(result), isError]() mutable {
            finish(callId, std::move(result), isError);
        },
        Qt::QueuedConnection);
}

void ToolRunner::finish(const std::string& callId, std::string result, bool isError)
{
    const auto running = m_running.take(toQString(callId));
    if (!running)
        return; // reported already, or cancelled
    if (running->callbacks)
        running->callbacks->deleteLater();
    m_done(callId, std::move(result), isError);
}

void ToolRunner::cancel(const std::string& callId)
{
    if (const auto running = m_running.take(toQString(callId)); running && running->callbacks)
        running->callbacks->deleteLater();
}

void ToolRunner::cancelAll()
{
    for (const auto& running : std::as_const(m_running))
        if (running->callbacks)
            running->callbacks->deleteLater();
    m_running.clear();
}

void PromiseCallbacks::resolve(const QJSValue& value)
{
    if (m_runner)
        m_runner->settle(m_callId, value, false);
}

void PromiseCallbacks::reject(const QJSValue& reason)
{
    if (m_runner)
        m_runner->settle(m_callId, reason, true);
}
