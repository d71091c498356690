// SPDX-License-Identifier: MIT
// Tool-call decisions: the policy rules, the audit record on tool messages, and what a stored
// conversation keeps of its open tool phase.
#include "koder/agent/approval.h"

#include "enumnames.h"
#include "koder/agent/serialization.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>

/*!
    \enum koder::agent::Decision
    \relates koder::agent::Approval

    How a tool call was decided. Stored as \c {metadata.approval.decision} on the call's
    \c tool message, with the strings in brackets.

    \value Approved The user approved it when asked (\c "approved").
    \value Denied It was not run: the user denied it, a policy denied it, the tool is unknown,
           the step limit was reached, or the turn ended before a decision (\c "denied").
    \value Auto It ran without asking: a policy or a grant let it (\c "auto").
*/

/*!
    \enum koder::agent::DecidedBy
    \relates koder::agent::Approval

    Whose rule decided a tool call. Stored as \c {metadata.approval.by}, with the strings in
    brackets.

    \value User The user's: a click on Approve or Deny, a grant they gave with the scope
           \c conversation, or their stop of the turn (\c "user").
    \value Policy A policy's: \c autoAccept, \c toolPolicies, or the library's own refusals of
           unknown tools and of calls past the step limit (\c "policy").
*/

/*!
    \class koder::agent::Approval
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/approval.h
    \brief The audit record of one tool-call decision.

    Every \c tool message records how its call was decided in its \c metadata, as
    \c {metadata.approval} (see \l {koder::agent::withApproval()}{withApproval()}):

    \badcode
    {"approval": {"decision": "approved", "scope": "once", "by": "user",
                  "at": "2026-11-24T10:00:00.000Z", "argumentsEdited": false}}
    \endcode

    When the user edited the arguments, \c argumentsEdited is \c true and
    \c originalArguments holds what the model asked for.

    \sa {Tools and Permissions}
*/

/*!
    \variable koder::agent::Approval::callId

    The id of the tool call decided. Not written into the metadata: the message's
    \c toolCallId says it.
*/

/*!
    \variable koder::agent::Approval::decision

    How the call was decided. Default \c Decision::Auto.
*/

/*!
    \variable koder::agent::Approval::scope

    How far the decision reaches: \c Once (the default) for this call, \c Conversation for the
    same tool for the rest of the conversation, \c Always for the same tool from now on (its
    policy became \c Allow). Written as \c "once", \c "conversation" or \c "always".
*/

/*!
    \variable koder::agent::Approval::by

    Whose rule decided. Default \c DecidedBy::Policy.
*/

/*!
    \variable koder::agent::Approval::at

    When the call was decided, in milliseconds since the Unix epoch (from the
    \l {koder::agent::Environment}{Environment}'s clock). Written as ISO 8601 text
    (\l {koder::agent::isoTime()}{isoTime()}).
*/

/*!
    \variable koder::agent::Approval::argumentsEdited

    Whether the user replaced the model's arguments before approving. Default \c false.
*/

/*!
    \variable koder::agent::Approval::originalArguments

    The model's arguments (JSON text) when the user edited them; empty otherwise.
*/

/*!
    \fn bool koder::agent::Approval::operator==(const koder::agent::Approval &a, const koder::agent::Approval &b)

    Returns \c true when \a a and \a b are equal in every member.
*/

/*!
    \class koder::agent::PolicyVerdict
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/approval.h
    \brief What the policies decide for one tool call before anyone is asked.

    Returned by \l {koder::agent::decideCall()}{decideCall()}.
*/

/*!
    \enum koder::agent::PolicyVerdict::Kind

    \value Run Run the call without asking.
    \value Deny Answer the model with a denial without asking.
    \value Ask Ask the user: the call joins \c pendingToolCalls. The default.
*/

/*!
    \variable koder::agent::PolicyVerdict::kind

    The verdict. Default \c Kind::Ask.
*/

/*!
    \variable koder::agent::PolicyVerdict::approval

    For \c Run and \c Deny, the audit record: who decided, with which scope (\c at is left 0
    for the caller to stamp). Unused for \c Ask.
*/

/*!
    \class koder::agent::ApprovalState
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/approval.h
    \brief What a stored conversation keeps of its open tool phase.

    A conversation stored while a tool call waits for the user reloads waiting, with the same
    pending calls: approving or denying then resumes the turn. To that end the store keeps, beside
    the messages, the calls awaiting a decision (from the last assistant message's
    \c toolCalls), the approved calls whose tool was running (recorded as not completed on
    reload: their result is lost, and running them again unasked could repeat a side effect),
    and the tools granted for the rest of the conversation.

    The reload trusts it only as far as the history bears it out.
*/

