// SPDX-License-Identifier: MIT
#include "demosettings.h"

#include <QtCore/QSettings>

namespace {
// Every kept setting; the API key is handled apart.
constexpr const char* kept[] = {"agent",    "baseUrl", "model",     "wsUrl",        "autoAccept",
                                "language", "theme",   "showDebug", "toolPolicies", "busyPolicy"};
} // namespace

DemoSettings::DemoSettings(bool persistent, QObject* parent)
    : QObject(parent)
    , m_persistent(persistent)
{
    m_apiKey = qEnvironmentVariable("KODER_API_KEY");
    if (!m_persistent)
        return;
    QSettings settings;
    for (const char* name : kept)
        if (settings.contains(QLatin1String(name)))
            setProperty(name, settings.value(QLatin1String(name)));
    m_rememberApiKey = settings.value(QStringLiteral("rememberApiKey"), false).toBool();
    if (m_rememberApiKey && m_apiKey.isEmpty())
        m_apiKey = settings.value(QStringLiteral("apiKey")).toString();
}

void DemoSettings::save() const
{
    if (!m_persistent)
        return;
    QSettings settings;
    for (const char* name : kept)
        settings.setValue(QLatin1String(name), property(name));
    settings.setValue(QStringLiteral("rememberApiKey"), m_rememberApiKey);
    // Without the user's permission the key never reaches the disk, and a key kept earlier goes.
    if (m_rememberApiKey && !m_apiKey.isEmpty())
        settings.setValue(QStringLiteral("apiKey"), m_apiKey);
    else
        settings.remove(QStringLiteral("apiKey"));
}
