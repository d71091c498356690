// SPDX-License-Identifier: MIT
#include "mcpconfiguration.h"

#include <QtCore/QDir>
#include <QtCore/QFileInfo>
#include <QtCore/QLoggingCategory>
#include <QtCore/QStandardPaths>

#include <utility>

namespace {
Q_LOGGING_CATEGORY(lcDemoMcp, "koder.demo.mcp")
}

McpConfiguration::McpConfiguration(DemoSettings* settings, QObject* parent)
    : QObject(parent)
    , m_settings(settings)
    , m_path(defaultPath())
{
}

McpConfiguration::~McpConfiguration()
{
    // The servers go first, their processes with them (the controller lets go of each as it is
    // destroyed).
    qDeleteAll(std::exchange(m_servers, {}));
}

QString McpConfiguration::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation))
        .filePath(QStringLiteral("mcp.json"));
}

void McpConfiguration::load(const QString& path)
{
    qDeleteAll(std::exchange(m_servers, {}));
    m_problems.clear();
    m_loaded = false;
    m_path = path;
    if (m_path.isEmpty()) {
        // The user's own file, or one an administrator put in a system folder (/etc/xdg/...).
        m_path = QStandardPaths::locate(QStandardPaths::AppConfigLocation,
                                        QStringLiteral("mcp.json"));
        if (m_path.isEmpty()) {
            m_path = defaultPath();
            qCDebug(lcDemoMcp, "no MCP configuration at %s", qPrintable(m_path));
            Q_EMIT changed();
            return;
        }
    }
    m_path = QFileInfo(m_path).absoluteFilePath();
    m_servers = KoderMcpServer::fromConfigurationFile(m_path, this, &m_problems);
    m_loaded = QFileInfo::exists(m_path); // a named file that is missing is a problem only
    for (const QString& problem : std::as_const(m_problems))
        qCWarning(lcDemoMcp, "%s", qPrintable(problem));
    const QVariantMap chosen =
        m_settings ? m_settings->property("mcpServersEnabled").toMap() : QVariantMap();
    for (KoderMcpServer* server : std::as_const(m_servers)) {
        // The user's switch in Settings wins over the file's "disabled". Set before the event
        // loop runs, so a server turned off never starts.
        const QString name = server->name();
        if (chosen.contains(name))
            server->setEnabled(chosen.value(name).toBool());
        if (m_settings)
            connect(server, &KoderMcpServer::enabledChanged, m_settings.data(), [this, server] {
                if (m_settings)
                    m_settings->rememberMcpServerEnabled(server->name(), server->enabled());
            });
    }
    qCInfo(lcDemoMcp, "%lld MCP server(s) from %s", static_cast<long long>(m_servers.size()),
           qPrintable(m_path));
    Q_EMIT changed();
}

void McpConfiguration::addTo(KoderAgentController* controller) const
{
    if (!controller)
        return;
    for (KoderMcpServer* server : m_servers)
        controller->addMcpServer(server);
}
