// SPDX-License-Identifier: MIT
#pragma once

#include "secretstore.h"

#include <QtCore/QObject>
#include <QtCore/QVariantMap>
#include <QtQml/qqmlregistration.h>

/*!
    The demo's choices: which agent (local, openai, responses, ollama, anthropic, ws or agui), each
    server's settings, auto-accept and the per-tool permissions, which MCP servers are on,
    the context window and automatic compaction, language, theme, and the voice: whether replies
    are read aloud (with which voice, how fast) and the speech-to-text server dictation sends the
    recording to (its URL, model, language). Kept in QSettings when
    \c persistent (not in headless runs); the command line overrides what is kept.

    API keys, one per remote provider (\c openai, \c responses, \c ollama, \c anthropic,
    \c agui) and one for the speech-to-text server (\c transcription), never
    reach the settings file: with \c rememberApiKey and a platform secret store (\c secretStore,
    the freedesktop Secret Service) they are kept there; otherwise they live in memory for this
    run (or, for the agent the demo starts with, come from the KODER_API_KEY environment
    variable). A key an older demo wrote in clear text is removed from the settings file when it
    is read (and moved to the secret store when allowed).
*/
class DemoSettings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString agent MEMBER m_agent NOTIFY changed FINAL)
    /*! The OpenAI-compatible server. */
    Q_PROPERTY(QString baseUrl MEMBER m_baseUrl NOTIFY changed FINAL)
    Q_PROPERTY(QString model MEMBER m_model NOTIFY changed FINAL)
    /*! The OpenAI Responses API. */
    Q_PROPERTY(QString responsesUrl MEMBER m_responsesUrl NOTIFY changed FINAL)
    Q_PROPERTY(QString responsesModel MEMBER m_responsesModel NOTIFY changed FINAL)
    /*! How hard a reasoning model thinks: "minimal", "low", "medium", "high"; "" = the server's. */
    Q_PROPERTY(
        QString responsesReasoningEffort MEMBER m_responsesReasoningEffort NOTIFY changed FINAL)
    /*! The reasoning's summary: "auto", "concise", "detailed"; "" = none. */
    Q_PROPERTY(
        QString responsesReasoningSummary MEMBER m_responsesReasoningSummary NOTIFY changed FINAL)
    /*! Ollama's native API. */
    Q_PROPERTY(QString ollamaUrl MEMBER m_ollamaUrl NOTIFY changed FINAL)
    Q_PROPERTY(QString ollamaModel MEMBER m_ollamaModel NOTIFY changed FINAL)
    Q_PROPERTY(bool ollamaThink MEMBER m_ollamaThink NOTIFY changed FINAL)
    /*! Anthropic's Messages API. */
    Q_PROPERTY(QString anthropicUrl MEMBER m_anthropicUrl NOTIFY changed FINAL)
    Q_PROPERTY(QString anthropicModel MEMBER m_anthropicModel NOTIFY changed FINAL)
    /*! Tokens Claude may think before answering; 0 = off. */
    Q_PROPERTY(int anthropicThinkingBudget MEMBER m_anthropicThinkingBudget NOTIFY changed FINAL)
    /*! The keys by provider id (read with apiKeys.openai; set with setApiKey()). */
    Q_PROPERTY(QVariantMap apiKeys READ apiKeys NOTIFY changed FINAL)
    /*! Keep the keys in the platform's secret store (only when it is available). */
    Q_PROPERTY(bool rememberApiKey MEMBER m_rememberApiKey NOTIFY changed FINAL)
    /*! The platform's secret store; null when the settings are not persistent. */
    Q_PROPERTY(SecretStore* secretStore READ secretStore CONSTANT FINAL)
    Q_PROPERTY(QString wsUrl MEMBER m_wsUrl NOTIFY changed FINAL)
    /*! An AG-UI agent's endpoint (posted to as it is). */
    Q_PROPERTY(QString aguiUrl MEMBER m_aguiUrl NOTIFY changed FINAL)
    Q_PROPERTY(QString autoAccept MEMBER m_autoAccept NOTIFY changed FINAL)
    Q_PROPERTY(QString language MEMBER m_language NOTIFY changed FINAL)
    Q_PROPERTY(QString theme MEMBER m_theme NOTIFY changed FINAL)
    Q_PROPERTY(bool showDebug MEMBER m_showDebug NOTIFY changed FINAL)
    /*! What a send during a reply does: reject, queue, interrupt or steer. */
    Q_PROPERTY(QString busyPolicy MEMBER m_busyPolicy NOTIFY changed FINAL)
    /*! The model's context window in tokens; 0: the transport's, or the offline agent's. */
    Q_PROPERTY(int contextWindow MEMBER m_contextWindow NOTIFY changed FINAL)
    /*! Compact after a reply that leaves the context this full, in percent; 0: never. */
    Q_PROPERTY(int autoCompact MEMBER m_autoCompact NOTIFY changed FINAL)
    /*! Per tool name, "ask", "allow" or "deny" (KoderAgentController::toolPolicies). */
    Q_PROPERTY(QVariantMap toolPolicies MEMBER m_toolPolicies NOTIFY changed FINAL)
    /*! Per MCP server name, whether the user turned it on (true) or off (false) in Settings;
        a server not listed follows its configuration file ("disabled"). */
    Q_PROPERTY(QVariantMap mcpServersEnabled MEMBER m_mcpServersEnabled NOTIFY changed FINAL)
    /*! Replies are read aloud while they stream (KoderSpeech::readAloud). */
    Q_PROPERTY(bool readAloud MEMBER m_readAloud NOTIFY changed FINAL)
    /*! The voice replies are read with, one of KoderSpeech::voices; "" = the language's. */
    Q_PROPERTY(QString speechVoice MEMBER m_speechVoice NOTIFY changed FINAL)
    /*! How fast: from -1 (slowest) through 0 (normal) to 1 (fastest). */
    Q_PROPERTY(double speechRate MEMBER m_speechRate NOTIFY changed FINAL)
    /*! The OpenAI-compatible speech-to-text server dictation sends the recording to (its
        \c /audio/transcriptions endpoint); "" = none: no dictation. Its key is the
        \c transcription one in \c apiKeys. */
    Q_PROPERTY(QString transcriptionUrl MEMBER m_transcriptionUrl NOTIFY changed FINAL)
    Q_PROPERTY(QString transcriptionModel MEMBER m_transcriptionModel NOTIFY changed FINAL)
    /*! The language spoken, as a code such as "en"; "" = the server detects it. */
    Q_PROPERTY(QString transcriptionLanguage MEMBER m_transcriptionLanguage NOTIFY changed FINAL)

