// SPDX-License-Identifier: MIT
// The context budget: the window and the meter, compaction (a request of its own whose summary
// becomes a boundary row), undoing it, and continuing a reply cut by `length`.
#include "errorcodes.h"
#include "finish.h"
#include "koder/agent/contextbudget.h"
#include "koder/agent/overloaded.h"
#include "reduction.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

namespace koder::agent::reduction {

namespace {

// What the model is asked for: the answer is the summary row's text.
constexpr std::string_view compactionInstruction =
    "Summarise the conversation above so that it can go on from your summary alone: keep the "
    "user's goals and preferences, the decisions taken, facts, names, numbers, file names, code "
    "that matters and the questions still open; leave out greetings and repetition. Write the "
    "summary only, in the language of the conversation.";

// The thresholds a meter announces, as levels (0 none).
int levelOf(double ratio)
{
    return ratio >= 0.95 ? 2 : ratio >= 0.8 ? 1 : 0;
}

} // namespace

void Reduction::recountContext(State& s)
{
    const std::size_t row = streamingRow(s);
    s.context.settled = settledContextTokens(s, row);
    s.context.streamingUnits = row == noRow ? 0 : estimateUnits(s.conversation.messages[row].text);
}

void ContextInputs::operator()(const SetContextWindow& a)
{
    if (a.tokens < 0)
        return reject(RejectReason::InvalidValue, "contextWindow < 0");
    s_.settings.contextWindow = a.tokens;
}

void ContextInputs::operator()(const SetAutoCompact& a)
{
    if (!(a.ratio >= 0 && a.ratio <= 1))
        return reject(RejectReason::InvalidValue, "autoCompact must be between 0 and 1");
    s_.settings.autoCompact = a.ratio;
}

// Which rows: see compactionCut().
void ContextInputs::startCompaction(bool automatic)
{
    const auto refuse = [&](RejectReason reason, std::string detail = {}) {
        if (!automatic)
            reject(reason, std::move(detail));
    };
    RejectReason why = RejectReason::NothingToCompact;
    const std::optional<CompactionCut> where = compactionCut(s_, &why);
    if (!where)
        return refuse(why,
                      why == RejectReason::ReadOnly ? s_.conversation.loadError : std::string());
    const std::vector<Message>& path = s_.conversation.messages;
    const std::size_t cut = where->cut;

    // What a request would send of the rows before the cut, and the instruction.
    StartTurn start;
    start.requestId = s_.nextRequestId++;
    start.conversationId = s_.conversation.id;
    start.kind = RequestKind::Summary;
    start.history = requestHistory(cut);
    start.history.emplace_back("compaction-request", Role::User,
                               std::string(compactionInstruction));
    // The rows it covers: those summarised, and the summary before them.
    const std::size_t covered = cut - (where->first == 0 ? 0 : where->first - 1);
    s_.compaction = Compaction{start.requestId, path[cut - 1].id, path[cut].id, covered, {}};
    out_.effects.emplace_back(std::move(start));
}

bool ContextInputs::compactionEvent(const Input& input)
{
    if (!s_.compaction)
        return false;
    const RequestId request = requestIdOf(input);
    if (request == 0 || request != s_.compaction->requestId)
        return false;
    std::visit(overloaded{
                   [&](const TextDelta& e) { s_.compaction->text += e.text; },
                   [&](const StreamEnded& e) { landSummary(e); },
                   [&](const StreamFailed& e) { endCompaction(e.error, false); },
                   [&](const Handoff&) {
                       endCompaction({"handoff",
                                      "The agent handed the conversation on instead "
                                      "of summarising it.",
                                      false, -1},
                                     false);
                   },
                   [](const auto&) {}, // reasoning, calls, server rows: not part of a summary
               },
               input);
    return true;
}

void Reduction::endCompaction(ErrorInfo error, bool cancelRequest)
{
    if (cancelRequest)
        out_.effects.emplace_back(CancelTurn{s_.compaction->requestId, {}});
    s_.compaction.reset();
    out_.events.emplace_back(CompactionEndEvent{{}, std::move(error)});
}

void Reduction::stopCompactionOfLeftConversation()
{
    if (s_.compaction)
        endCompaction(
            {"cancelled", "The conversation was left while it was summarised.", false, -1}, true);
}

void ContextInputs::reparent(const std::string& fromId, const std::string& toId)
{
    Versions& v = s_.conversation.versions;
    if (auto node = v.siblings.extract(fromId)) {
        node.key() = toId;
        v.siblings.insert(std::move(node));
    }
    for (auto& [id, other] : v.offPath)
        if (other.parentId == fromId)
            other.parentId = toId;
}

void ContextInputs::shiftTurnRows(std::size_t from, std::ptrdiff_t by)
{
    if (!s_.turn)
        return;
    for (std::size_t* row : {&s_.turn->stepRow, &s_.turn->stepFirstRow})
        if (*row != noRow && *row >= from)
            *row = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(*row) + by);
}

