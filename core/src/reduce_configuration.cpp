// SPDX-License-Identifier: MIT
// The settings sub-model (State::settings): one input per setting.
#include "reduction.h"

namespace koder::agent::reduction {

void ConfigurationInputs::operator()(const SetAutoAccept& a)
{
    s_.settings.autoAccept = a.mode;
    redecide();
}

void ConfigurationInputs::operator()(const SetToolPolicies& a)
{
    s_.settings.toolPolicies = a.policies;
    redecide();
}

void ConfigurationInputs::operator()(const SetSystemPrompt& a)
{
    s_.settings.systemPrompt = a.prompt;
}

// The tools' own policies (ToolInfo::policy) may have changed: waiting calls are decided again,
// as when the policies change; a call whose tool went keeps waiting.
void ConfigurationInputs::operator()(const SetTools& a)
{
    s_.settings.tools = a.tools;
    redecide(true);
}

void ConfigurationInputs::operator()(const SetMaxSteps& a)
{
    if (a.maxSteps < 1)
        return reject(RejectReason::InvalidValue, "maxSteps must be at least 1");
    s_.settings.maxSteps = a.maxSteps;
}

void ConfigurationInputs::operator()(const SetMaxRetries& a)
{
    if (a.maxRetries < 0)
        return reject(RejectReason::InvalidValue, "maxRetries must not be negative");
    s_.settings.maxRetries = a.maxRetries;
}

void ConfigurationInputs::operator()(const SetMaxBackgroundTurns& a)
{
    if (a.turns < 0)
        return reject(RejectReason::InvalidValue, "maxBackgroundTurns must not be negative");
    s_.settings.maxBackgroundTurns = a.turns;
}

} // namespace koder::agent::reduction
