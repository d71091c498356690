// SPDX-License-Identifier: MIT
#include "koder/agent/reducer.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

namespace koder::agent {

namespace {

// Characters after which a streamed phrase is complete enough to announce.
constexpr std::array<bool, 256> phraseEndTable = [] {
    std::array<bool, 256> table{};
    for (char c : std::string_view(".!?;:\n"))
        table[static_cast<unsigned char>(c)] = true;
    return table;
}();
constexpr bool isPhraseEnd(char c)
{
    return phraseEndTable[static_cast<unsigned char>(c)];
}
// A phrase longer than this is announced even without punctuation.
constexpr std::size_t maxPhraseLength = 160;

std::string deniedText(std::string_view reason)
{
    std::string text = "The user denied this tool call.";
    if (!reason.empty()) {
        text += " Reason: ";
        text += reason;
    }
    return text;
}

// One reduce call: the state, where to report, and the environment.
class Reduction {
public:
    Reduction(State& s, Outcome& out, Environment& env)
        : s_(s)
        , out_(out)
        , env_(env)
    {
    }

    // ---- user actions ---------------------------------------------------------------------

    void operator()(const Send& a)
    {
        if (s_.turn)
            return reject(RejectReason::TurnInProgress);
        if (readOnly())
            return;
        if (a.text.empty() && a.attachments.empty())
            return reject(RejectReason::InvalidValue, "empty message");
        ensureConversationId();
        Message m = newMessage(Role::User, a.text);
        if (!a.attachments.empty())
            m.extras().attachments = a.attachments;
        const std::size_t row = append(std::move(m));
        out_.events.emplace_back(UserMessageEvent{s_.messages[row].id});
        log("send", s_.messages[row].id);
        startTurn();
        persist(row);
    }

    void operator()(const Regenerate& a)
    {
        const std::size_t row = findMessage(s_, a.messageId);
        if (row == noRow)
            return reject(RejectReason::UnknownMessage, a.messageId);
        // Re-run from the user message that asked for this one (or this one, if it is a user's).
        std::size_t keep = row;
        while (keep != noRow && s_.messages[keep].role != Role::User)
            keep = keep == 0 ? noRow : keep - 1;
        if (keep == noRow)
            return reject(RejectReason::NothingToRun, a.messageId);
        log("regenerate", a.messageId);
        cancelOpenTurn(false);
        truncateAfter(keep);
        startTurn();
        persist(keep + 1);
    }

    void operator()(const Edit& a)
    {
        const std::size_t row = findMessage(s_, a.messageId);
        if (row == noRow)
            return reject(RejectReason::UnknownMessage, a.messageId);
        if (s_.messages[row].role != Role::User)
            return reject(RejectReason::NotUserMessage, a.messageId);
        if (a.newText.empty() && s_.messages[row].attachments().empty())
            return reject(RejectReason::InvalidValue, "empty message");
        log("edit", a.messageId);
        cancelOpenTurn(false);
        if (s_.messages[row].text != a.newText) {
            s_.messages[row].text = a.newText;
            changed(row, Field::Text);
        }
        truncateAfter(row);
        startTurn();
        persist(row);
    }

    void operator()(const Branch& a)
    {
        const std::size_t row = findMessage(s_, a.messageId);
        if (row == noRow)
            return reject(RejectReason::UnknownMessage, a.messageId);
        if (row == streamingRow(s_))
            return reject(RejectReason::StillStreaming, a.messageId);
        ensureConversationId();
        ForkConversation fork;
        fork.newConversationId = env_.newId("c");
        fork.sourceConversationId = s_.conversationId;
        fork.messages.assign(s_.messages.begin(),
                             s_.messages.begin() + static_cast<std::ptrdiff_t>(row + 1));
        out_.result = fork.newConversationId;
        log("branch", fork.newConversationId);
        out_.effects.emplace_back(std::move(fork));
    }

