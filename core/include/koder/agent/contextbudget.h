// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"
#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// The context budget's arithmetic: how many tokens a request will send, estimated where no
/// server reported them, and what replies cost. Plain functions of values.
namespace koder::agent {

/// Quarter tokens of `text`: 1 per ASCII byte (four ASCII characters make a token), 4 per other
/// character (a token each). Additive: the units of a text are the sum of its pieces', however
/// it is split, so a stream is counted delta by delta.
std::int64_t estimateUnits(std::string_view text);
/// Tokens for `units` quarter tokens, rounded up.
constexpr std::int64_t tokensOfUnits(std::int64_t units)
{
    return (units + 3) / 4;
}
/// The tokens every message costs beyond its content (its role and separators).
inline constexpr std::int64_t messageOverheadTokens = 4;
/// The tokens an attachment is counted as (its content is not read here).
inline constexpr std::int64_t attachmentTokens = 1024;
/// The estimated tokens message `m` adds to a request: the overhead, its text, its tool calls'
/// names and arguments, its attachments. Checkpoints and summaries behind the boundary add
/// nothing (see settledContextTokens()); reasoning is not counted (APIs do not send it back).
std::int64_t estimateTokens(const Message& m);
/// The estimated tokens of what every request sends besides the messages: the system prompt and
/// the tools' names, descriptions and parameter schemas.
std::int64_t estimateFixedTokens(const Settings& settings);
/// The prompt tokens a usage counts, cached ones included: every decoder reports them in
/// `promptTokens`; a server whose `cachedTokens` exceed it reported them apart, and they are
/// added. -1 when no prompt was reported.
std::int64_t promptTokensOf(const Usage& usage);

/// Whether row `m` goes into a request as it is: not a checkpoint, not a summary (the last one
/// is sent as summaryPromptText() in place of what precedes it), not a reply stopped before it
/// said anything (it tells the model nothing, and some servers refuse an empty assistant
/// message).
bool isSentAsIs(const Message& m);
/// The last summary row of `path` before row `before` (the boundary of what is sent), or noRow.
std::size_t lastSummaryRow(const std::vector<Message>& path, std::size_t before = noRow);
/// The text a summary row is sent as (a system message in the boundary's place).
std::string summaryPromptText(std::string_view summary);

/// Where a compaction of a state would cut its path: rows [first, cut) are summarised (a summary
/// at first - 1 is taken in), rows from `cut` on are kept.
struct CompactionCut {
    std::size_t first = 0;
    std::size_t cut = 0;
    friend bool operator==(const CompactionCut&, const CompactionCut&) = default;
};
/// Where Compact would cut `state` now, or nothing, with the reason in `why` (Compacting,
/// ReadOnly, NothingToCompact). The rows kept are whole exchanges from a user message on: the
/// last one at least (while a turn is open, the one it began with) and as many before it as fit
/// in a quarter of the window by the estimate.
std::optional<CompactionCut> compactionCut(const State& state, RejectReason* why = nullptr);

/// The tokens of the rows before the streaming row (`streamingRow`, or noRow), as the next
/// request will send them: the prompt the last reply after the boundary reported, plus that
/// reply's output and an estimate of every row added since; without such a reply, an estimate
/// of the system prompt, the tools, the summary and the rows after it.
std::int64_t settledContextTokens(const State& state, std::size_t streamingRow);

/// Per-million-token prices of a model.
struct Price {
    double input = 0;
    double cachedInput = -1; ///< negative: as `input`
    double output = 0;
    friend bool operator==(const Price&, const Price&) = default;
};
/// Prices by model name (as the transport's `model` says it).
using Pricing = std::map<std::string, Price, std::less<>>;
/// What one usage cost: uncached prompt tokens at `input`, cached ones at `cachedInput`,
/// completion tokens at `output`. Negative when the usage reports no tokens.
double costOf(const Usage& usage, const Price& price);
/// What row `m` cost (its request, and the earlier requests of a continued reply), priced by the
/// model its metadata names (`metadata.model`), else by `fallbackModel`. Negative when the row
/// reports no usage or no price is known for its model.
double costOf(const Message& m, const Pricing& pricing, std::string_view fallbackModel = {});
/// The sum of the known costs of `rows` (summaries included); 0 when none is known.
double totalCost(const std::vector<Message>& rows, const Pricing& pricing,
                 std::string_view fallbackModel = {});

} // namespace koder::agent
