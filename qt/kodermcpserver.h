// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QJsonObject>
#include <QtCore/QObject>
#include <QtCore/QStringList>
#include <QtCore/QUrl>
#include <QtCore/QVariant>

#include <functional>
#include <memory>
#include <string>

// One Model Context Protocol server: a process the app starts (stdio) or a URL (Streamable
// HTTP). Its tools join a controller's (KoderAgentController::addMcpServer), named
// "<server>__<tool>", under the approval engine; its prompts and resources are the app's to
// use. This class has no Qt Qml: the QML module adds the JS callbacks of getPrompt() and
// readResource(). Documented in kodermcpserver.cpp.
class KoderMcpServer : public QObject {
    Q_OBJECT
    Q_PROPERTY(QString name READ name WRITE setName NOTIFY nameChanged FINAL)
    Q_PROPERTY(QString command READ command WRITE setCommand NOTIFY commandChanged FINAL)
    Q_PROPERTY(QStringList args READ args WRITE setArgs NOTIFY argsChanged FINAL)
    Q_PROPERTY(QVariantMap environment READ environment WRITE setEnvironment NOTIFY
                   environmentChanged FINAL)
    Q_PROPERTY(QString workingDirectory READ workingDirectory WRITE setWorkingDirectory NOTIFY
                   workingDirectoryChanged FINAL)
    Q_PROPERTY(QUrl url READ url WRITE setUrl NOTIFY urlChanged FINAL)
    Q_PROPERTY(QVariantMap headers READ headers WRITE setHeaders NOTIFY headersChanged FINAL)
    Q_PROPERTY(bool enabled READ enabled WRITE setEnabled NOTIFY enabledChanged FINAL)
    Q_PROPERTY(QString status READ status NOTIFY statusChanged FINAL)
    Q_PROPERTY(QString errorString READ errorString NOTIFY statusChanged FINAL)
    Q_PROPERTY(QVariantMap serverInfo READ serverInfo NOTIFY serverInfoChanged FINAL)
    Q_PROPERTY(QString instructions READ instructions NOTIFY serverInfoChanged FINAL)
    Q_PROPERTY(QVariantList tools READ tools NOTIFY toolsChanged FINAL)
    Q_PROPERTY(QVariantList prompts READ prompts NOTIFY promptsChanged FINAL)
    Q_PROPERTY(QVariantList resources READ resources NOTIFY resourcesChanged FINAL)
    Q_PROPERTY(QVariantList resourceTemplates READ resourceTemplates NOTIFY resourcesChanged FINAL)
    Q_PROPERTY(
        QString toolPolicy READ toolPolicy WRITE setToolPolicy NOTIFY toolPolicyChanged FINAL)
    Q_PROPERTY(
        int callTimeout READ callTimeout WRITE setCallTimeout NOTIFY callTimeoutChanged FINAL)
    Q_PROPERTY(qint64 maxEventBytes READ maxEventBytes WRITE setMaxEventBytes NOTIFY
                   maxEventBytesChanged FINAL)

public:
    /// What getPrompt() and readResource() report, exactly once: the result as the server sent
    /// it, or an error sentence (then `result` is invalid).
    using Callback = std::function<void(const QVariant& result, const QString& error)>;
    /// A tool as the controller offers it to the model.
    struct ToolDefinition {
        QString name; ///< the server's own name for it
        QString description;
        QJsonObject inputSchema;
        bool readOnly = false;
    };
    /// A call's outcome: the tool message's text, its metadata (JSON text of an object, or
    /// empty) and whether it is an error.
    using CallDone = std::function<void(std::string text, std::string metadata, bool isError)>;
    /// A call's progress: `total` is negative when the server gave none.
    using CallProgress = std::function<void(double progress, double total, const QString& message)>;

    explicit KoderMcpServer(QObject* parent = nullptr);
    ~KoderMcpServer() override;

