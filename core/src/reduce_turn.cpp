// SPDX-License-Identifier: MIT
// The turn's inputs: send, abort, and the model's stream (started, text and reasoning deltas,
// end, failure, handoff), with the phrase-sized announcements of the streaming reply. The token
// path (TextDelta) is amortized O(1) and allocates nothing beyond the text's growth.
#include "errorcodes.h"
#include "reduction.h"

#include <algorithm>
#include <array>
#include <utility>

namespace koder::agent::reduction {

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
} // namespace

void TurnInputs::operator()(const Send& a)
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
    startTurn();
    persist(row);
}

void TurnInputs::operator()(const Abort&)
{
    if (!s_.turn)
        return reject(RejectReason::NoTurn);
    cancelOpenTurn(true);
}

void TurnInputs::operator()(const StreamStarted& e)
{
    // The server took the request. Nothing changes; an observer (the debug log) may note it.
    if (!isCurrent(e.requestId))
        return dropped();
}

void TurnInputs::operator()(const TextDelta& e)
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
}

void TurnInputs::operator()(const ReasoningDelta& e)
{
    if (!isCurrent(e.requestId))
        return dropped();
    const std::size_t row = s_.turn->stepRow;
    Message& m = s_.messages[row];
    m.extras().reasoning.append(e.text);
    changed(row, Field::Reasoning);
}

void TurnInputs::operator()(const StreamEnded& e)
{
    if (endsToolPhase(e.requestId)) {
        endToolPhase();
        return finishTurn(Status::Idle);
    }
    if (!isCurrent(e.requestId))
        return dropped();
    if (e.finishReason.empty())
        return failStep({std::string(detail::incompleteStream),
                         "The stream ended before the model finished its reply.", true, -1},
                        ErrorVerdict::Default);
    Turn& turn = *s_.turn;
    const std::size_t row = turn.stepRow;
    turn.requestId = 0;
    announcePhrases(s_.messages[row], s_.messages[row].text.size(), true);
    out_.events.emplace_back(StepFinishEvent{s_.messages[row].id, turn.step, e.finishReason});

    if (turn.stepCalls.empty())
        return finishTurn(Status::Idle);

    changed(row, Field::Streaming);
    s_.status = Status::RunningTool; // leaves Streaming before any tool message is added
    if (turn.step >= s_.maxSteps) {
        for (const ToolCall& call : turn.stepCalls)
            appendToolMessage(
                call, "Not run: the turn reached its step limit.", true, false,
                {call.id, Decision::Denied, ApprovalScope::Once, DecidedBy::Policy, 0, false, {}});
        return failTurn({"step_limit",
                         "The agent stopped after " + std::to_string(s_.maxSteps) + " steps.",
                         false, -1});
    }
    startToolPhase(row);
}

void TurnInputs::operator()(const StreamFailed& e)
{
    // Never retried here: a retry would send the turn again, and the server ended it.
    if (endsToolPhase(e.requestId)) {
        endToolPhase();
        return failTurn(e.error);
    }
    if (!isCurrent(e.requestId))
        return dropped();
    failStep(e.error, e.verdict);
}

void TurnInputs::operator()(const Handoff& e)
{
    if (endsToolPhase(e.requestId)) {
        endToolPhase();
        return finishTurn(Status::Handoff);
    }
    if (!isCurrent(e.requestId))
        return dropped();
    announcePhrases(s_.messages[s_.turn->stepRow], 0, true);
    finishTurn(Status::Handoff);
}

// The transport ended the turn while calls waited for the user or ran: they are recorded as
// not run / not completed and the running tools are stopped; the request is over already.
void TurnInputs::endToolPhase()
{
    out_.effects.emplace_back(CancelTurn{0, s_.turn->running});
    recordUnansweredCalls("Not run: the turn ended before the call was decided.",
                          "Not completed: the turn ended while the tool ran.", DecidedBy::Policy);
}

// Announces the streamed text up to the last phrase end inside the new part (from `from`), or all
// of it when `flush` or when the unannounced part grew past maxPhraseLength.
void TurnInputs::announcePhrases(const Message& m, std::size_t from, bool flush)
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

} // namespace koder::agent::reduction
