// SPDX-License-Identifier: MIT
#pragma once

#include "demosettings.h"
#include "koderagentcontroller.h"
#include "kodermcpserver.h"

#include <QtCore/QList>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QStringList>
#include <QtQml/qqmlregistration.h>

/*!
    The demo's MCP servers, read from a configuration file as desktop MCP clients write it
    (\c{{"mcpServers": {"<name>": {"command", "args", "env", "cwd", "disabled"} | {"url",
    "headers"}}}}): the file \c{--mcp-config} names, else \c mcp.json in the application's
    configuration folder when it exists (defaultPath()).

    What cannot be read is never fatal: each problem is logged (category \c koder.demo.mcp) and
    listed in \c problems, which the Settings dialog shows; the servers that could be read are
    added to the window's controller (addTo()). Turning a server on or off (its \c enabled) is
    remembered per server name in DemoSettings (\c mcpServersEnabled) and wins over the file's
    \c disabled at the next start.
*/
class McpConfiguration : public QObject {
    Q_OBJECT
    QML_ELEMENT
    /*! The file read, or (nothing read) where the demo looks for one: defaultPath(). */
    Q_PROPERTY(QString path READ path NOTIFY changed FINAL)
    /*! Whether the file is there (it was read; what was wrong with it is in \c problems). */
    Q_PROPERTY(bool loaded READ loaded NOTIFY changed FINAL)
    /*! What was wrong with the file, one sentence each; empty when nothing was. */
    Q_PROPERTY(QStringList problems READ problems NOTIFY changed FINAL)

public:
    /// \a settings (not owned; may be null) keeps which servers the user turned on or off.
    explicit McpConfiguration(DemoSettings* settings, QObject* parent = nullptr);
    explicit McpConfiguration(QObject* parent = nullptr)
        : McpConfiguration(nullptr, parent)
    {
    }
    ~McpConfiguration() override;

    /// <AppConfigLocation>/mcp.json: where the demo looks when no file is named.
    static QString defaultPath();

    /// Reads \a path; with an empty \a path, the default file when there is one (none is no
    /// problem). A named file that is missing or wrong is a problem. Replaces what an earlier
    /// call read.
    Q_INVOKABLE void load(const QString& path = QString());
    /// Adds the servers to \a controller (the demo's window's).
    Q_INVOKABLE void addTo(KoderAgentController* controller) const;

    QString path() const { return m_path; }
    bool loaded() const { return m_loaded; }
    QStringList problems() const { return m_problems; }
    /// The servers read (owned by this object).
    QList<KoderMcpServer*> servers() const { return m_servers; }

Q_SIGNALS:
    void changed();

private:
    QPointer<DemoSettings> m_settings;
    QString m_path;
    bool m_loaded = false;
    QStringList m_problems;
    QList<KoderMcpServer*> m_servers;
};