    void operator()(const Abort&)
    {
        if (!s_.turn)
            return reject(RejectReason::NoTurn);
        log("abort", s_.turn->firstMessageId);
        cancelOpenTurn(true);
    }

    void operator()(const Clear&)
    {
        log("clear", s_.conversationId);
        s_.loadError.clear(); // what is added next starts a conversation of its own
        cancelOpenTurn(false);
        replaceMessages({});
        s_.cleared = true;
    }

    void operator()(const DeleteConversation&)
    {
        log("delete", s_.conversationId);
        cancelOpenTurn(false);
        if (!s_.conversationId.empty())
            out_.effects.emplace_back(DeleteStoredConversation{s_.conversationId});
        replaceMessages({});
        startNewConversation();
        s_.loadError.clear();
    }

    void operator()(const ApproveToolCall& a)
    {
        auto it = findPending(a.callId);
        if (it == s_.pendingToolCalls.end())
            return reject(RejectReason::UnknownToolCall, a.callId);
        log("approve", a.callId);
        ToolCall call = std::move(*it);
        s_.pendingToolCalls.erase(it);
        run(std::move(call));
        settleToolPhase();
    }

    void operator()(const DenyToolCall& a)
    {
        auto it = findPending(a.callId);
        if (it == s_.pendingToolCalls.end())
            return reject(RejectReason::UnknownToolCall, a.callId);
        log("deny", a.callId);
        ToolCall call = std::move(*it);
        s_.pendingToolCalls.erase(it);
        appendToolMessage(call, deniedText(a.reason), false, true);
        settleToolPhase();
    }

    void operator()(const AddUserMessage& a)
    {
        if (s_.turn)
            return reject(RejectReason::TurnInProgress);
        if (readOnly())
            return;
        ensureConversationId();
        persist(append(newMessage(Role::User, a.text)));
    }

    void addMessages(std::vector<Message> incoming)
    {
        if (s_.turn)
            return reject(RejectReason::TurnInProgress);
        if (readOnly())
            return;
        if (!validateIncoming(incoming, true))
            return;
        ensureConversationId();
        const std::size_t first = s_.messages.size();
        for (Message& m : incoming)
            append(std::move(m));
        if (!incoming.empty())
            persist(first);
    }

    // Message-carrying actions take their messages by value: a caller passing an rvalue Input
    // (a conversation just loaded) moves them in instead of copying the whole history.
    void operator()(const SetMessages& a) { setMessages(a.messages); }
    void operator()(SetMessages&& a) { setMessages(std::move(a.messages)); }
    void operator()(const AddMessages& a) { addMessages(a.messages); }
    void operator()(AddMessages&& a) { addMessages(std::move(a.messages)); }
    void operator()(const SwitchConversation& a)
    {
        switchTo(a.conversationId, a.messages, a.loadError);
    }
    void operator()(SwitchConversation&& a)
    {
        switchTo(a.conversationId, std::move(a.messages), a.loadError);
    }

    void setMessages(std::vector<Message> incoming)
    {
        if (!validateIncoming(incoming, false))
            return;
        cancelOpenTurn(false);
        ensureConversationId();
        replaceMessages(std::move(incoming));
        s_.loadError.clear(); // the app replaced what could not be loaded
        persist(0);
    }

    void operator()(const Reset&)
    {
        cancelOpenTurn(false);
        replaceMessages({});
        startNewConversation();
        s_.loadError.clear();
        s_.debugLog.clear();
        log("reset", s_.conversationId);
    }

    void operator()(const SetAutoAccept& a)
    {
        s_.autoAccept = a.mode;
        if (!s_.turn || s_.pendingToolCalls.empty())
            return;
        // Calls the new policy accepts stop waiting for the user.
        std::vector<ToolCall> stillPending;
        for (ToolCall& call : s_.pendingToolCalls) {
            if (accepts(call))
                run(std::move(call));
            else
                stillPending.push_back(std::move(call));
        }
        s_.pendingToolCalls = std::move(stillPending);
        settleToolPhase();
    }

