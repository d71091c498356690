// SPDX-License-Identifier: MIT
// A transport the test drives by hand: records each request and cancel, and delivers to the
// controller what the test pushes, at once.
#pragma once

#include "kodertransport.h"

#include <vector>

class ScriptedTransport : public KoderTransport {
    Q_OBJECT
public:
    using KoderTransport::KoderTransport;
    void start(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools) override;
    void cancel(koder::agent::RequestId id) override;
    void push(koder::agent::Input&& input) { deliver(std::move(input)); }
    /// As a server's model details would report it.
    void reportContextWindow(qint64 tokens) { setContextWindow(tokens); }
    /// The request id of the last request, 0 before the first.
    koder::agent::RequestId last() const;

    std::vector<koder::agent::StartTurn> requests;
    std::vector<koder::agent::RequestId> cancelled;
    QList<ToolSpec> lastTools; ///< the tools the last request offered
};
