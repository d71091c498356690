// SPDX-License-Identifier: MIT
// console-chat: one turn of a chat with the offline agent, from C++ alone. A QCoreApplication, a
// KoderAgentController and a KoderLocalAgent; no QML engine, no window (KoderAgent::qt has no Qt
// Qml, Quick or Gui).
//
//   console-chat [--fail-after N] [message]
//
// Prints the reply token by token as it streams, then "[streamEnd]" and exits 0; on an error it
// prints the error and exits 1 (--fail-after N makes the agent fail after N tokens).
//! [includes]
#include <koderagentcontroller.h>
#include <koderlocalagent.h>
#include <kodermessagemodel.h>
//! [includes]

#include <QtCore/QCommandLineParser>
#include <QtCore/QCoreApplication>
#include <QtCore/QTimer>

#include <cstdio>

//! [console-chat]
int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);

    QCommandLineParser options;
    options.addHelpOption();
    options.addOption({QStringLiteral("fail-after"),
                       QStringLiteral("Make the agent fail after <n> tokens."), QStringLiteral("n"),
                       QStringLiteral("-1")});
    options.addPositionalArgument(QStringLiteral("message"), QStringLiteral("What to send."));
    options.process(app);
    const QStringList words = options.positionalArguments();
    const QString message = words.isEmpty() ? QStringLiteral("Hello?") : words.join(u' ');

    // The agent that answers: offline and deterministic; it streams `reply` word by word. Any
    // KoderTransport works here (KoderOpenAiTransport for a real model, ...).
    KoderLocalAgent agent;
    agent.setReply(QStringLiteral("Hello from a QCoreApplication: no QML engine, no window."));
    agent.setFailAfterTokens(options.value(QStringLiteral("fail-after")).toInt());

    // The controller holds the conversation and its state machine; the app only listens.
    KoderAgentController controller;
    controller.setTransport(&agent);

    QObject::connect(&controller, &KoderAgentController::streamToken, &app,
                     [](const QString& /*messageId*/, const QString& token) {
                         std::fputs(qPrintable(token), stdout);
                         std::fflush(stdout);
                     });
    // Exactly one of streamEnd, error and aborted ends every turn.
    QObject::connect(&controller, &KoderAgentController::streamEnd, &app,
                     [&](const QString& /*messageId*/) {
                         // The history is a list model (QAbstractListModel, every message).
                         std::printf("\n(%d messages in the conversation)\n[streamEnd]\n",
                                     controller.messages()->count());
                         app.exit(0);
                     });
    QObject::connect(&controller, &KoderAgentController::error, &app, [&](const QVariant& error) {
        std::printf("\n[error] %s\n",
                    qPrintable(error.toMap().value(QStringLiteral("message")).toString()));
        app.exit(1);
    });

    // send() returns false (and emits rejected(action, reason)) when the controller refuses.
    if (!controller.send(message)) {
        std::fprintf(stderr, "the message was refused\n");
        return 1;
    }
    QTimer::singleShot(30000, &app, [&] {
        std::fprintf(stderr, "no reply within 30 s\n");
        app.exit(2);
    });
    return app.exec();
}
//! [console-chat]
