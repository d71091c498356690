// The installed package from both sides: the core reducer in C++, and the QML module imported by
// QML, driven from C++ through KoderAgentController. Exits 0 when a streamed reply arrived.
#include <koder/agent/reducer.h>

#include <koderagentcontroller.h>
#include <kodermessagemodel.h>

#include <QtCore/QTimer>
#include <QtGui/QGuiApplication>
#include <QtQml/QQmlApplicationEngine>

#include <cstdio>

int main(int argc, char** argv)
{
    using namespace koder::agent;
    State state;
    Environment env = Environment::deterministic();
    Outcome out;
    reduce(state, Send{"Hi!", {}}, out, env);
    reduce(state, TextDelta{state.turn->requestId, "Hello."}, out, env);
    reduce(state, StreamEnded{state.turn->requestId, "stop"}, out, env);
    if (state.conversation.messages.size() != 2 ||
        state.conversation.messages[1].text != "Hello.") {
        std::fprintf(stderr, "core: unexpected state\n");
        return 1;
    }

    QGuiApplication app(argc, argv);
    QQmlApplicationEngine engine;
    engine.addImportPath(QStringLiteral(KODER_QML_IMPORT_DIR));
    engine.load(QUrl::fromLocalFile(QStringLiteral(CONSUMER_QML)));
    if (engine.rootObjects().isEmpty()) {
        std::fprintf(stderr, "qml: Main.qml did not load\n");
        return 1;
    }
    auto* agent =
        engine.rootObjects().constFirst()->property("agent").value<KoderAgentController*>();
    if (!agent) {
        std::fprintf(stderr, "qml: no KoderAgentController\n");
        return 1;
    }
    int code = 1;
    QObject::connect(agent, &KoderAgentController::streamEnd, &app, [&] {
        const QString reply = agent->messages()->get(1).value(QStringLiteral("text")).toString();
        std::printf("reply: %s\n", qPrintable(reply));
        code = reply == QStringLiteral("Hello from the installed package.") ? 0 : 1;
        app.quit();
    });
    QTimer::singleShot(20'000, &app, [&] {
        std::fprintf(stderr, "no reply within 20 s\n");
        app.quit();
    });
    if (!agent->send(QStringLiteral("Hello?")))
        return 1;
    app.exec();
    return code;
}
