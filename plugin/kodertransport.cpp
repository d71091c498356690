// SPDX-License-Identifier: MIT
#include "kodertransport.h"

KoderTransport::KoderTransport(QObject* parent)
    : QObject(parent)
{
}

void KoderTransport::deliver(koder::agent::Input&& input)
{
    if (m_sink)
        m_sink(std::move(input));
}