/*!
    \variable koder::agent::ApprovalState::pending

    The ids of the calls awaiting the user's decision.
*/

/*!
    \variable koder::agent::ApprovalState::running

    The decisions of the approved calls whose tool was running.
*/

/*!
    \variable koder::agent::ApprovalState::grantedTools

    The names of the tools the user allowed for the rest of the conversation (approval scope
    \c conversation).
*/

/*!
    \variable koder::agent::ApprovalState::inputs

    The questions waiting for the user's answer (a tool call's question reloads waiting when
    its call is still unanswered in the history).
*/

/*!
    \fn bool koder::agent::ApprovalState::empty() const

    Returns \c true when nothing is pending, running, granted or asked.
*/

/*!
    \fn bool koder::agent::ApprovalState::operator==(const koder::agent::ApprovalState &a, const koder::agent::ApprovalState &b)

    Returns \c true when \a a and \a b are equal in every member.
*/

namespace koder::agent {

using nlohmann::json;

/*!
    \variable koder::agent::ToolInfo::policy

    The tool's own policy: \c Ask (always ask), \c Allow (run without asking) or \c Deny
    (answer the model with a denial without asking), such as an MCP server's \c toolPolicy;
    none (the default) is \c "auto": \l {koder::agent::AutoAccept}{autoAccept} decides, as
    for any tool. An entry for the tool in
    \l {koder::agent::Settings::toolPolicies}{Settings::toolPolicies} wins over it (see
    \l {koder::agent::decideCall()}{decideCall()}). Changing it
    (\l {koder::agent::SetTools}{SetTools}) decides the waiting calls again.
*/

/*!
    \relates koder::agent::PolicyVerdict

    Decides \a call before anyone is asked. \a tool is the registered tool of that name
    (\c nullptr when none), \a autoAccept the auto-accept mode, \a policies the per-tool
    policies and \a granted the tools granted for this conversation. The tool's policy is its
    entry in \a policies, or, without one, the tool's own
    (\l {koder::agent::ToolInfo::policy}{ToolInfo::policy}, such as an MCP server's
    \c toolPolicy); without either, \a autoAccept decides. The rules, in order:

    \list 1
    \li the tool's policy is \c Deny: \c Deny (by policy, scope \c Always);
    \li the tool is in \a granted (the user chose scope \c conversation): \c Run (by the
        user, scope \c Conversation);
    \li the tool's policy is \c Allow: \c Run (by policy); its policy is \c Ask: \c Ask;
    \li \a autoAccept is \c Always: \c Run; \c OnlyRead: \c Run when \a tool is registered
        read-only now (whatever the call carried), else \c Ask; \c Never: \c Ask.
    \endlist

    An unknown tool is not this function's business: the reducer answers its calls with an error
    result before asking it.
*/
PolicyVerdict decideCall(const ToolCall& call, const ToolInfo* tool, AutoAccept autoAccept,
                         const ToolPolicies& policies, const std::vector<std::string>& granted)
{
    const auto decided = [&](PolicyVerdict::Kind kind, ApprovalScope scope, DecidedBy by) {
        return PolicyVerdict{
            kind, Approval{call.id,
                           kind == PolicyVerdict::Kind::Run ? Decision::Auto : Decision::Denied,
                           scope,
                           by,
                           0,
                           false,
                           {}}};
    };
    const ToolPolicy* policy = tool && tool->policy ? &*tool->policy : nullptr;
    if (const auto entry = policies.find(call.name); entry != policies.end())
        policy = &entry->second; // the controller's entry wins over the tool's own policy
    if (policy && *policy == ToolPolicy::Deny)
        return decided(PolicyVerdict::Kind::Deny, ApprovalScope::Always, DecidedBy::Policy);
    if (std::find(granted.begin(), granted.end(), call.name) != granted.end())
        return decided(PolicyVerdict::Kind::Run, ApprovalScope::Conversation, DecidedBy::User);
    if (policy)
        return *policy == ToolPolicy::Allow
                   ? decided(PolicyVerdict::Kind::Run, ApprovalScope::Always, DecidedBy::Policy)
                   : PolicyVerdict{};
    switch (autoAccept) {
    case AutoAccept::Always:
        return decided(PolicyVerdict::Kind::Run, ApprovalScope::Always, DecidedBy::Policy);
    case AutoAccept::OnlyRead:
        // The tool registered now decides, not the flag the call carried when it arrived (or
        // was stored with): a tool re-registered as writing is never run unasked.
        if (tool && tool->readOnly)
            return decided(PolicyVerdict::Kind::Run, ApprovalScope::Always, DecidedBy::Policy);
        break;
    case AutoAccept::Never:
        break;
    }
    return {};
}

// ---- time -------------------------------------------------------------------------------------

/*!
    \relates koder::agent::Approval

    Returns \a msSinceEpoch, milliseconds since the Unix epoch, as ISO 8601 text in UTC with
    milliseconds: \c "2026-11-24T10:00:00.000Z".
*/
std::string isoTime(std::int64_t msSinceEpoch)
{
    using namespace std::chrono;
    const sys_time<milliseconds> t{milliseconds{msSinceEpoch}};
    const sys_days day = floor<days>(t);
    const year_month_day ymd{day};
    const hh_mm_ss<milliseconds> time{t - day};
    char text[32];
    std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ", int(ymd.year()),
                  unsigned(ymd.month()), unsigned(ymd.day()), int(time.hours().count()),
                  int(time.minutes().count()), int(time.seconds().count()),
                  int(time.subseconds().count()));
    return text;
}

