// SPDX-License-Identifier: MIT
#include "kodertool.h"

KoderTool::KoderTool(QObject* parent)
    : QObject(parent)
{
}

void KoderTool::setName(const QString& name)
{
    if (m_name == name)
        return;
    m_name = name;
    Q_EMIT nameChanged();
    Q_EMIT definitionChanged();
}

void KoderTool::setDescription(const QString& description)
{
    if (m_description == description)
        return;
    m_description = description;
    Q_EMIT descriptionChanged();
}

void KoderTool::setParameters(const QVariantMap& parameters)
{
    if (m_parameters == parameters)
        return;
    m_parameters = parameters;
    Q_EMIT parametersChanged();
}

void KoderTool::setReadOnly(bool readOnly)
{
    if (m_readOnly == readOnly)
        return;
    m_readOnly = readOnly;
    Q_EMIT readOnlyChanged();
    Q_EMIT definitionChanged();
}

void KoderTool::setTimeoutMs(int ms)
{
    ms = qMax(0, ms);
    if (m_timeoutMs == ms)
        return;
    m_timeoutMs = ms;
    Q_EMIT timeoutMsChanged();
}

void KoderTool::setCallable(Callable callable)
{
    m_callable = std::move(callable);
    Q_EMIT callableChanged();
}

void KoderTool::setAsyncCallable(AsyncCallable callable)
{
    m_asyncCallable = std::move(callable);
    Q_EMIT callableChanged();
}
