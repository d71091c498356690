// SPDX-License-Identifier: MIT
// koder-aichat-server: the reference aichat.v1 server, run by hand.
//   koder-aichat-server [--port 8765] [--script turns.json] [--no-resume] [--resume-window ms]
// Without a script every turn streams a short greeting word by word. Point
// KoderWebSocketTransport { url: "ws://127.0.0.1:8765" } at it.
#include "aichatserver.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QCoreApplication>
#include <QtCore/QFile>
#include <QtCore/QJsonDocument>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A scripted aichat.v1 WebSocket server."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("port"), QStringLiteral("Port on 127.0.0.1."),
                      QStringLiteral("port"), QStringLiteral("8765")});
    parser.addOption({QStringLiteral("script"),
                      QStringLiteral("A JSON array of turns (see aichatserver.h)."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("no-resume"),
                      QStringLiteral("End a turn when its connection drops (no caps.resume).")});
    parser.addOption({QStringLiteral("resume-window"),
                      QStringLiteral("Milliseconds a turn waits for its client to come back."),
                      QStringLiteral("ms"), QStringLiteral("60000")});
    parser.process(app);

    QJsonArray turns;
    if (parser.isSet(QStringLiteral("script"))) {
        QFile file(parser.value(QStringLiteral("script")));
        QJsonParseError error{};
        const QJsonDocument doc = file.open(QIODevice::ReadOnly)
                                      ? QJsonDocument::fromJson(file.readAll(), &error)
                                      : QJsonDocument();
        if (!doc.isArray()) {
            std::fprintf(stderr, "%s: not a JSON array of turns (%s)\n",
                         qPrintable(file.fileName()),
                         qPrintable(file.error() != QFile::NoError ? file.errorString()
                                                                   : error.errorString()));
            return 2;
        }
        turns = doc.array();
    } else {
        const auto send = [](const QJsonObject& frame) {
            return QJsonObject{{QStringLiteral("send"), frame}};
        };
        QJsonArray steps{send({{QStringLiteral("type"), QStringLiteral("turn.started")}})};
        for (const QString& word : {QStringLiteral("Hello"), QStringLiteral(" from"),
                                    QStringLiteral(" the"), QStringLiteral(" aichat.v1"),
                                    QStringLiteral(" reference"), QStringLiteral(" server.")})
            steps.append(send({{QStringLiteral("type"), QStringLiteral("delta")},
                               {QStringLiteral("channel"), QStringLiteral("text")},
                               {QStringLiteral("text"), word}}));
        steps.append(send({{QStringLiteral("type"), QStringLiteral("turn.end")},
                           {QStringLiteral("finish_reason"), QStringLiteral("stop")}}));
        turns.append(steps);
    }

    AichatServer server;
    server.setScript(turns);
    server.setLoop(true);
    server.setResumeEnabled(!parser.isSet(QStringLiteral("no-resume")));
    server.setResumeWindow(parser.value(QStringLiteral("resume-window")).toInt());
    if (!server.listen(static_cast<quint16>(parser.value(QStringLiteral("port")).toUInt()))) {
        std::fprintf(stderr, "cannot listen on 127.0.0.1:%s\n",
                     qPrintable(parser.value(QStringLiteral("port"))));
        return 1;
    }
    std::printf("aichat.v1 server on %s\n", qPrintable(server.url().toString()));
    std::fflush(stdout);
    return app.exec();
}
