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

namespace koder::agent {

using nlohmann::json;

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
    const auto policy = policies.find(call.name);
    if (policy != policies.end() && policy->second == ToolPolicy::Deny)
        return decided(PolicyVerdict::Kind::Deny, ApprovalScope::Always, DecidedBy::Policy);
    if (std::find(granted.begin(), granted.end(), call.name) != granted.end())
        return decided(PolicyVerdict::Kind::Run, ApprovalScope::Conversation, DecidedBy::User);
    if (policy != policies.end())
        return policy->second == ToolPolicy::Allow
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

std::string withApproval(std::string_view metadata, const Approval& approval)
{
    json j = parsedObject(metadata);
    j["approval"] = approvalJson(approval);
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

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
    return state;
}

// ---- names ------------------------------------------------------------------------------------

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

std::optional<Decision> decisionFromString(std::string_view text)
{
    return detail::enumFromName<Decision>([](Decision d) { return toString(d); }, text);
}

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

std::optional<DecidedBy> decidedByFromString(std::string_view text)
{
    return detail::enumFromName<DecidedBy>([](DecidedBy b) { return toString(b); }, text);
}

} // namespace koder::agent