    /// The servers of a configuration file as desktop clients write it (kodermcpconfig.cpp):
    /// `{"mcpServers": {"<name>": {"command", "args", "env", "cwd"} | {"url", "headers"}}}`,
    /// each with `"disabled": true` to start it turned off. Entries that cannot be read are
    /// skipped and each is described in `problems`; a file that is not such JSON gives none.
    static QList<KoderMcpServer*> fromConfiguration(const QByteArray& json, QObject* parent,
                                                    QStringList* problems = nullptr);
    static QList<KoderMcpServer*> fromConfigurationFile(const QString& path, QObject* parent,
                                                        QStringList* problems = nullptr);

    QString name() const { return m_name; }
    void setName(const QString& name);
    QString command() const { return m_command; }
    void setCommand(const QString& command);
    QStringList args() const { return m_args; }
    void setArgs(const QStringList& args);
    QVariantMap environment() const { return m_environment; }
    void setEnvironment(const QVariantMap& environment);
    QString workingDirectory() const { return m_workingDirectory; }
    void setWorkingDirectory(const QString& directory);
    QUrl url() const { return m_url; }
    void setUrl(const QUrl& url);
    QVariantMap headers() const { return m_headers; }
    void setHeaders(const QVariantMap& headers);
    bool enabled() const { return m_enabled; }
    void setEnabled(bool enabled);
    QString status() const;
    QString errorString() const;
    QVariantMap serverInfo() const;
    QString instructions() const;
    QVariantList tools() const;
    QVariantList prompts() const;
    QVariantList resources() const;
    QVariantList resourceTemplates() const;
    QString toolPolicy() const { return m_toolPolicy; }
    void setToolPolicy(const QString& policy);
    int callTimeout() const { return m_callTimeout; }
    void setCallTimeout(int ms);
    qint64 maxEventBytes() const { return m_maxEventBytes; }
    void setMaxEventBytes(qint64 bytes);

    Q_INVOKABLE void restart();
    /// Stops the server and shows it `failed` with `reason` (a controller does so when the
    /// server's name is taken); restart() or a change of its configuration tries again.
    void markFailed(const QString& reason);
    void getPrompt(const QString& name, const QVariantMap& arguments, Callback callback);
    void readResource(const QString& uri, Callback callback);

    bool isReady() const;
    QList<ToolDefinition> toolDefinitions() const;
    /// Calls the tool `tool` (the server's name for it) with `arguments` (JSON text of an
    /// object). `done` is called exactly once, never from inside this call, unless
    /// cancelCall() comes first. Returns the call's handle.
    qint64 callTool(const QString& tool, const std::string& arguments, CallProgress progress,
                    CallDone done);
    /// Tells the server the call is no longer wanted (notifications/cancelled); `done` is not
    /// called.
    void cancelCall(qint64 call);
    /// Answers the server's question `requestKey` (elicitationRequested): `action` "accept"
    /// with `content` (JSON text of an object), "decline" or "cancel".
    void answerElicitation(const QString& requestKey, const QString& action,
                           const std::string& content = {});

Q_SIGNALS:
    void nameChanged();
    void commandChanged();
    void argsChanged();
    void environmentChanged();
    void workingDirectoryChanged();
    void urlChanged();
    void headersChanged();
    void enabledChanged();
    void statusChanged();
    void serverInfoChanged();
    void toolsChanged();
    void promptsChanged();
    void resourcesChanged();
    void toolPolicyChanged();
    void callTimeoutChanged();
    void maxEventBytesChanged();
    /// The server asks the user (elicitation/create, form mode): answer with
    /// answerElicitation(requestKey, ...). `schema` is JSON text as the server sent it.
    void elicitationRequested(const QString& requestKey, const QString& message,
                              const std::string& schema);
    /// The question `requestKey` no longer waits (the server cancelled it or ended).
    void elicitationWithdrawn(const QString& requestKey);

private:
    struct Private;
    void configurationChanged();
    void scheduleStart();
    void start();
    void stop();

    QString m_name;
    QString m_command;
    QStringList m_args;
    QVariantMap m_environment;
    QString m_workingDirectory;
    QUrl m_url;
    QVariantMap m_headers;
    bool m_enabled = true;
    QString m_toolPolicy = QStringLiteral("auto");
    int m_callTimeout = 60'000;
    qint64 m_maxEventBytes = qint64{8} << 20;
    std::unique_ptr<Private> d;
};
