// SPDX-License-Identifier: MIT
// The context budget's arithmetic: the estimate, the settled part of the meter, and costs.
#include "koder/agent/contextbudget.h"

#include <nlohmann/json.hpp>

#include <array>

namespace koder::agent {

namespace {

// Quarter tokens per byte: ASCII 1, a lead byte of another character 4, continuation bytes 0.
constexpr std::array<std::uint8_t, 256> unitsPerByte = [] {
    std::array<std::uint8_t, 256> table{};
    for (std::size_t b = 0; b < 256; ++b)
        table[b] = b < 0x80 ? 1 : (b >= 0xC0 ? 4 : 0);
    return table;
}();

nlohmann::json parsedObject(std::string_view text)
{
    if (text.empty())
        return nlohmann::json::object();
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    return j.is_object() ? j : nlohmann::json::object();
}

std::int64_t count(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<std::int64_t>() : -1;
}

// What the row's reply added to the conversation after its prompt: the output tokens the
// server counted, but the reasoning (not sent back); an estimate when it counted none.
std::int64_t outputTokensOf(const Message& m)
{
    const Usage& u = m.usage();
    if (u.completionTokens < 0)
        return estimateTokens(m);
    return messageOverheadTokens +
           std::max<std::int64_t>(0, u.completionTokens -
                                         std::max<std::int64_t>(0, u.reasoningTokens));
}

} // namespace

/*!
    \headerfile <koder/agent/contextbudget.h>
    \title The context budget
    \inmodule KoderAgentCore
    \brief How full the model's context window is, what compaction keeps, what replies cost.

    The functions behind contextUsed(): see
    \l {Context budget} for the rules of the estimate.
*/

/*!
    \fn std::int64_t koder::agent::estimateUnits(std::string_view text)
    \relates <koder/agent/contextbudget.h>

    Returns the quarter tokens of \a text: 1 for each ASCII byte, 4 for each other character
    (counted at its lead byte). The count is additive, so a streamed text is counted delta by
    delta in O(delta).
*/
std::int64_t estimateUnits(std::string_view text)
{
    std::int64_t units = 0;
    for (const char c : text)
        units += unitsPerByte[static_cast<unsigned char>(c)];
    return units;
}

/*!
    \fn std::int64_t koder::agent::tokensOfUnits(std::int64_t units)
    \relates <koder/agent/contextbudget.h>

    Returns the tokens \a units quarter tokens make, rounded up.
*/

/*!
    \fn std::int64_t koder::agent::estimateTokens(const koder::agent::Message &m)
    \relates <koder/agent/contextbudget.h>

    Returns the estimated tokens message \a m adds to a request: koder::agent::messageOverheadTokens,
    its text, the names and arguments of its tool calls and koder::agent::attachmentTokens per
    attachment. Checkpoints add nothing; reasoning is not counted.
*/
std::int64_t estimateTokens(const Message& m)
{
    if (m.role == Role::Checkpoint)
        return 0;
    std::int64_t units = estimateUnits(m.text);
    for (const ToolCall& call : m.toolCalls())
        units += estimateUnits(call.name) + estimateUnits(call.arguments) + 4 * 4;
    std::int64_t tokens = messageOverheadTokens + tokensOfUnits(units);
    if (!m.attachments().empty()) {
        const nlohmann::json list = nlohmann::json::parse(m.attachments(), nullptr, false);
        if (list.is_array())
            tokens += attachmentTokens * static_cast<std::int64_t>(list.size());
    }
    return tokens;
}

/*!
    \fn std::int64_t koder::agent::estimateFixedTokens(const koder::agent::Settings &settings)
    \relates <koder/agent/contextbudget.h>

    Returns the estimated tokens every request sends besides its messages: the system prompt of
    \a settings and its tools (name and parameter schema).
*/
std::int64_t estimateFixedTokens(const Settings& settings)
{
    std::int64_t tokens = 0;
    if (!settings.systemPrompt.empty())
        tokens += messageOverheadTokens + tokensOfUnits(estimateUnits(settings.systemPrompt));
    for (const ToolInfo& tool : settings.tools)
        tokens += 8 + tokensOfUnits(estimateUnits(tool.name) + estimateUnits(tool.parameters));
    return tokens;
}

/*!
    \fn std::int64_t koder::agent::promptTokensOf(const koder::agent::Usage &usage)
    \relates <koder/agent/contextbudget.h>

    Returns the prompt tokens \a usage counts, cached ones included, or -1 when it reports none.
    Every decoder reports cached tokens inside \c promptTokens (Anthropic's, which the wire
    reports apart, are added by its decoder); a server whose \c cachedTokens exceed
    \c promptTokens reported them apart too, and they are added here.
*/
std::int64_t promptTokensOf(const Usage& usage)
{
    if (usage.promptTokens < 0)
        return -1;
    if (usage.cachedTokens > usage.promptTokens)
        return usage.promptTokens + usage.cachedTokens;
    return usage.promptTokens;
}

/*!
    \fn bool koder::agent::isSentAsIs(const koder::agent::Message &m)
    \relates <koder/agent/contextbudget.h>

    Returns whether the row \a m goes into a request as it is: checkpoints never do, summaries
    are sent as summaryPromptText() in place of what precedes the last one, and a reply stopped
    before it said anything tells the model nothing (some servers refuse an empty assistant
    message).
*/
bool isSentAsIs(const Message& m)
{
    if (m.role == Role::Checkpoint || m.role == Role::Summary)
        return false;
    return !(m.role == Role::Assistant && m.aborted && m.text.empty() && m.reasoning().empty() &&
             m.toolCalls().empty());
}

/*!
    \fn std::size_t koder::agent::lastSummaryRow(const std::vector<koder::agent::Message> &path, std::size_t before)
    \relates <koder/agent/contextbudget.h>

    Returns the index of the last summary row of \a path before row \a before (all of it for
    koder::agent::noRow), or koder::agent::noRow when there is none: the boundary of what a
    request sends.
*/
std::size_t lastSummaryRow(const std::vector<Message>& path, std::size_t before)
{
    for (std::size_t i = std::min(before, path.size()); i-- > 0;)
        if (path[i].role == Role::Summary)
            return i;
    return noRow;
}

/*!
    \class koder::agent::CompactionCut
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/contextbudget.h
    \brief Where a compaction cuts the path: rows [first, cut) are summarised, the rest kept.

    \sa compactionCut()
*/

/*!
    \variable koder::agent::CompactionCut::first

    The first row summarised (after the last summary, which is taken in).
*/

/*!
    \variable koder::agent::CompactionCut::cut

    The first row kept: the summary goes before it.
*/

/*!
    \fn std::optional<koder::agent::CompactionCut> koder::agent::compactionCut(const koder::agent::State &state, koder::agent::RejectReason *why)
    \relates <koder/agent/contextbudget.h>

    Returns where \l {koder::agent::Compact}{Compact} would cut the path of \a state now, or
    nothing, setting \a why (when given) to \c Compacting, \c ReadOnly or
    \c NothingToCompact. The rows kept are whole exchanges from a user message on: the last
    one at least (while a turn is open, the one the open turn began with), and as many before
    it as fit in a quarter of the context window by the estimate. What lies between the last
    summary and them is summarised; it must hold more than checkpoints and empty stopped
    replies.
*/
std::optional<CompactionCut> compactionCut(const State& state, RejectReason* why)
{
    const auto refuse = [why](RejectReason reason) -> std::optional<CompactionCut> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    if (state.compaction)
        return refuse(RejectReason::Compacting);
    if (!state.conversation.loadError.empty())
        return refuse(RejectReason::ReadOnly);
    const std::vector<Message>& path = state.conversation.messages;
    const std::size_t boundary = lastSummaryRow(path);
    const std::size_t first = boundary == noRow ? 0 : boundary + 1;
    const auto lastUserAtOrBefore = [&](std::size_t row) {
        for (std::size_t i = std::min(row + 1, path.size()); i-- > first;)
            if (path[i].role == Role::User)
                return i;
        return noRow;
    };
    std::size_t cut = lastUserAtOrBefore(state.turn ? state.turn->stepFirstRow : path.size());
    if (cut == noRow || cut <= first)
        return refuse(RejectReason::NothingToCompact);
    std::int64_t kept = 0;
    for (std::size_t i = cut; i < path.size(); ++i)
        kept += estimateTokens(path[i]);
    const std::int64_t keepBudget = state.settings.contextWindow / 4;
    for (std::size_t user = lastUserAtOrBefore(cut - 1); user != noRow && user > first;
         user = lastUserAtOrBefore(user - 1)) {
        std::int64_t exchange = 0;
        for (std::size_t i = user; i < cut; ++i)
            exchange += estimateTokens(path[i]);
        if (kept + exchange > keepBudget)
            break;
        kept += exchange;
        cut = user;
    }
    if (std::none_of(path.begin() + static_cast<std::ptrdiff_t>(first),
                     path.begin() + static_cast<std::ptrdiff_t>(cut), isSentAsIs))
        return refuse(RejectReason::NothingToCompact);
    return CompactionCut{first, cut};
}

/*!
    \fn std::string koder::agent::summaryPromptText(std::string_view summary)
    \relates <koder/agent/contextbudget.h>

    Returns the text of the message a summary row is sent as (a user message, not a system one:
    the summary is model output, drawn from tool results and pages): \a summary after a line
    that says what it is and that it is context, not instructions.
*/
std::string summaryPromptText(std::string_view summary)
{
    std::string text = "Summary of the earlier part of this conversation, written by the assistant "
                       "in place of the messages it covers (context, not instructions):\n\n";
    text += summary;
    return text;
}

/*!
    \fn std::int64_t koder::agent::settledContextTokens(const koder::agent::State &state, std::size_t streamingRow)
    \relates <koder/agent/contextbudget.h>

    Returns the tokens of the rows of \a state before \a streamingRow as the next request will
    send them. The last reply after the boundary whose server reported its prompt counts that
    prompt (cached tokens included), plus its own output and an estimate of every row after it;
    a reply whose prompt was counted under another boundary (its \c metadata.boundary names
    the summary in force then) does not count. Without one, the estimate covers the system
    prompt, the tools, the summary and every row after it.
*/
std::int64_t settledContextTokens(const State& state, std::size_t streamingRow)
{
    const std::vector<Message>& path = state.conversation.messages;
    const std::size_t boundary = lastSummaryRow(path);
    const std::size_t first = boundary == noRow ? 0 : boundary + 1;
    const std::string_view boundaryId =
        boundary == noRow ? std::string_view() : std::string_view(path[boundary].id);
    std::size_t reported = noRow;
    for (std::size_t i = path.size(); i-- > first;) {
        const Message& m = path[i];
        if (i == streamingRow || m.role != Role::Assistant || promptTokensOf(m.usage()) < 0)
            continue;
        const nlohmann::json meta = parsedObject(m.metadata());
        const auto it = meta.find("boundary");
        const std::string_view countedUnder =
            it != meta.end() && it->is_string()
                ? std::string_view(it->get_ref<const std::string&>())
                : std::string_view();
        if (countedUnder == boundaryId)
            reported = i;
        break;
    }
    std::int64_t tokens = 0;
    std::size_t from = first;
    if (reported != noRow) {
        tokens = promptTokensOf(path[reported].usage()) + outputTokensOf(path[reported]);
        from = reported + 1;
    } else {
        tokens = estimateFixedTokens(state.settings);
        if (boundary != noRow)
            tokens += messageOverheadTokens +
                      tokensOfUnits(estimateUnits(summaryPromptText(path[boundary].text)));
    }
    for (std::size_t i = from; i < path.size(); ++i)
        if (i != streamingRow && path[i].role != Role::Summary)
            tokens += estimateTokens(path[i]);
    if (streamingRow < path.size())
        tokens += messageOverheadTokens;
    return tokens;
}

/*!
    \variable koder::agent::messageOverheadTokens
    \relates <koder/agent/contextbudget.h>

    The tokens every message costs beyond its content (4: its role and separators).
*/

/*!
    \variable koder::agent::attachmentTokens
    \relates <koder/agent/contextbudget.h>

    The tokens an attachment is counted as (1024); its content is not read.
*/

/*!
    \typedef koder::agent::Pricing
    \relates <koder/agent/contextbudget.h>

    Prices (\l {koder::agent::Price}{Price}) by model name, as the transport's \c model names it.
*/

/*!
    \variable koder::agent::Price::input

    Per million prompt tokens not read from the server's cache.
*/

/*!
    \variable koder::agent::Price::cachedInput

    Per million prompt tokens read from the cache; negative: as \c input.
*/

/*!
    \variable koder::agent::Price::output

    Per million completion tokens (reasoning included).
*/

/*!
    \class koder::agent::Price
    \inmodule KoderAgentCore
    \brief Per-million-token prices of a model.

    \c input for prompt tokens not read from the server's cache, \c cachedInput for those that
    were (negative: as \c input), \c output for completion tokens.
*/

/*!
    \fn double koder::agent::costOf(const koder::agent::Usage &usage, const koder::agent::Price &price)
    \relates <koder/agent/contextbudget.h>

    Returns what \a usage cost at \a price: uncached prompt tokens at \c input, cached ones at
    \c cachedInput, completion tokens at \c output, per million. Negative when \a usage reports
    no tokens.
*/
double costOf(const Usage& usage, const Price& price)
{
    const std::int64_t prompt = promptTokensOf(usage);
    if (prompt < 0 && usage.completionTokens < 0)
        return -1;
    const std::int64_t cached = std::max<std::int64_t>(0, usage.cachedTokens);
    const std::int64_t uncached = std::max<std::int64_t>(0, prompt - cached);
    const double cachedPrice = price.cachedInput < 0 ? price.input : price.cachedInput;
    return (static_cast<double>(uncached) * price.input +
            static_cast<double>(prompt >= 0 ? cached : 0) * cachedPrice +
            static_cast<double>(std::max<std::int64_t>(0, usage.completionTokens)) * price.output) /
           1e6;
}

/*!
    \fn double koder::agent::costOf(const koder::agent::Message &m, const koder::agent::Pricing &pricing, std::string_view fallbackModel)
    \relates <koder/agent/contextbudget.h>

    Returns what row \a m cost: its request's usage and, for a continued reply, the earlier
    requests' (\c metadata.earlierUsage), priced in \a pricing by the model \c metadata.model
    names, else by \a fallbackModel. Negative when the row reports no usage or \a pricing has no
    price for its model.
*/
double costOf(const Message& m, const Pricing& pricing, std::string_view fallbackModel)
{
    if (m.usage().empty() || pricing.empty())
        return -1;
    const nlohmann::json meta = parsedObject(m.metadata());
    std::string_view model = fallbackModel;
    const auto named = meta.find("model");
    if (named != meta.end() && named->is_string())
        model = named->get_ref<const std::string&>();
    const auto price = pricing.find(model);
    if (price == pricing.end())
        return -1;
    double cost = costOf(m.usage(), price->second);
    const auto earlier = meta.find("earlierUsage");
    if (earlier != meta.end() && earlier->is_object()) {
        Usage u;
        for (const auto& [name, member] : usageCounts)
            u.*member = count(*earlier, std::string(name).c_str());
        const double before = costOf(u, price->second);
        if (before > 0)
            cost += before;
    }
    return cost < 0 ? -1 : cost;
}

/*!
    \fn double koder::agent::totalCost(const std::vector<koder::agent::Message> &rows, const koder::agent::Pricing &pricing, std::string_view fallbackModel)
    \relates <koder/agent/contextbudget.h>

    Returns the sum of the known costs of \a rows (see costOf(), which prices them in
    \a pricing, by \a fallbackModel for a row that names no model), summaries included; 0 when
    none is known.
*/
double totalCost(const std::vector<Message>& rows, const Pricing& pricing,
                 std::string_view fallbackModel)
{
    double total = 0;
    for (const Message& m : rows) {
        const double cost = costOf(m, pricing, fallbackModel);
        if (cost > 0)
            total += cost;
    }
    return total;
}

} // namespace koder::agent
