// SPDX-License-Identifier: MIT
// KoderMcpServer's configuration file reader: the "mcpServers" object desktop MCP clients
// share (a name to a process, or to a URL). Only what a server needs to start is read; the
// file is trusted as much as the app trusts its user's settings.
#include "kodermcpserver.h"

#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>

namespace {
QVariantMap stringMap(const QJsonValue& value)
{
    QVariantMap map;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it)
        if (it.value().isString())
            map.insert(it.key(), it.value().toString());
    return map;
}
} // namespace

/*!
    \fn QList<KoderMcpServer *> KoderMcpServer::fromConfiguration(const QByteArray &json, QObject *parent, QStringList *problems)

    Returns the servers of \a json, a configuration in the format desktop MCP clients
    write, each made with \a parent:

    \badcode
    {
      "mcpServers": {
        "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me"],
                   "env": { "LOG_LEVEL": "info" }, "cwd": "/home/me" },
        "remote": { "url": "https://example.com/mcp",
                    "headers": { "Authorization": "Bearer <token>" } },
        "off": { "command": "uvx", "args": ["some-server"], "disabled": true }
      }
    }
    \endcode

    Each entry's key is the server's \l name; \c command, \c args, \c env and \c cwd
    configure a process, \c url and \c headers an HTTP server, and \c{"disabled": true} makes
    it start disabled. Other members (such as a client's own \c type) are ignored. An entry
    with neither or both of \c command and \c url is skipped, and said why in \a problems
    (when not null); so is \a json that is not JSON or has no \c mcpServers object, which
    gives no server. The servers start on a later turn of the event loop: add them to a
    controller (and set their toolPolicy) before it, or delete the ones not wanted.
*/

/*!
    \fn QList<KoderMcpServer *> KoderMcpServer::fromConfigurationFile(const QString &path, QObject *parent, QStringList *problems)

    Returns the servers of the configuration file at \a path (see fromConfiguration()), each
    made with \a parent; a file that cannot be read gives none, and says why in \a problems
    (when not null). The file is trusted as the user's own settings are: it names the
    programs that will run.
*/

QList<KoderMcpServer*> KoderMcpServer::fromConfiguration(const QByteArray& json, QObject* parent,
                                                         QStringList* problems)
{
    QList<KoderMcpServer*> servers;
    auto problem = [problems](const QString& text) {
        if (problems)
            problems->append(text);
    };
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        problem(tr("The MCP configuration is not JSON: %1").arg(error.errorString()));
        return servers;
    }
    const QJsonValue list = doc.object().value(QStringLiteral("mcpServers"));
    if (!list.isObject()) {
        problem(tr("The MCP configuration has no \"mcpServers\" object."));
        return servers;
    }
    const QJsonObject entries = list.toObject();
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        const QString command = entry.value(QStringLiteral("command")).toString();
        const QString url = entry.value(QStringLiteral("url")).toString();
        if (command.isEmpty() == url.isEmpty()) {
            problem(tr("MCP server \"%1\" needs either a command or a url.").arg(it.key()));
            continue;
        }
        auto* server = new KoderMcpServer(parent);
        server->setEnabled(!entry.value(QStringLiteral("disabled")).toBool(false));
        server->setName(it.key());
        if (!command.isEmpty()) {
            server->setCommand(command);
            QStringList args;
            for (const QJsonValue& arg : entry.value(QStringLiteral("args")).toArray())
                args.append(arg.toString());
            server->setArgs(args);
            server->setEnvironment(stringMap(entry.value(QStringLiteral("env"))));
            server->setWorkingDirectory(entry.value(QStringLiteral("cwd")).toString());
        } else {
            server->setUrl(QUrl(url));
            server->setHeaders(stringMap(entry.value(QStringLiteral("headers"))));
        }
        servers.append(server);
    }
    return servers;
}

QList<KoderMcpServer*> KoderMcpServer::fromConfigurationFile(const QString& path, QObject* parent,
                                                             QStringList* problems)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (problems)
            problems->append(
                tr("The MCP configuration %1 cannot be read: %2").arg(path, file.errorString()));
        return {};
    }
    return fromConfiguration(file.readAll(), parent, problems);
}
