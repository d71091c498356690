// SPDX-License-Identifier: MIT
// KoderAgentController's context budget: the window (the app's, else the transport's), the meter,
// compaction, continuing a cut reply, and costs under `pricing`. The arithmetic and every
// decision are the core's (contextbudget.h, reduce_context.cpp); this file passes values.
#include "koderagentcontroller.h"

#include "koder/agent/contextbudget.h"
#include "qtconvert.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace koder::agent;
using koder::agent::qt::toQString;
using koder::agent::qt::toStd;

namespace {

// One price of a pricing entry: a finite number >= 0, or absent (`fallback`).
std::optional<double> readPrice(const QVariantMap& entry, const QString& key, double fallback,
                                QString& error)
{
    const auto it = entry.constFind(key);
    if (it == entry.constEnd() || !it->isValid() || it->isNull())
        return fallback;
    bool ok = false;
    const double value = it->toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < 0) {
        error = key + QStringLiteral(" must be a number of at least 0");
        return std::nullopt;
    }
    return value;
}

int clampedTokens(std::int64_t tokens)
{
    return static_cast<int>(std::clamp<std::int64_t>(tokens, 0, std::numeric_limits<int>::max()));
}
} // namespace

int KoderAgentController::contextWindow() const
{
    return clampedTokens(state().settings.contextWindow);
}

void KoderAgentController::setContextWindow(int tokens)
{
    if (tokens < 0) {
        dispatch(SetContextWindow{tokens}); // the core refuses it (rejected())
        return;
    }
    m_appContextWindow = tokens;
    syncContextWindow();
}

// The app's window wins; without one, the transport's (an Ollama model's details).
void KoderAgentController::syncContextWindow()
{
    std::int64_t window = m_appContextWindow;
    if (window == 0)
        if (KoderTransport* transport = m_executor.transport())
            window = transport->contextWindow();
    if (window != state().settings.contextWindow)
        dispatch(SetContextWindow{window});
}

int KoderAgentController::contextUsed() const
{
    return clampedTokens(koder::agent::contextUsed(state()));
}

double KoderAgentController::contextRatio() const
{
    return koder::agent::contextRatio(state());
}

double KoderAgentController::autoCompact() const
{
    return state().settings.autoCompact;
}

void KoderAgentController::setAutoCompact(double ratio)
{
    dispatch(SetAutoCompact{ratio});
}

bool KoderAgentController::compacting() const
{
    return state().compaction.has_value();
}

bool KoderAgentController::compact()
{
    if (const KoderTransport* transport = m_executor.transport();
        transport && !transport->summarises())
        return refuse("compact", RejectReason::InvalidValue,
                      QStringLiteral("the agent keeps its own context"));
    return dispatch(Compact{});
}

bool KoderAgentController::undoCompaction(const QString& summaryMessageId)
{
    return dispatch(UndoCompaction{toStd(summaryMessageId)});
}

bool KoderAgentController::continueReply(const QString& messageId)
{
    return dispatch(ContinueReply{toStd(messageId)});
}

void KoderAgentController::setPricing(const QVariantMap& pricing)
{
    Pricing prices;
    for (auto it = pricing.constBegin(); it != pricing.constEnd(); ++it) {
        const QVariantMap entry = it.value().toMap();
        QString error;
        const auto input = readPrice(entry, QStringLiteral("input"), 0, error);
        const auto cached =
            input ? readPrice(entry, QStringLiteral("cachedInput"), -1, error) : std::nullopt;
        const auto output =
            cached ? readPrice(entry, QStringLiteral("output"), 0, error) : std::nullopt;
        if (entry.isEmpty())
            error = QStringLiteral("no prices");
        if (!output || !error.isEmpty()) {
            refuse("setPricing", RejectReason::InvalidValue,
                   it.key() + QStringLiteral(": ") + error);
            return;
        }
        prices.emplace(toStd(it.key()), Price{*input, *cached, *output});
    }
    if (pricing == m_pricing)
        return;
    m_pricing = pricing;
    m_prices = std::move(prices);
    updatePricing();
    Q_EMIT pricingChanged();
}

// The model the transport answers with, for rows that do not name theirs.
std::string KoderAgentController::fallbackModel() const
{
    const KoderTransport* transport = m_executor.transport();
    return transport ? toStd(transport->property("model").toString()) : std::string();
}

void KoderAgentController::updatePricing()
{
    m_model->setPricing(m_prices, fallbackModel());
    updateCost();
}

double KoderAgentController::cost() const
{
    return m_cost;
}

void KoderAgentController::updateCost()
{
    const double cost = m_prices.empty()
                            ? 0.0
                            : totalCost(state().conversation.messages, m_prices, fallbackModel());
    if (cost == m_cost)
        return;
    m_cost = cost;
    Q_EMIT costChanged();
}

// What compact() would do now: kept, and notified when it changes (never per token: the rows,
// the turn, the window, the transport and a running compaction decide it).
void KoderAgentController::updateCanCompact()
{
    const KoderTransport* transport = m_executor.transport();
    const bool can = transport && transport->summarises() && compactionCut(state()).has_value();
    if (can == m_canCompact)
        return;
    m_canCompact = can;
    Q_EMIT canCompactChanged();
}

void KoderAgentController::rowsChanged(const std::vector<Change>& changes)
{
    const bool structural = std::any_of(changes.begin(), changes.end(), [](const Change& c) {
        return c.kind != Change::Kind::Changed;
    });
    if (structural)
        updateCanCompact();
    if (m_prices.empty())
        return;
    const bool touched = std::any_of(changes.begin(), changes.end(), [](const Change& c) {
        return c.kind != Change::Kind::Changed || has(c.fields, Field::Usage | Field::Metadata);
    });
    if (touched)
        updateCost();
}
