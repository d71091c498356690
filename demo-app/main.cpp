// SPDX-License-Identifier: MIT
// The Koder Agent demo: a desktop chat window over the offline local agent, an OpenAI-compatible
// server or an aichat.v1 WebSocket server. `koder-demo --help` lists the options;
// `--headless --send "text" --screenshot out.png` runs without a display.
#include "appearance.h"
#include "demosettings.h"
#include "headless.h"
#include "notebook.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QDir>
#include <QtCore/QStandardPaths>
#include <QtGui/QGuiApplication>
#include <QtQml/QQmlApplicationEngine>
#include <QtQuick/QQuickWindow>
#include <QtQuickControls2/QQuickStyle>

#include <cstdio>
#include <cstring>

namespace {

bool wantsHeadless(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--headless") == 0)
            return true;
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    const bool headless = wantsHeadless(argc, argv);
    // Offscreen rendering needs to be chosen before the application object exists.
    if (headless)
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    QGuiApplication::setOrganizationName(QStringLiteral("Koder"));
    QGuiApplication::setApplicationName(QStringLiteral("koder-demo"));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("Koder Agent"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The Koder Agent demo chat window."));
    parser.addHelpOption();
    const QCommandLineOption agentOption(
        QStringLiteral("agent"), QStringLiteral("The agent: local (default), openai or ws."),
        QStringLiteral("local|openai|ws"));
    const QCommandLineOption baseUrlOption(
        QStringLiteral("base-url"),
        QStringLiteral("OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1."),
        QStringLiteral("url"));
    const QCommandLineOption modelOption(QStringLiteral("model"),
                                         QStringLiteral("The model the server should use."),
                                         QStringLiteral("name"));
    const QCommandLineOption urlOption(QStringLiteral("url"),
                                       QStringLiteral("aichat.v1 WebSocket server, ws://..."),
                                       QStringLiteral("url"));
    const QCommandLineOption themeOption(QStringLiteral("theme"),
                                         QStringLiteral("system (default), light or dark."),
                                         QStringLiteral("theme"));
    const QCommandLineOption languageOption(
        QStringLiteral("language"), QStringLiteral("en, de, es or pt_BR (default: the system's)."),
        QStringLiteral("code"));
    const QCommandLineOption storeOption(
        QStringLiteral("store"),
        QStringLiteral("The conversation database (default: in the app data folder; "
                       "in memory with --headless)."),
        QStringLiteral("file"));
    const QCommandLineOption headlessOption(
        QStringLiteral("headless"), QStringLiteral("No window: render offscreen (with --send "
                                                   "and --screenshot)."));
    const QCommandLineOption sendOption(QStringLiteral("send"),
                                        QStringLiteral("Send this text once the window is up."),
                                        QStringLiteral("text"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QStringLiteral("With --headless: wait for the reply, save a picture here and quit."),
        QStringLiteral("file.png"));
    parser.addOptions({agentOption, baseUrlOption, modelOption, urlOption, themeOption,
                       languageOption, storeOption, headlessOption, sendOption, screenshotOption});
    parser.process(app);

    const QString agent = parser.value(agentOption);
    if (!agent.isEmpty() && agent != QLatin1String("local") && agent != QLatin1String("openai") &&
        agent != QLatin1String("ws")) {
        std::fprintf(stderr, "koder-demo: --agent must be local, openai or ws, not %s\n",
                     qPrintable(agent));
        return 2;
    }
    if (headless && !parser.isSet(screenshotOption)) {
        std::fprintf(stderr, "koder-demo: --headless needs --screenshot <file.png>\n");
        return 2;
    }

    // A headless run leaves the user's settings and conversations alone.
    DemoSettings settings(!headless);
    const std::pair<const QCommandLineOption*, const char*> overrides[] = {
        {&agentOption, "agent"}, {&baseUrlOption, "baseUrl"}, {&modelOption, "model"},
        {&urlOption, "wsUrl"},   {&themeOption, "theme"},     {&languageOption, "language"}};
    for (const auto& [option, property] : overrides)
        if (parser.isSet(*option))
            settings.setProperty(property, parser.value(*option));

    const QString dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QString storePath = parser.value(storeOption);
    if (!parser.isSet(storeOption) && !headless) {
        QDir().mkpath(dataDir);
        storePath = QDir(dataDir).filePath(QStringLiteral("conversations.sqlite"));
    }
    NoteBook notes(QDir(dataDir).filePath(QStringLiteral("notes.md")));

    // Fusion takes every palette role Main.qml binds for the light and dark themes.
    QQuickStyle::setStyle(QStringLiteral("Fusion"));
    QQmlApplicationEngine engine;
    // The module Koder.Agent: next to the build, or installed beside the demo.
    engine.addImportPath(QStringLiteral(KODER_DEMO_BUILD_IMPORTS));
    engine.addImportPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../lib/qml"));

    Appearance appearance;
    appearance.setEngine(&engine);
    appearance.applyTheme(settings.property("theme").toString());
    appearance.applyLanguage(settings.property("language").toString());

    engine.setInitialProperties({{QStringLiteral("settings"), QVariant::fromValue(&settings)},
                                 {QStringLiteral("appearance"), QVariant::fromValue(&appearance)},
                                 {QStringLiteral("notes"), QVariant::fromValue(&notes)},
                                 {QStringLiteral("storePath"), storePath}});
    engine.load(QUrl(QStringLiteral("qrc:/KoderDemo/Main.qml")));
    if (engine.rootObjects().isEmpty())
        return 1;
    auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());

    if (headless)
        return runHeadless(window, parser.value(sendOption), parser.value(screenshotOption));
    if (parser.isSet(sendOption))
        QMetaObject::invokeMethod(window, "sendText", Q_ARG(QVariant, parser.value(sendOption)));
    return QGuiApplication::exec();
}