    void operator()(const SetSystemPrompt& a) { s_.systemPrompt = a.prompt; }
    void operator()(const SetTools& a) { s_.tools = a.tools; }

    void operator()(const SetMaxSteps& a)
    {
        if (a.maxSteps < 1)
            return reject(RejectReason::InvalidValue, "maxSteps must be at least 1");
        s_.maxSteps = a.maxSteps;
    }

    void operator()(const SetMaxRetries& a)
    {
        if (a.maxRetries < 0)
            return reject(RejectReason::InvalidValue, "maxRetries must not be negative");
        s_.maxRetries = a.maxRetries;
    }

    void operator()(const AddCheckpoint& a)
    {
        if (s_.turn)
            return reject(RejectReason::TurnInProgress);
        if (readOnly())
            return;
        ensureConversationId();
        const std::size_t row = append(newMessage(Role::Checkpoint, a.payload));
        log("checkpoint", s_.messages[row].id);
        persist(row);
    }

    void operator()(const RestoreCheckpoint& a)
    {
        const std::size_t row = findMessage(s_, a.messageId);
        if (row == noRow)
            return reject(RejectReason::UnknownMessage, a.messageId);
        if (s_.messages[row].role != Role::Checkpoint)
            return reject(RejectReason::NotCheckpoint, a.messageId);
        if (s_.turn)
            return reject(RejectReason::TurnInProgress);
        log("restore", a.messageId);
        truncateAfter(row);
        out_.events.emplace_back(CheckpointRestoredEvent{a.messageId, s_.messages[row].text});
        persist(row + 1);
    }

    void switchTo(const std::string& conversationId, std::vector<Message> incoming,
                  const std::string& loadError)
    {
        if (!validateIncoming(incoming, false))
            return;
        cancelOpenTurn(false);
        replaceMessages(std::move(incoming));
        s_.conversationId = conversationId.empty() ? env_.newId("c") : conversationId;
        s_.cleared = false;
        s_.loadError = loadError;
        if (!loadError.empty())
            s_.lastError = ErrorInfo{"load_failed", loadError, false, -1};
        log("switch", s_.conversationId);
    }

    // A conversation that failed to load takes nothing new: the next save would overwrite it.
    bool readOnly()
    {
        if (s_.loadError.empty())
            return false;
        reject(RejectReason::ReadOnly, s_.loadError);
        return true;
    }

    // ---- transport events -----------------------------------------------------------------

    void operator()(const StreamStarted& e)
    {
        if (!isCurrent(e.requestId))
            return dropped();
        log("started", s_.messages[s_.turn->stepRow].id);
    }

    void operator()(const TextDelta& e)
    {
        if (!isCurrent(e.requestId))
            return dropped();
        const std::size_t row = s_.turn->stepRow;
        Message& m = s_.messages[row];
        const std::size_t offset = m.text.size();
        m.text.append(e.text);
        changed(row, Field::Text);
        out_.events.emplace_back(
            StreamTokenEvent{m.id, std::string_view(m.text).substr(offset, e.text.size())});
        announcePhrases(m, offset, false);
        ++s_.turn->tokens; // logged once per step, not per token (see logTokens)
    }

    void operator()(const ReasoningDelta& e)
    {
        if (!isCurrent(e.requestId))
            return dropped();
        const std::size_t row = s_.turn->stepRow;
        Message& m = s_.messages[row];
        m.extras().reasoning.append(e.text);
        changed(row, Field::Reasoning);
        s_.debugLog.record("reasoning", m.id);
    }