namespace {
std::optional<std::int64_t> parseIsoTime(const std::string& text)
{
    int y = 0, h = 0, mi = 0, s = 0, ms = 0;
    unsigned mo = 0, d = 0;
    if (std::sscanf(text.c_str(), "%d-%u-%uT%d:%d:%d.%dZ", &y, &mo, &d, &h, &mi, &s, &ms) != 7)
        return std::nullopt;
    using namespace std::chrono;
    const year_month_day ymd{year{y}, month{mo}, day{d}};
    if (!ymd.ok() || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60 || ms < 0 || ms > 999)
        return std::nullopt;
    const auto t = sys_days{ymd} + hours{h} + minutes{mi} + seconds{s} + milliseconds{ms};
    return duration_cast<milliseconds>(t.time_since_epoch()).count();
}

json approvalJson(const Approval& a)
{
    json j{{"decision", toString(a.decision)},
           {"scope", toString(a.scope)},
           {"by", toString(a.by)},
           {"at", isoTime(a.at)},
           {"argumentsEdited", a.argumentsEdited}};
    if (a.argumentsEdited)
        j["originalArguments"] = a.originalArguments;
    return j;
}

// Reads what approvalJson wrote; the call id comes from elsewhere.
std::optional<Approval> approvalFromJson(const json& j)
{
    if (!j.is_object())
        return std::nullopt;
    const auto text = [&](const char* key) -> std::optional<std::string> {
        const auto it = j.find(key);
        if (it == j.end() || !it->is_string())
            return std::nullopt;
        return it->get<std::string>();
    };
    const auto decision = text("decision");
    const auto scope = text("scope");
    const auto by = text("by");
    const auto at = text("at");
    if (!decision || !scope || !by || !at)
        return std::nullopt;
    Approval a;
    const auto d = decisionFromString(*decision);
    const auto sc = approvalScopeFromString(*scope);
    const auto b = decidedByFromString(*by);
    const auto t = parseIsoTime(*at);
    if (!d || !sc || !b || !t)
        return std::nullopt;
    a.decision = *d;
    a.scope = *sc;
    a.by = *b;
    a.at = *t;
    const auto edited = j.find("argumentsEdited");
    a.argumentsEdited = edited != j.end() && edited->is_boolean() && edited->get<bool>();
    if (const auto original = text("originalArguments"); original && a.argumentsEdited)
        a.originalArguments = *original;
    return a;
}

json parsedObject(std::string_view text)
{
    if (text.empty() || checkJson(text) != JsonProblem::None)
        return json::object();
    json j = json::parse(text, nullptr, false);
    return j.is_object() ? j : json::object();
}

std::vector<std::string> stringList(const json& j)
{
    std::vector<std::string> list;
    if (j.is_array())
        for (const json& item : j)
            if (item.is_string())
                list.push_back(item.get<std::string>());
    return list;
}
} // namespace

