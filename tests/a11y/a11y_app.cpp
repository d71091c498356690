// SPDX-License-Identifier: MIT
// The app the screen-reader-level check drives: a ChatView on the local agent (a11y_app.qml).
// Every step comes as a line on stdin, so the listener decides when each happens:
//   go, long, tool, ask, focus-input
//                                 run by the QML window's command() (a11y_app.qml)
//   tab, backtab, escape, enter, space, down
//                                 a key press and release, delivered by the window to its
//                                 focused item as the keyboard's would be
//   quit                          quits
// Usage: a11y_app [<QML import directory>]. It prints "ready" once its window is shown and
// active (it has the keyboard), and reports every command that fails on stderr.
#include <QtCore/QSocketNotifier>
#include <QtGui/QGuiApplication>
#include <QtGui/QKeyEvent>
#include <QtQml/QQmlApplicationEngine>
#include <QtQuick/QQuickWindow>

#include <cstdio>
#include <unistd.h>

namespace {

struct Key {
    const char* command;
    Qt::Key key;
    Qt::KeyboardModifiers modifiers;
    const char* text;
};

constexpr Key keys[] = {
    {"tab", Qt::Key_Tab, Qt::NoModifier, "\t"},
    {"backtab", Qt::Key_Backtab, Qt::ShiftModifier, ""},
    {"escape", Qt::Key_Escape, Qt::NoModifier, "\x1b"},
    {"enter", Qt::Key_Return, Qt::NoModifier, "\r"},
    {"space", Qt::Key_Space, Qt::NoModifier, " "},
    {"down", Qt::Key_Down, Qt::NoModifier, ""},
};

// Press and release, sent to the window, which gives them to its active focus item (and moves
// the focus on Tab) as it does the keyboard's.
void sendKey(QQuickWindow* window, const Key& key)
{
    const QString text = QString::fromLatin1(key.text);
    QKeyEvent press(QEvent::KeyPress, key.key, key.modifiers, text);
    QCoreApplication::sendEvent(window, &press);
    QKeyEvent release(QEvent::KeyRelease, key.key, key.modifiers, text);
    QCoreApplication::sendEvent(window, &release);
}

} // namespace

int main(int argc, char** argv)
{
    QGuiApplication app(argc, argv);
    app.setApplicationName(QStringLiteral("koder-a11y-app"));
    QQmlApplicationEngine engine;
    // The module built with the app, or another copy of it (to try a change to its QML).
    engine.addImportPath(argc > 1 ? QString::fromLocal8Bit(argv[1])
                                  : QStringLiteral(KODER_IMPORTS_DIR));
    engine.load(QStringLiteral(KODER_A11Y_APP_QML));
    if (engine.rootObjects().isEmpty())
        return 1;
    auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().first());
    if (!window)
        return 1;

    QSocketNotifier stdinReady(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&stdinReady, &QSocketNotifier::activated, [&] {
        char line[64] = {};
        if (!std::fgets(line, sizeof line, stdin)) {
            app.quit();
            return;
        }
        const QByteArray command = QByteArray(line).trimmed();
        if (command == "quit") {
            app.quit();
            return;
        }
        for (const Key& key : keys) {
            if (command == key.command) {
                sendKey(window, key);
                return;
            }
        }
        QVariant done;
        QMetaObject::invokeMethod(window, "command", Q_RETURN_ARG(QVariant, done),
                                  Q_ARG(QVariant, QString::fromLatin1(command)));
        if (!done.toBool())
            std::fprintf(stderr, "a11y_app: command \"%s\" failed\n", command.constData());
    });

    // The keyboard goes to the active window: make it active (there is no window manager under
    // Xvfb to do it) and say "ready" once it is.
    bool announced = false;
    auto announce = [&] {
        if (announced || !window->isActive())
            return;
        announced = true;
        std::printf("ready\n");
        std::fflush(stdout);
    };
    QObject::connect(window, &QWindow::activeChanged, &app, announce);
    window->requestActivate();
    announce();
    return app.exec();
}