// The summary lands before the first row kept, if the rows it covers are still the path's.
void ContextInputs::landSummary(const StreamEnded& e)
{
    std::string text = e.text ? *e.text : s_.compaction->text;
    const bool blank = std::all_of(text.begin(), text.end(), [](char c) {
        return std::isspace(static_cast<unsigned char>(c));
    });
    if (e.finishReason.empty())
        return endCompaction(
            {"incomplete", "The summary ended before the model finished it.", false, -1}, false);
    if (normalizedFinishReason(e.finishReason, false) != "stop")
        // Cut by the output limit, refused or filtered: it must not stand for the history.
        return endCompaction({"incomplete_summary",
                              "The model did not finish the summary (" + e.finishReason + ").",
                              false, -1},
                             false);
    if (blank)
        return endCompaction({"empty_summary", "The model gave no summary.", false, -1}, false);
    std::vector<Message>& path = s_.conversation.messages;
    const std::size_t at = findMessage(s_, s_.compaction->firstKeptId);
    if (at == noRow || at == 0 || path[at - 1].id != s_.compaction->lastSummarizedId)
        return endCompaction(
            {"history_changed", "The conversation changed while it was summarised.", false, -1},
            false);
    Message summary = newMessage(Role::Summary, std::move(text));
    MessageExtras& x = summary.extras();
    x.usage = e.usage;
    x.finishReason = normalizedFinishReason(e.finishReason, false);
    x.metadata =
        detail::mergedMetadata(detail::withoutBudgetKeys(e.metadata),
                               R"({"rows":)" + std::to_string(s_.compaction->rows) + "}", false);
    const std::string parentId = path[at - 1].id;
    reparent(parentId, summary.id);
    const std::string summaryId = summary.id;
    path.insert(path.begin() + static_cast<std::ptrdiff_t>(at), std::move(summary));
    out_.changes.push_back({Change::Kind::Inserted, at, 1, Field::None});
    shiftTurnRows(at, 1);
    persist(at).allVersions = !s_.conversation.versions.empty();
    s_.compaction.reset();
    s_.context.overflowed = false;
    recountContext(s_); // no afterReduce() for the compaction's own events
    announceThresholds(false);
    out_.events.emplace_back(CompactionEndEvent{summaryId, {}});
}

void ContextInputs::operator()(const UndoCompaction& a)
{
    if (readOnly())
        return;
    const std::size_t row = findMessage(s_, a.messageId);
    if (row == noRow)
        return reject(RejectReason::UnknownMessage, a.messageId);
    std::vector<Message>& path = s_.conversation.messages;
    if (path[row].role != Role::Summary)
        return reject(RejectReason::NotSummary, a.messageId);
    reparent(path[row].id, std::string(parentIdOf(path, row)));
    path.erase(path.begin() + static_cast<std::ptrdiff_t>(row));
    out_.changes.push_back({Change::Kind::Removed, row, 1, Field::None});
    shiftTurnRows(row, -1);
    persist(row).allVersions = !s_.conversation.versions.empty();
    s_.context.overflowed = false;
}

