// SPDX-License-Identifier: MIT
#include "scriptedtransport.h"

void ScriptedTransport::start(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools)
{
    requests.push_back(request);
    lastTools = tools;
}

void ScriptedTransport::cancel(koder::agent::RequestId id)
{
    cancelled.push_back(id);
}

koder::agent::RequestId ScriptedTransport::last() const
{
    return requests.empty() ? 0 : requests.back().requestId;
}
