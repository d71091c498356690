// SPDX-License-Identifier: MIT
#include "demosettings.h"

#include <QtCore/QLoggingCategory>
#include <QtCore/QSettings>

namespace {
Q_LOGGING_CATEGORY(lcSecrets, "koder.demo.secrets")

// Every kept setting; the API keys are handled apart and never written here.
constexpr const char* kept[] = {"agent",
                                "baseUrl",
                                "model",
                                "responsesUrl",
                                "responsesModel",
                                "responsesReasoningEffort",
                                "responsesReasoningSummary",
                                "ollamaUrl",
                                "ollamaModel",
                                "ollamaThink",
                                "anthropicUrl",
                                "anthropicModel",
                                "anthropicThinkingBudget",
                                "wsUrl",
                                "aguiUrl",
                                "autoAccept",
                                "language",
                                "theme",
                                "showDebug",
                                "toolPolicies",
                                "busyPolicy",
                                "contextWindow",
                                "autoCompact",
                                "mcpServersEnabled",
                                "readAloud",
                                "speechVoice",
                                "speechRate",
                                "transcriptionUrl",
                                "transcriptionModel",
                                "transcriptionLanguage"};

// Where an older demo kept the (OpenAI-compatible) key in clear text.
const QString legacyKey = QStringLiteral("apiKey");

QString label(const QString& provider)
{
    return QStringLiteral("Koder Agent demo: %1 API key").arg(provider);
}
} // namespace

const QStringList& DemoSettings::keyedProviders()
{
    static const QStringList providers{QStringLiteral("openai"), QStringLiteral("responses"),
                                       QStringLiteral("ollama"), QStringLiteral("anthropic"),
                                       QStringLiteral("agui"), QStringLiteral("transcription")};
    return providers;
}

DemoSettings::DemoSettings(bool persistent, SecretStore* secrets, QObject* parent)
    : QObject(parent)
    , m_persistent(persistent)
    , m_secrets(secrets)
{
    m_environmentKey = qEnvironmentVariable("KODER_API_KEY");
    for (const QString& provider : keyedProviders())
        m_apiKeys.insert(provider, QString());
    if (!m_persistent)
        return;
    QSettings settings;
    for (const char* name : kept)
        if (settings.contains(QLatin1String(name)))
            setProperty(name, settings.value(QLatin1String(name)));
    m_rememberApiKey = settings.value(QStringLiteral("rememberApiKey"), false).toBool();
    // A key in clear text never stays on disk: it is used for this run and, when the user allows
    // it and the store is there, moved to the secret store.
    if (settings.contains(legacyKey)) {
        const QString key = settings.value(legacyKey).toString();
        settings.remove(legacyKey);
        settings.sync();
        if (!key.isEmpty() && m_environmentKey.isEmpty()) {
            m_apiKeys.insert(QStringLiteral("openai"), key);
            m_userSetKeys.insert(QStringLiteral("openai"), true);
        }
    }
    if (!m_secrets)
        return;
    connect(m_secrets, &SecretStore::found, this, &DemoSettings::keyFound);
    connect(
        m_secrets, &SecretStore::failed, this, [this](const QString& provider, const QString& why) {
            qCWarning(lcSecrets, "secret store, %s key: %s", qPrintable(provider), qPrintable(why));
            // Not known to be kept: the next save tries again.
            m_storedKeys.remove(provider);
        });
    connect(m_secrets, &SecretStore::stateChanged, this, [this] {
        if (m_secrets->available())
            secretStoreReady();
    });
    if (m_secrets->available())
        secretStoreReady();
}

void DemoSettings::secretStoreReady()
{
    if (!m_rememberApiKey)
        return;
    for (const QString& provider : keyedProviders()) {
        if (m_userSetKeys.contains(provider))
            continue;
        m_secrets->lookup(provider);
    }
    saveKeys(); // a key moved from the old clear-text setting goes to the store now
}

// One provider's key: sending it to another provider's server (a switch in Settings to a local
// Ollama, say) would hand it to a host it was never meant for.
void DemoSettings::useEnvironmentKeyFor(const QString& provider)
{
    if (m_environmentKey.isEmpty() || !keyedProviders().contains(provider))
        return;
    m_apiKeys.insert(provider, m_environmentKey);
    Q_EMIT changed();
}

void DemoSettings::keyFound(const QString& provider, const QString& key)
{
    m_storedKeys.insert(provider, key);
    // A key typed meanwhile, or given in the environment, wins.
    if (key.isEmpty() || m_userSetKeys.contains(provider) ||
        !m_apiKeys.value(provider).toString().isEmpty())
        return;
    m_apiKeys.insert(provider, key);
    Q_EMIT changed();
}

void DemoSettings::setApiKey(const QString& provider, const QString& key)
{
    if (!keyedProviders().contains(provider))
        return;
    if (m_apiKeys.value(provider).toString() == key)
        return;
    m_apiKeys.insert(provider, key);
    m_userSetKeys.insert(provider, true);
    Q_EMIT changed();
}

void DemoSettings::rememberMcpServerEnabled(const QString& name, bool enabled)
{
    if (name.isEmpty() ||
        (m_mcpServersEnabled.contains(name) && m_mcpServersEnabled.value(name).toBool() == enabled))
        return;
    m_mcpServersEnabled.insert(name, enabled);
    Q_EMIT changed();
    if (m_persistent)
        QSettings().setValue(QStringLiteral("mcpServersEnabled"), m_mcpServersEnabled);
}

void DemoSettings::saveSetting(const QString& name)
{
    if (!m_persistent)
        return;
    for (const char* known : kept) {
        if (name == QLatin1String(known)) {
            QSettings().setValue(name, property(known));
            return;
        }
    }
}

void DemoSettings::save()
{
    if (!m_persistent)
        return;
    QSettings settings;
    for (const char* name : kept)
        settings.setValue(QLatin1String(name), property(name));
    settings.setValue(QStringLiteral("rememberApiKey"), m_rememberApiKey);
    settings.remove(legacyKey);
    saveKeys();
}

void DemoSettings::saveKeys()
{
    // Without a secret store the keys stay in memory: nothing falls back to a file.
    if (!m_persistent || !m_secrets || !m_secrets->available())
        return;
    for (const QString& provider : keyedProviders()) {
        const QString key = m_apiKeys.value(provider).toString();
        const QString stored = m_storedKeys.value(provider).toString();
        if (m_rememberApiKey && !key.isEmpty()) {
            // The environment's key is used, not kept.
            if (key != stored && key != m_environmentKey) {
                m_secrets->store(provider, key, label(provider));
                m_storedKeys.insert(provider, key);
            }
        } else if (!m_rememberApiKey || !stored.isEmpty()) {
            // Permission taken back (or the key cleared): a key kept earlier goes.
            if (!m_storedKeys.contains(provider) || !stored.isEmpty())
                m_secrets->remove(provider);
            m_storedKeys.insert(provider, QString());
        }
    }
}