    void operator()(const ToolCallRequested& e)
    {
        if (!isCurrent(e.requestId))
            return dropped();
        const std::size_t row = s_.turn->stepRow;
        ToolCall call = e.call;
        // A call needs an id unique in its turn to be approved and answered; mint one if the
        // server sent none or repeated one.
        if (call.id.empty() || hasCallId(call.id))
            call.id = env_.newId("call");
        const ToolInfo* tool = findTool(s_, call.name);
        call.readOnly = tool && tool->readOnly;
        Message& m = s_.messages[row];
        m.extras().toolCalls.push_back(call);
        changed(row, Field::ToolCalls);
        s_.turn->stepCalls.push_back(call);
        log("toolCall", call.id);
        out_.events.emplace_back(ToolCallEvent{m.id, std::move(call)});
    }

    void operator()(const StreamEnded& e)
    {
        if (!isCurrent(e.requestId))
            return dropped();
        if (e.finishReason.empty())
            return failStep(
                {"incomplete", "The stream ended before the model finished its reply.", true, -1},
                ErrorVerdict::Default);
        Turn& turn = *s_.turn;
        const std::size_t row = turn.stepRow;
        turn.requestId = 0;
        announcePhrases(s_.messages[row], s_.messages[row].text.size(), true);
        out_.events.emplace_back(StepFinishEvent{s_.messages[row].id, turn.step, e.finishReason});
        logTokens();
        log("stepEnd", s_.messages[row].id);

        if (turn.stepCalls.empty())
            return finishTurn(Status::Idle);

        changed(row, Field::Streaming);
        s_.status = Status::RunningTool; // leaves Streaming before any tool message is added
        if (turn.step >= s_.maxSteps) {
            for (const ToolCall& call : turn.stepCalls)
                appendToolMessage(call, "Not run: the turn reached its step limit.", true, false);
            return failTurn({"step_limit",
                             "The agent stopped after " + std::to_string(s_.maxSteps) + " steps.",
                             false, -1});
        }
        for (const ToolCall& call : turn.stepCalls) {
            if (!findTool(s_, call.name))
                appendToolMessage(call, "Unknown tool \"" + call.name + "\": it was not run.", true,
                                  false);
            else if (accepts(call))
                run(call);
            else
                s_.pendingToolCalls.push_back(call);
        }
        if (!s_.pendingToolCalls.empty())
            announce(Announcement::Kind::ApprovalNeeded, Politeness::Assertive,
                     s_.messages[row].id);
        settleToolPhase();
    }

    void operator()(const StreamFailed& e)
    {
        if (!isCurrent(e.requestId))
            return dropped();
        failStep(e.error, e.verdict);
    }

    void operator()(const Handoff& e)
    {
        if (!isCurrent(e.requestId))
            return dropped();
        logTokens();
        log("handoff", e.target);
        announcePhrases(s_.messages[s_.turn->stepRow], 0, true);
        finishTurn(Status::Handoff);
    }

    void operator()(const ToolResult& e)
    {
        if (!s_.turn)
            return dropped();
        auto& running = s_.turn->running;
        auto it = std::find(running.begin(), running.end(), e.callId);
        if (it == running.end())
            return dropped();
        running.erase(it);
        const auto& calls = s_.turn->stepCalls;
        auto call = std::find_if(calls.begin(), calls.end(),
                                 [&](const ToolCall& c) { return c.id == e.callId; });
        log("toolResult", e.callId);
        appendToolMessage(call != calls.end() ? *call : ToolCall{e.callId, {}, {}, false}, e.result,
                          e.isError, false);
        settleToolPhase();
    }

private:
    // ---- bookkeeping ----------------------------------------------------------------------

    void reject(RejectReason reason, std::string detail = {})
    {
        out_.rejection = Rejection{{}, reason, std::move(detail)};
    }

    void log(std::string_view kind, std::string_view subject) { s_.debugLog.record(kind, subject); }
    void dropped() { s_.debugLog.record("dropped", {}); }

    // The step's token count as one log entry.
    void logTokens()
    {
        Turn& turn = *s_.turn;
        if (turn.tokens > 0)
            s_.debugLog.record("tokens", s_.messages[turn.stepRow].id, turn.tokens);
        turn.tokens = 0;
    }

