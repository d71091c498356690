// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QObject>
#include <QtCore/QVariantMap>
#include <QtQml/qqmlregistration.h>

/*!
    The demo's choices: which agent, its server settings, auto-accept and the per-tool
    permissions, language, theme. Kept in
    QSettings when \c persistent (not in headless runs); the command line overrides what is kept.
    The API key is written to disk only when the user ticked \c rememberApiKey; otherwise it lives
    in memory for this run (or comes from the KODER_API_KEY environment variable).
*/
class DemoSettings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString agent MEMBER m_agent NOTIFY changed FINAL)
    Q_PROPERTY(QString baseUrl MEMBER m_baseUrl NOTIFY changed FINAL)
    Q_PROPERTY(QString model MEMBER m_model NOTIFY changed FINAL)
    Q_PROPERTY(QString apiKey MEMBER m_apiKey NOTIFY changed FINAL)
    Q_PROPERTY(bool rememberApiKey MEMBER m_rememberApiKey NOTIFY changed FINAL)
    Q_PROPERTY(QString wsUrl MEMBER m_wsUrl NOTIFY changed FINAL)
    Q_PROPERTY(QString autoAccept MEMBER m_autoAccept NOTIFY changed FINAL)
    Q_PROPERTY(QString language MEMBER m_language NOTIFY changed FINAL)
    Q_PROPERTY(QString theme MEMBER m_theme NOTIFY changed FINAL)
    Q_PROPERTY(bool showDebug MEMBER m_showDebug NOTIFY changed FINAL)
    /*! What a send during a reply does: reject, queue, interrupt or steer. */
    Q_PROPERTY(QString busyPolicy MEMBER m_busyPolicy NOTIFY changed FINAL)
    /*! Per tool name, "ask", "allow" or "deny" (KoderAgentController::toolPolicies). */
    Q_PROPERTY(QVariantMap toolPolicies MEMBER m_toolPolicies NOTIFY changed FINAL)

public:
    /// \a persistent: read from and written to QSettings.
    explicit DemoSettings(bool persistent, QObject* parent = nullptr);
    /// Not persistent (tests, QML).
    explicit DemoSettings(QObject* parent = nullptr)
        : DemoSettings(false, parent)
    {
    }

    /// Writes the settings (and the API key only with the user's permission).
    Q_INVOKABLE void save() const;

    QString agent() const { return m_agent; }

Q_SIGNALS:
    void changed();

private:
    bool m_persistent;
    QString m_agent = QStringLiteral("local");
    QString m_baseUrl = QStringLiteral("http://127.0.0.1:11434/v1");
    QString m_model = QStringLiteral("qwen3:8b");
    QString m_apiKey;
    bool m_rememberApiKey = false;
    QVariantMap m_toolPolicies;
    QString m_busyPolicy = QStringLiteral("queue");
    QString m_wsUrl = QStringLiteral("ws://127.0.0.1:8765");
    QString m_autoAccept = QStringLiteral("onlyRead");
    QString m_language; ///< empty: the system's
    QString m_theme = QStringLiteral("system");
    bool m_showDebug = false;
};
