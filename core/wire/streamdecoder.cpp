// SPDX-License-Identifier: MIT
#include "streamdecoder.h"

namespace koder::wire {

using namespace koder::agent;

StreamDecoder::StreamDecoder(RequestId requestId, Emit emit, Limits limits)
    : requestId_(requestId)
    , emit_(std::move(emit))
    , budget_(limits)
{
}

StreamDecoder::~StreamDecoder() = default;

void StreamDecoder::fail(ErrorInfo error)
{
    if (!finished_)
        failWith(std::move(error));
}

void StreamDecoder::cancel()
{
    finished_ = true;
    stopReading();
}

bool StreamDecoder::beginEvent()
{
    if (finished_)
        return false;
    ++events_;
    if (!started_) {
        started_ = true;
        emit_(StreamStarted{requestId_});
    }
    return !finished_;
}

bool StreamDecoder::text(std::string_view s)
{
    if (s.empty() || finished_)
        return !finished_;
    if (!budget_.addBytes(s.size())) {
        refuse();
        return false;
    }
    saidText_ = true;
    emit_(TextDelta{requestId_, std::string(s)});
    return !finished_;
}

bool StreamDecoder::reasoning(std::string_view s)
{
    if (s.empty() || finished_)
        return !finished_;
    if (!budget_.addBytes(s.size())) {
        refuse();
        return false;
    }
    emit_(ReasoningDelta{requestId_, std::string(s)});
    return !finished_;
}

bool StreamDecoder::toolBytes(std::size_t bytes)
{
    if (!budget_.addBytes(bytes)) {
        refuse();
        return false;
    }
    return !finished_;
}

bool StreamDecoder::newToolCall()
{
    if (!budget_.addToolCall()) {
        refuse();
        return false;
    }
    return !finished_;
}

bool StreamDecoder::toolCall(ToolCall call, CallRunner runner)
{
    if (finished_)
        return false;
    if (call.arguments.empty())
        call.arguments = "{}";
    if (auto refused = refuseToolArguments(call.name, call.arguments)) {
        failWith(std::move(*refused));
        return false;
    }
    emit_(ToolCallRequested{requestId_, std::move(call), runner});
    return !finished_;
}

bool StreamDecoder::emitInput(Input&& input)
{
    if (finished_)
        return false;
    emit_(std::move(input));
    return !finished_;
}

void StreamDecoder::end(std::string reason, std::string_view explanation,
                        std::optional<std::string> finalText)
{
    if (finished_)
        return;
    if (!reason.empty())
        finish_ = reason;
    if (isRefusal(reason) && !saidText_) {
        // Never an empty answer: the API's explanation, else a sentence of ours.
        if (!text(explanation.empty() ? std::string_view(declined_) : explanation))
            return;
    }
    Usage usage = usage_;
    if (usage.totalTokens < 0 && usage.promptTokens >= 0 && usage.completionTokens >= 0)
        usage.totalTokens = usage.promptTokens + usage.completionTokens;
    terminate(StreamEnded{requestId_, std::move(reason), usage, {}, std::move(finalText)});
}

void StreamDecoder::failWith(ErrorInfo error)
{
    terminate(StreamFailed{requestId_, std::move(error), ErrorVerdict::Default});
}

void StreamDecoder::refuse()
{
    if (!finished_)
        failWith(budget_.error());
}

void StreamDecoder::eventTooLarge()
{
    budget_.eventTooLarge();
    refuse();
}

void StreamDecoder::warn(std::string_view what)
{
    if (warn_)
        warn_(what);
}

void StreamDecoder::terminate(Input&& input)
{
    finished_ = true;
    stopReading();
    emit_(std::move(input));
}

} // namespace koder::wire
