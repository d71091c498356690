// SPDX-License-Identifier: MIT
// The app the screen-reader-level check drives: a ChatView on the local agent. It sends when
// told "go" on stdin and quits when told "quit", so the listener decides every step.
#include <QtCore/QSocketNotifier>
#include <QtGui/QGuiApplication>
#include <QtQml/QQmlApplicationEngine>

#include <cstdio>
#include <unistd.h>

int main(int argc, char** argv)
{
    QGuiApplication app(argc, argv);
    app.setApplicationName(QStringLiteral("koder-a11y-app"));
    QQmlApplicationEngine engine;
    engine.addImportPath(QStringLiteral(KODER_IMPORTS_DIR));
    engine.loadData(R"(
        import QtQuick
        import QtQuick.Window
        import Koder.Agent
        Window {
            width: 480; height: 480; visible: true; title: "koder-a11y-app"
            property alias agent: chat.controller
            ChatView {
                id: chat
                anchors.fill: parent
                controller: KoderAgentController {
                    transport: KoderLocalAgent {
                        reply: "Hello there. The weather is fine today! Anything else?"
                        tokensPerSecond: 40
                    }
                    onStreamEnd: console.log("stream ended")
                }
            }
        }
    )");
    if (engine.rootObjects().isEmpty())
        return 1;
    QObject* window = engine.rootObjects().first();

    QSocketNotifier stdinReady(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&stdinReady, &QSocketNotifier::activated, [&] {
        char line[64] = {};
        if (!std::fgets(line, sizeof line, stdin) || QByteArray(line).startsWith("quit")) {
            app.quit();
            return;
        }
        if (QByteArray(line).startsWith("go")) {
            QObject* agent = window->property("agent").value<QObject*>();
            QMetaObject::invokeMethod(agent, "send", Q_ARG(QString, QStringLiteral("How is it?")),
                                      Q_ARG(QVariant, QVariant()));
        }
    });
    std::printf("ready\n");
    std::fflush(stdout);
    return app.exec();
}