    bool isCurrent(RequestId id) const
    {
        return s_.turn && id != 0 && s_.turn->requestId == id && s_.status == Status::Streaming;
    }

    void ensureConversationId()
    {
        // After clear() the stored copy of the conversation stays as it was: what is added next
        // starts a conversation of its own instead of overwriting it.
        if (s_.conversationId.empty() || s_.cleared)
            startNewConversation();
    }

    void startNewConversation()
    {
        s_.conversationId = env_.newId("c");
        s_.cleared = false;
    }

    std::string freshMessageId()
    {
        std::string id = env_.newId("m");
        while (findMessage(s_, id) != noRow)
            id = env_.newId("m");
        return id;
    }

    Message newMessage(Role role, std::string text)
    {
        return Message(freshMessageId(), role, std::move(text), env_.now ? env_.now() : 0);
    }

    // ---- change set -----------------------------------------------------------------------

    std::size_t append(Message m)
    {
        s_.messages.push_back(std::move(m));
        const std::size_t row = s_.messages.size() - 1;
        if (!out_.changes.empty()) {
            Change& last = out_.changes.back();
            if (last.kind == Change::Kind::Inserted && last.first + last.count == row) {
                ++last.count;
                return row;
            }
        }
        out_.changes.push_back({Change::Kind::Inserted, row, 1, Field::None});
        return row;
    }

    void changed(std::size_t row, Field fields)
    {
        if (!out_.changes.empty()) {
            Change& last = out_.changes.back();
            if (last.kind == Change::Kind::Changed && last.first == row) {
                last.fields |= fields;
                return;
            }
        }
        out_.changes.push_back({Change::Kind::Changed, row, 1, fields});
    }

    void truncateAfter(std::size_t row)
    {
        const std::size_t first = row + 1;
        if (first >= s_.messages.size())
            return;
        out_.changes.push_back(
            {Change::Kind::Removed, first, s_.messages.size() - first, Field::None});
        s_.messages.erase(s_.messages.begin() + static_cast<std::ptrdiff_t>(first),
                          s_.messages.end());
    }

    void replaceMessages(std::vector<Message> messages)
    {
        s_.messages = std::move(messages);
        // A history whose last reply was cut off (stopped, or a crash while it streamed) is
        // where an abort leaves a conversation: interrupted, ready to regenerate.
        const bool cutOff = !s_.messages.empty() && s_.messages.back().role == Role::Assistant &&
                            s_.messages.back().aborted;
        s_.status = cutOff ? Status::Interrupted : Status::Idle;
        s_.lastError.reset();
        s_.pendingToolCalls.clear();
        out_.changes.push_back({Change::Kind::Reset, 0, s_.messages.size(), Field::None});
    }

    void persist(std::size_t fromRow)
    {
        for (Effect& e : out_.effects) {
            if (auto* p = std::get_if<Persist>(&e)) {
                p->fromRow = std::min(p->fromRow, fromRow);
                return;
            }
        }
        out_.effects.emplace_back(Persist{s_.conversationId, fromRow});
    }

    void announce(Announcement::Kind kind, Politeness politeness, const std::string& messageId,
                  std::size_t offset = 0, std::size_t length = 0)
    {
        out_.announcements.push_back({kind, politeness, messageId, offset, length});
    }

    // Announces the streamed text up to the last phrase end inside the new part (from `from`),
    // or all of it when `flush` or when the unannounced part grew past maxPhraseLength.
    void announcePhrases(const Message& m, std::size_t from, bool flush)
    {
        std::size_t& done = s_.turn->announcedUpTo;
        const std::string& text = m.text;
        std::size_t upTo = done;
        if (flush || text.size() - done >= maxPhraseLength) {
            upTo = text.size();
        } else {
            // Only the new part is scanned, newest first: the cost per token is its length.
            const std::size_t start = std::max(from, done);
            for (std::size_t i = text.size(); i > start; --i) {
                if (isPhraseEnd(text[i - 1])) {
                    upTo = i;
                    break;
                }
            }
        }
        if (upTo > done) {
            announce(Announcement::Kind::ReplyText, Politeness::Polite, m.id, done, upTo - done);
            done = upTo;
        }
    }

