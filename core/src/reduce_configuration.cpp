// SPDX-License-Identifier: MIT
// The settings: autoAccept, toolPolicies, systemPrompt, the tools list, maxSteps, maxRetries.
#include "reduction.h"

namespace koder::agent::reduction {

void ConfigurationInputs::operator()(const SetAutoAccept& a)
{
    s_.autoAccept = a.mode;
    redecide();
}

void ConfigurationInputs::operator()(const SetToolPolicies& a)
{
    s_.toolPolicies = a.policies;
    redecide();
}

void ConfigurationInputs::operator()(const SetSystemPrompt& a)
{
    s_.systemPrompt = a.prompt;
}

void ConfigurationInputs::operator()(const SetTools& a)
{
    s_.tools = a.tools;
}

void ConfigurationInputs::operator()(const SetMaxSteps& a)
{
    if (a.maxSteps < 1)
        return reject(RejectReason::InvalidValue, "maxSteps must be at least 1");
    s_.maxSteps = a.maxSteps;
}

void ConfigurationInputs::operator()(const SetMaxRetries& a)
{
    if (a.maxRetries < 0)
        return reject(RejectReason::InvalidValue, "maxRetries must not be negative");
    s_.maxRetries = a.maxRetries;
}

} // namespace koder::agent::reduction
