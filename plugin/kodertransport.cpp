// SPDX-License-Identifier: MIT
#include "kodertransport.h"

#include "replylimits.h"

KoderTransport::KoderTransport(QObject* parent)
    : QObject(parent)
{
}

void KoderTransport::deliver(koder::agent::Input&& input)
{
    if (m_sink)
        m_sink(std::move(input));
}

bool KoderTransport::checkAttachments(std::string_view, QString*) const
{
    return true;
}

koder::wire::Limits KoderTransport::limits() const
{
    return {static_cast<std::size_t>(m_maxEventBytes), static_cast<std::size_t>(m_maxReplyBytes),
            static_cast<std::size_t>(m_maxToolCallsPerStep)};
}

// Limits are at least one byte (one call): zero or less would refuse every reply.
void KoderTransport::setMaxEventBytes(qint64 bytes)
{
    bytes = qMax<qint64>(1, bytes);
    if (m_maxEventBytes == bytes)
        return;
    m_maxEventBytes = bytes;
    Q_EMIT maxEventBytesChanged();
}

void KoderTransport::setMaxReplyBytes(qint64 bytes)
{
    bytes = qMax<qint64>(1, bytes);
    if (m_maxReplyBytes == bytes)
        return;
    m_maxReplyBytes = bytes;
    Q_EMIT maxReplyBytesChanged();
}

void KoderTransport::setMaxToolCallsPerStep(int calls)
{
    calls = qMax(1, calls);
    if (m_maxToolCallsPerStep == calls)
        return;
    m_maxToolCallsPerStep = calls;
    Q_EMIT maxToolCallsPerStepChanged();
}

void KoderTransport::setMaxAttachmentBytes(qint64 bytes)
{
    bytes = qMax<qint64>(0, bytes);
    if (m_maxAttachmentBytes == bytes)
        return;
    m_maxAttachmentBytes = bytes;
    Q_EMIT maxAttachmentBytesChanged();
}
