// SPDX-License-Identifier: MIT
#include "toolrunner.h"

#include "kodertool.h"
#include "qtconvert.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QPointer>
#include <QtCore/QTimer>

#include <exception>

using namespace koder::agent::qt;

struct ToolRunner::Running {
    std::string callId;
    std::unique_ptr<QTimer> timeout;
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

} // namespace

ToolRunner::ToolRunner(Done done, QObject* parent)
    : QObject(parent)
    , m_done(std::move(done))
{
}

ToolRunner::~ToolRunner() = default;

void ToolRunner::run(KoderTool* tool, const koder::agent::ToolCall& call)
{
    auto running = std::make_shared<Running>();
    running->callId = call.id;
    m_running.insert(toQString(call.id), running);

    if (!tool) {
        finishLater(running, "The tool \"" + call.name + "\" is not available.", true);
        return;
    }
    QJsonObject args;
    if (!call.arguments.empty()) {
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(
            QByteArray(call.arguments.data(), static_cast<qsizetype>(call.arguments.size())),
            &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            finishLater(running, "Invalid arguments: expected a JSON object.", true);
            return;
        }
        args = doc.object();
    }
    if (tool->timeoutMs() > 0) {
        running->timeout = std::make_unique<QTimer>();
        running->timeout->setSingleShot(true);
        const int ms = tool->timeoutMs();
        const Running* key = running.get();
        connect(running->timeout.get(), &QTimer::timeout, this, [this, key, ms] {
            finish(key, "The tool timed out after " + std::to_string(ms) + " ms.", true);
        });
        running->timeout->start(ms);
    }
    try {
        if (const KoderTool::Callable callable = tool->callable()) {
            Result result = resultOf(callable(args));
            finishLater(running, std::move(result.text), result.isError);
        } else if (const KoderTool::AsyncCallable async = tool->asyncCallable()) {
            // The call may answer at once or much later, or after this runner is gone; what it
            // says is read now (a JS value is converted on its thread, while it is valid) and
            // reported on a later turn, and only if the call is still the one running.
            std::weak_ptr<Running> weak = running;
            async(args, [runner = QPointer<ToolRunner>(this), weak](const QVariant& value,
                                                                    bool isError) {
                const std::shared_ptr<Running> live = weak.lock();
                if (!runner || !live)
                    return; // reported already, timed out or cancelled
                Result result = isError ? Result{toStd(value.toString()), true} : resultOf(value);
                runner->finishLater(live, std::move(result.text), result.isError);
            });
        } else {
            finishLater(running, "The tool has no handler.", true);
        }
    } catch (const std::exception& e) {
        finishLater(running, std::string("The tool failed: ") + e.what(), true);
    } catch (...) {
        finishLater(running, "The tool failed.", true);
    }
}

void ToolRunner::finishLater(const std::shared_ptr<Running>& running, std::string result,
                             bool isError)
{
    QMetaObject::invokeMethod(
        this,
        [this, weak = std::weak_ptr<Running>(running), result = std::move(result),
         isError]() mutable {
            if (const std::shared_ptr<Running> live = weak.lock())
                finish(live.get(), std::move(result), isError);
        },
        Qt::QueuedConnection);
}

void ToolRunner::finish(const Running* running, std::string result, bool isError)
{
    // Only the call still registered under its id counts: a report of a call that ended (or of
    // an earlier call that had the same id) is dropped.
    const QString key = toQString(running->callId);
    const auto it = m_running.constFind(key);
    if (it == m_running.cend() || it->get() != running)
        return;
    const std::shared_ptr<Running> done = *it; // keeps `running` alive until the report is made
    m_running.erase(it);
    m_done(done->callId, std::move(result), isError);
}

void ToolRunner::cancel(const std::string& callId)
{
    m_running.remove(toQString(callId));
}

void ToolRunner::cancelAll()
{
    m_running.clear();
}