public:
    /// The agents that take an API key, and the speech-to-text server ("transcription").
    static const QStringList& keyedProviders();

    /// \a persistent: read from and written to QSettings. \a secrets: where keys may be kept
    /// (not owned; null: nowhere).
    explicit DemoSettings(bool persistent, SecretStore* secrets = nullptr,
                          QObject* parent = nullptr);
    /// Not persistent (tests, QML).
    explicit DemoSettings(QObject* parent = nullptr)
        : DemoSettings(false, nullptr, parent)
    {
    }

    /// Writes the settings; the keys go to the secret store only with the user's permission.
    Q_INVOKABLE void save();
    /// \a provider's key for this run (and for the secret store at the next save()).
    Q_INVOKABLE void setApiKey(const QString& provider, const QString& key);
    /// Keeps that the user turned the MCP server \a name on or off (written at once, alone:
    /// the other settings wait for save()).
    Q_INVOKABLE void rememberMcpServerEnabled(const QString& name, bool enabled);
    /// Writes the setting \a name alone, as it is now (a switch in a menu, such as readAloud:
    /// the others, which the command line may have overridden, wait for save()).
    Q_INVOKABLE void saveSetting(const QString& name);

    QString agent() const { return m_agent; }
    /// KODER_API_KEY becomes \a provider's key (the agent the demo starts with), and only its.
    void useEnvironmentKeyFor(const QString& provider);
    QVariantMap apiKeys() const { return m_apiKeys; }
    SecretStore* secretStore() const { return m_secrets; }

Q_SIGNALS:
    void changed();

private:
    void secretStoreReady();
    /// Keeps, replaces or deletes the keys in the secret store as rememberApiKey says.
    void saveKeys();
    void keyFound(const QString& provider, const QString& key);

    bool m_persistent;
    SecretStore* m_secrets = nullptr;
    QString m_agent = QStringLiteral("local");
    QString m_baseUrl = QStringLiteral("https://api.openai.com/v1");
    QString m_model;
    QString m_responsesUrl = QStringLiteral("https://api.openai.com/v1");
    QString m_responsesModel = QStringLiteral("gpt-5-mini");
    QString m_responsesReasoningEffort; ///< empty: the server's default
    QString m_responsesReasoningSummary = QStringLiteral("auto");
    QString m_ollamaUrl = QStringLiteral("http://127.0.0.1:11434");
    QString m_ollamaModel = QStringLiteral("llama3.2");
    bool m_ollamaThink = false;
    QString m_anthropicUrl = QStringLiteral("https://api.anthropic.com");
    QString m_anthropicModel = QStringLiteral("claude-sonnet-4-5");
    int m_anthropicThinkingBudget = 0;
    QVariantMap m_apiKeys;
    QString m_environmentKey;  ///< KODER_API_KEY: used, never kept
    QVariantMap m_storedKeys;  ///< what the secret store holds, as far as this run knows
    QVariantMap m_userSetKeys; ///< set during this run (a late lookup does not override them)
    bool m_rememberApiKey = false;
    QVariantMap m_toolPolicies;
    QVariantMap m_mcpServersEnabled;
    QString m_busyPolicy = QStringLiteral("queue");
    QString m_wsUrl = QStringLiteral("ws://127.0.0.1:8765");
    QString m_aguiUrl = QStringLiteral("http://127.0.0.1:8000/agent");
    QString m_autoAccept = QStringLiteral("onlyRead");
    QString m_language; ///< empty: the system's
    QString m_theme = QStringLiteral("system");
    bool m_showDebug = false;
    int m_contextWindow = 0;
    int m_autoCompact = 0;
    bool m_readAloud = false;
    QString m_speechVoice; ///< empty: the language's default voice
    double m_speechRate = 0.0;
    QString m_transcriptionUrl; ///< empty: no dictation
    QString m_transcriptionModel = QStringLiteral("whisper-1");
    QString m_transcriptionLanguage; ///< empty: detected
};