    // ---- turns ----------------------------------------------------------------------------

    std::vector<Message> requestHistory() const
    {
        std::vector<Message> history;
        history.reserve(s_.messages.size() + 1);
        if (!s_.systemPrompt.empty())
            history.emplace_back("system-prompt", Role::System, s_.systemPrompt);
        const std::size_t skip = s_.turn ? s_.turn->stepRow : noRow;
        for (std::size_t i = 0; i < s_.messages.size(); ++i)
            if (i != skip && s_.messages[i].role != Role::Checkpoint)
                history.push_back(s_.messages[i]);
        return history;
    }

    StartTurn request(std::int64_t delayMs)
    {
        Turn& turn = *s_.turn;
        turn.requestId = s_.nextRequestId++;
        turn.lastRequestId = turn.requestId;
        StartTurn start;
        start.requestId = turn.requestId;
        start.conversationId = s_.conversationId;
        start.history = requestHistory();
        start.step = turn.step;
        start.attempt = turn.attempt;
        start.delayMs = delayMs;
        return start;
    }

    // Opens a turn: a streaming assistant message and the first request.
    void startTurn()
    {
        ensureConversationId();
        s_.lastError.reset();
        s_.turn.emplace();
        const std::size_t row = append(newMessage(Role::Assistant, {}));
        s_.turn->stepRow = row;
        s_.turn->firstMessageId = s_.messages[row].id;
        s_.status = Status::Streaming;
        out_.effects.emplace_back(request(0));
        out_.events.emplace_back(StreamStartEvent{s_.messages[row].id});
        announce(Announcement::Kind::ReplyStarted, Politeness::Polite, s_.messages[row].id);
    }

    // The next model call of the open turn, after its tool results.
    void startNextStep()
    {
        Turn& turn = *s_.turn;
        ++turn.step;
        turn.attempt = 0;
        turn.announcedUpTo = 0;
        turn.stepCalls.clear();
        const std::size_t row = append(newMessage(Role::Assistant, {}));
        turn.stepRow = row;
        s_.status = Status::Streaming;
        out_.effects.emplace_back(request(0));
        log("step", s_.messages[row].id);
    }

    // Decides what the tool phase waits for, or moves on when nothing is left.
    void settleToolPhase()
    {
        if (!s_.pendingToolCalls.empty())
            s_.status = Status::ReviewingToolCall;
        else if (!s_.turn->running.empty())
            s_.status = Status::RunningTool;
        else
            startNextStep();
    }

    void finishTurn(Status status)
    {
        const std::size_t row = s_.turn->stepRow;
        const std::string id = s_.messages[row].id;
        changed(row, Field::Streaming);
        s_.status = status;
        s_.turn.reset();
        persist(row);
        announce(Announcement::Kind::ReplyFinished, Politeness::Polite, id);
        out_.events.emplace_back(StreamEndEvent{id});
        log("end", id);
    }

    void failTurn(ErrorInfo error)
    {
        const std::size_t row = s_.turn->stepRow;
        Message& m = s_.messages[row];
        m.extras().error = error.message;
        changed(row, Field::Error | Field::Streaming);
        s_.status = Status::Error;
        s_.lastError = error;
        s_.turn.reset();
        s_.pendingToolCalls.clear();
        persist(row);
        announce(Announcement::Kind::Error, Politeness::Assertive, m.id);
        log("error", error.code);
        out_.events.emplace_back(ErrorEvent{m.id, std::move(error)});
    }

