// SPDX-License-Identifier: MIT
// What the MCP tests read of the scripted server (tests/support/mcp/scripted_server.mjs): the
// methods its --log file recorded, one JSON message per line, to prove what reached it.
#pragma once

#include <QtCore/QFile>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QStringList>

inline QStringList mcpLoggedMethods(const QString& logPath)
{
    QFile file(logPath);
    QStringList methods;
    if (!file.open(QIODevice::ReadOnly))
        return methods;
    for (const QByteArray& line : file.readAll().split('\n'))
        if (!line.trimmed().isEmpty())
            methods << QJsonDocument::fromJson(line)
                           .object()
                           .value(QStringLiteral("method"))
                           .toString();
    return methods;
}