void ContextInputs::operator()(const ContinueReply& a)
{
    if (tooManyTurns())
        return;
    if (s_.turn)
        return reject(RejectReason::TurnInProgress);
    if (readOnly())
        return;
    const std::size_t row = findMessage(s_, a.messageId);
    if (row == noRow)
        return reject(RejectReason::UnknownMessage, a.messageId);
    Message& m = s_.conversation.messages[row];
    if (m.role != Role::Assistant || m.finishReason() != "length" ||
        row + 1 != s_.conversation.messages.size())
        return reject(RejectReason::NotCutOff, a.messageId);
    s_.lastError.reset();
    // The prefill of Anthropic's API may not end in white space, and a model goes on with the
    // space it needs: the reply goes on from its last word.
    const std::size_t before = m.text.size();
    while (!m.text.empty() && std::isspace(static_cast<unsigned char>(m.text.back())))
        m.text.pop_back();
    s_.turn.emplace();
    Turn& turn = *s_.turn;
    turn.stepRow = row;
    turn.stepFirstRow = row;
    turn.continuedFrom = m.text.size();
    turn.announcedUpTo = m.text.size();
    s_.status = Status::Streaming;
    changed(row, m.text.size() != before ? Field::Text | Field::Streaming : Field::Streaming);
    out_.effects.emplace_back(request(0));
    out_.events.emplace_back(StreamStartEvent{m.id});
    announce(Announcement::Kind::ReplyStarted, Politeness::Polite, m.id);
    persist(row);
}

void ContextInputs::announceThresholds(bool silently)
{
    const int level = levelOf(contextRatio(s_));
    if (level > s_.context.announced && !silently) {
        // Said by the newest reply (or summary): a view voices the model's rows, not the user's.
        const std::vector<Message>& path = s_.conversation.messages;
        const auto said = std::find_if(path.rbegin(), path.rend(), [](const Message& m) {
            return m.role == Role::Assistant || m.role == Role::Summary;
        });
        const std::string& id = said != path.rend() ? said->id
                                : path.empty()      ? s_.conversation.id
                                                    : path.back().id;
        announce(Announcement::Kind::ContextHigh,
                 level == 2 ? Politeness::Assertive : Politeness::Polite, id, level == 2 ? 95 : 80);
    }
    s_.context.announced = level;
}

void ContextInputs::afterReduce(const Input& input, const std::string& conversationBefore)
{
    if (const auto* delta = std::get_if<TextDelta>(&input)) {
        // The token path: the streaming row grew by the delta, nothing else moved.
        if (out_.changes.empty())
            return;
        s_.context.streamingUnits += estimateUnits(delta->text);
        if (s_.settings.contextWindow > 0 && levelOf(contextRatio(s_)) != s_.context.announced)
            announceThresholds(false);
        return;
    }
    if (std::holds_alternative<ReasoningDelta>(input) ||
        std::holds_alternative<ToolProgress>(input) ||
        std::holds_alternative<StreamStarted>(input) ||
        std::holds_alternative<ServerActivity>(input))
        return; // reasoning is not sent back; progress and a server's news are not history
    const bool left = s_.conversation.id != conversationBefore;
    if (left)
        stopCompactionOfLeftConversation();
    if (const auto* failed = std::get_if<StreamFailed>(&input);
        failed && failed->error.code == detail::contextLengthCode && !out_.dropped)
        s_.context.overflowed = true;
    else if (left || std::holds_alternative<StreamEnded>(input) ||
             std::holds_alternative<SetMessages>(input) || std::holds_alternative<Clear>(input) ||
             std::holds_alternative<Reset>(input) || std::holds_alternative<Edit>(input) ||
             std::holds_alternative<Regenerate>(input) ||
             std::holds_alternative<SwitchVersion>(input) ||
             std::holds_alternative<RestoreCheckpoint>(input))
        s_.context.overflowed = false;
    recountContext(s_);
    announceThresholds(left);
    // A reply that left the window fuller than autoCompact: compaction starts after it.
    const bool replied = std::any_of(out_.events.begin(), out_.events.end(), [](const Event& e) {
        return std::holds_alternative<StreamEndEvent>(e);
    });
    if (replied && s_.settings.autoCompact > 0 && s_.settings.contextWindow > 0 &&
        contextRatio(s_) >= s_.settings.autoCompact && !s_.compaction)
        startCompaction(true);
}

} // namespace koder::agent::reduction