    // The current request failed: retry it, or end the turn with the error.
    void failStep(const ErrorInfo& error, ErrorVerdict verdict)
    {
        logTokens();
        Turn& turn = *s_.turn;
        const RetryPolicy policy{s_.maxRetries, RetryPolicy{}.hookRetryLimit,
                                 RetryPolicy{}.baseDelayMs, RetryPolicy{}.maxDelayMs};
        const RetryDecision decision = decideRetry(policy, error, turn.attempt, verdict);
        if (!decision.retry)
            return failTurn(error);
        // The failed attempt's partial output is discarded; the retry streams afresh.
        const std::size_t row = turn.stepRow;
        Message& m = s_.messages[row];
        Field fields = Field::None;
        if (!m.text.empty()) {
            m.text.clear();
            fields |= Field::Text;
        }
        if (!m.reasoning().empty() || !m.toolCalls().empty()) {
            m.extras().reasoning.clear();
            m.extras().toolCalls.clear();
            fields |= Field::Reasoning | Field::ToolCalls;
        }
        if (fields != Field::None)
            changed(row, fields);
        turn.stepCalls.clear();
        turn.announcedUpTo = 0;
        ++turn.attempt;
        log("retry", error.code);
        out_.effects.emplace_back(request(decision.delayMs));
    }

    // Closes the open turn as aborted (R4: its one terminal event). With `keepRecord` (a user's
    // stop), unanswered calls get a cancelled tool message so the history stays well formed;
    // otherwise the caller is about to drop or replace the history anyway.
    void cancelOpenTurn(bool keepRecord)
    {
        if (!s_.turn)
            return;
        logTokens();
        Turn& turn = *s_.turn;
        const std::size_t row = turn.stepRow;
        out_.effects.emplace_back(CancelTurn{turn.lastRequestId, turn.running});
        Message& m = s_.messages[row];
        const std::string id = m.id;
        Field fields = Field::None;
        if (s_.status == Status::Streaming)
            fields |= Field::Streaming;
        if (!m.aborted) {
            m.aborted = true;
            fields |= Field::Aborted;
        }
        if (fields != Field::None)
            changed(row, fields);
        s_.status = Status::Interrupted;
        if (keepRecord) {
            for (const ToolCall& call : turn.stepCalls) {
                const bool pending =
                    std::any_of(s_.pendingToolCalls.begin(), s_.pendingToolCalls.end(),
                                [&](const ToolCall& c) { return c.id == call.id; });
                const bool running = std::find(turn.running.begin(), turn.running.end(), call.id) !=
                                     turn.running.end();
                if (pending)
                    appendToolMessage(call, "Cancelled: the turn was stopped.", false, true);
                else if (running)
                    appendToolMessage(call, "Cancelled: the turn was stopped while the tool ran.",
                                      true, false);
            }
        }
        s_.pendingToolCalls.clear();
        s_.turn.reset();
        if (keepRecord)
            persist(row);
        announce(Announcement::Kind::Stopped, Politeness::Polite, id);
        out_.events.emplace_back(AbortedEvent{id});
    }

    // ---- tools ----------------------------------------------------------------------------

    std::vector<ToolCall>::iterator findPending(const std::string& callId)
    {
        if (!s_.turn)
            return s_.pendingToolCalls.end();
        return std::find_if(s_.pendingToolCalls.begin(), s_.pendingToolCalls.end(),
                            [&](const ToolCall& c) { return c.id == callId; });
    }

    bool hasCallId(const std::string& id) const
    {
        return std::any_of(s_.turn->stepCalls.begin(), s_.turn->stepCalls.end(),
                           [&](const ToolCall& c) { return c.id == id; });
    }

    bool accepts(const ToolCall& call) const
    {
        switch (s_.autoAccept) {
        case AutoAccept::Always:
            return true;
        case AutoAccept::OnlyRead: {
            // The tool registered now decides, not the flag the call carried when it arrived
            // (or was stored with): a tool re-registered as writing is never run unasked.
            const ToolInfo* tool = findTool(s_, call.name);
            return tool && tool->readOnly;
        }
        case AutoAccept::Never:
            break;
        }
        return false;
    }