/*!
    \relates koder::agent::Approval

    Returns \a metadata (JSON text of an object, or empty) with \a approval merged in as its
    \c approval key; other keys are kept. Metadata that is not a JSON object is replaced by a new
    object.
*/
std::string withApproval(std::string_view metadata, const Approval& approval)
{
    json j = parsedObject(metadata);
    j["approval"] = approvalJson(approval);
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

/*!
    \relates koder::agent::Approval

    Returns the decision recorded in the \c {metadata.approval} of \a message, with the
    message's \c toolCallId as its call id; or none when it has no well-formed record.
*/
std::optional<Approval> approvalOf(const Message& message)
{
    const std::string& metadata = message.metadata();
    if (metadata.empty())
        return std::nullopt;
    const json j = parsedObject(metadata);
    const auto it = j.find("approval");
    if (it == j.end())
        return std::nullopt;
    auto approval = approvalFromJson(*it);
    if (approval)
        approval->callId = message.toolCallId();
    return approval;
}

std::string toJson(const ApprovalState& state)
{
    if (state.empty())
        return {};
    json j = json::object();
    if (!state.pending.empty())
        j["pending"] = state.pending;
    if (!state.running.empty()) {
        json running = json::array();
        for (const Approval& a : state.running) {
            json item = approvalJson(a);
            item["callId"] = a.callId;
            running.push_back(std::move(item));
        }
        j["running"] = std::move(running);
    }
    if (!state.grantedTools.empty())
        j["grantedTools"] = state.grantedTools;
    if (!state.inputs.empty()) {
        json inputs = json::array();
        for (const PendingInput& p : state.inputs)
            inputs.push_back({{"id", p.id},
                              {"kind", p.kind},
                              {"message", p.message},
                              {"schema", p.schema},
                              {"source", p.source},
                              {"callId", p.callId},
                              {"toolName", p.toolName}});
        j["inputs"] = std::move(inputs);
    }
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

Loaded<ApprovalState> approvalStateFromJson(std::string_view text)
{
    if (text.empty())
        return ApprovalState{};
    if (const JsonProblem problem = checkJson(text); problem != JsonProblem::None)
        return LoadError{"approvals", describe(problem)};
    const json j = json::parse(text, nullptr, false);
    if (!j.is_object())
        return LoadError{"approvals", "expected an object"};
    ApprovalState state;
    state.pending = stringList(j.value("pending", json::array()));
    state.grantedTools = stringList(j.value("grantedTools", json::array()));
    const json running = j.value("running", json::array());
    if (!running.is_array())
        return LoadError{"approvals.running", "expected an array"};
    for (std::size_t i = 0; i < running.size(); ++i) {
        auto approval = approvalFromJson(running[i]);
        const auto id = running[i].is_object() ? running[i].find("callId") : running[i].end();
        if (!approval || id == running[i].end() || !id->is_string())
            return LoadError{"approvals.running[" + std::to_string(i) + "]",
                             "not a decision record"};
        approval->callId = id->get<std::string>();
        state.running.push_back(std::move(*approval));
    }
    const json inputs = j.value("inputs", json::array());
    if (!inputs.is_array())
        return LoadError{"approvals.inputs", "expected an array"};
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const json& item = inputs[i];
        const auto field = [&](const char* key) -> const std::string* {
            const auto it = item.is_object() ? item.find(key) : item.end();
            return it != item.end() && it->is_string() ? &it->get_ref<const std::string&>()
                                                       : nullptr;
        };
        const std::string *id = field("id"), *message = field("message"), *schema = field("schema");
        if (!id || id->empty() || !message || !schema || !checkQuestionSchema(*schema).empty())
            return LoadError{"approvals.inputs[" + std::to_string(i) + "]", "not a question"};
        if (std::any_of(state.inputs.begin(), state.inputs.end(),
                        [&](const PendingInput& other) { return other.id == *id; }))
            return LoadError{"approvals.inputs[" + std::to_string(i) + "]",
                             "the question id is used twice"};
        PendingInput p{*id, "question", *message, *schema, "tool", {}, {}};
        if (const std::string* kind = field("kind"))
            p.kind = *kind;
        if (const std::string* source = field("source"))
            p.source = *source;
        if (const std::string* callId = field("callId"))
            p.callId = *callId;
        if (const std::string* toolName = field("toolName"))
            p.toolName = *toolName;
        state.inputs.push_back(std::move(p));
    }
    return state;
}

// ---- names ------------------------------------------------------------------------------------

/*!
    \relates koder::agent::Approval

    Returns the name of \a decision as stored: \c "approved", \c "denied" or \c "auto".
*/
std::string_view toString(Decision decision)
{
    switch (decision) {
    case Decision::Approved:
        return "approved";
    case Decision::Denied:
        return "denied";
    case Decision::Auto:
        return "auto";
    }
    return {};
}

/*!
    \relates koder::agent::Approval

    Returns the decision named \a text (\c "approved", \c "denied" or \c "auto"), or none
    for any other text.
*/
std::optional<Decision> decisionFromString(std::string_view text)
{
    return detail::enumFromName<Decision>([](Decision d) { return toString(d); }, text);
}

/*!
    \relates koder::agent::Approval

    Returns the name of \a by as stored: \c "user" or \c "policy".
*/
std::string_view toString(DecidedBy by)
{
    switch (by) {
    case DecidedBy::User:
        return "user";
    case DecidedBy::Policy:
        return "policy";
    }
    return {};
}

/*!
    \relates koder::agent::Approval

    Returns the decider named \a text (\c "user" or \c "policy"), or none for any other text.
*/
std::optional<DecidedBy> decidedByFromString(std::string_view text)
{
    return detail::enumFromName<DecidedBy>([](DecidedBy b) { return toString(b); }, text);
}

} // namespace koder::agent