    void run(ToolCall call)
    {
        s_.turn->running.push_back(call.id);
        out_.effects.emplace_back(ExecuteTool{std::move(call)});
    }

    void appendToolMessage(const ToolCall& call, std::string text, bool isError, bool denied)
    {
        Message m = newMessage(Role::Tool, std::move(text));
        m.extras().toolCallId = call.id;
        m.extras().toolName = call.name;
        m.isError = isError;
        m.denied = denied;
        persist(append(std::move(m)));
    }

    // Checks messages from outside: ids unique (among themselves, and against the history when
    // appending); a missing id is minted. Rejects with the first offending path. Sorting views
    // keeps a 10,000-message load at one allocation instead of one hash node per id.
    bool validateIncoming(std::vector<Message>& incoming, bool appending)
    {
        auto taken = [&](const std::string& id) {
            if (appending && findMessage(s_, id) != noRow)
                return true;
            return std::any_of(incoming.begin(), incoming.end(),
                               [&](const Message& m) { return m.id == id; });
        };
        for (Message& m : incoming) {
            if (m.id.empty()) {
                std::string id = env_.newId("m");
                while (taken(id))
                    id = env_.newId("m");
                m.id = std::move(id);
            }
        }
        constexpr std::size_t existing = noRow; // marks an id already in the history
        std::vector<std::pair<std::string_view, std::size_t>> ids;
        ids.reserve(incoming.size() + (appending ? s_.messages.size() : 0));
        for (std::size_t i = 0; i < incoming.size(); ++i)
            ids.emplace_back(incoming[i].id, i);
        if (appending)
            for (const Message& m : s_.messages)
                ids.emplace_back(m.id, existing);
        // Equal ids end up adjacent, existing ones last within their group.
        std::sort(ids.begin(), ids.end());
        std::size_t firstDuplicate = noRow;
        for (std::size_t i = 0; i < ids.size();) {
            std::size_t j = i + 1;
            while (j < ids.size() && ids[j].first == ids[i].first)
                ++j;
            const bool clashesWithHistory = ids[j - 1].second == existing;
            // Within a group the first incoming one is a duplicate only of the history.
            for (std::size_t k = clashesWithHistory ? i : i + 1; k < j; ++k)
                if (ids[k].second != existing)
                    firstDuplicate = std::min(firstDuplicate, ids[k].second);
            i = j;
        }
        if (firstDuplicate != noRow) {
            reject(RejectReason::InvalidMessages, "messages[" + std::to_string(firstDuplicate) +
                                                      "].id: duplicate id \"" +
                                                      incoming[firstDuplicate].id + "\"");
            return false;
        }
        return true;
    }

    State& s_;
    Outcome& out_;
    Environment& env_;
};

} // namespace

namespace {
template<class In>
void run(State& state, In&& input, Outcome& out, Environment& env)
{
    out.clear();
    Reduction reduction(state, out, env);
    std::visit(reduction, std::forward<In>(input));
    if (out.rejection) {
        // The index survives a move, so the name is right even for a moved-from input.
        out.rejection->action = actionName(input);
        // Rejections happen before any change: nothing else may leak out.
        out.changes.clear();
        out.effects.clear();
        out.events.clear();
        out.announcements.clear();
    }
}
} // namespace

void reduce(State& state, const Input& input, Outcome& out, Environment& env)
{
    run(state, input, out, env);
}

void reduce(State& state, Input&& input, Outcome& out, Environment& env)
{
    run(state, std::move(input), out, env);
}

Outcome reduce(State& state, const Input& input, Environment& env)
{
    Outcome out;
    reduce(state, input, out, env);
    return out;
}

} // namespace koder::agent
