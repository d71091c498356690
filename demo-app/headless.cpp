// SPDX-License-Identifier: MIT
#include "headless.h"

#include "koderagentcontroller.h"
#include "kodermcpserver.h"

#include <QtCore/QDir>
#include <QtCore/QEventLoop>
#include <QtCore/QTimer>
#include <QtGui/QImage>
#include <QtQuick/QQuickWindow>

#include <cstdio>

namespace {

// Waits for the next frame the window really draws, so the picture shows the final state.
void waitForFrame(QQuickWindow* window)
{
    QEventLoop loop;
    QObject::connect(window, &QQuickWindow::frameSwapped, &loop, &QEventLoop::quit);
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    window->update();
    loop.exec();
}

// Waits (up to 30 s) until no server that is on is still starting or connecting, then says how
// each is: "ready, 3 tools: a, b, c", "failed: why" or "turned off".
void settleMcpServers(const KoderAgentController* agent)
{
    const QList<KoderMcpServer*> servers = agent->mcpServerList();
    if (servers.isEmpty())
        return;
    const auto settled = [&servers] {
        for (const KoderMcpServer* server : servers) {
            const QString status = server->status();
            if (server->enabled() && (status == QLatin1String("connecting") ||
                                      status == QLatin1String("disconnected")))
                return false;
        }
        return true;
    };
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (settled())
            loop.quit();
    });
    QTimer::singleShot(30'000, &loop, &QEventLoop::quit);
    poll.start(50);
    if (!settled())
        loop.exec();
    for (const KoderMcpServer* server : servers) {
        QString how;
        if (!server->enabled()) {
            how = QStringLiteral("turned off");
        } else if (server->status() == QLatin1String("ready")) {
            QStringList names;
            for (const QVariant& tool : server->tools())
                names.append(tool.toMap().value(QStringLiteral("name")).toString());
            how = QStringLiteral("ready, %1 tools: %2")
                      .arg(names.size())
                      .arg(names.join(QStringLiteral(", ")));
        } else if (server->status() == QLatin1String("failed")) {
            how = QStringLiteral("failed: %1").arg(server->errorString());
        } else {
            how = QStringLiteral("still %1 after 30 s").arg(server->status());
        }
        std::printf("koder-demo: MCP server \"%s\": %s\n", qPrintable(server->name()),
                    qPrintable(how));
    }
    std::fflush(stdout);
}

} // namespace

int runHeadless(QQuickWindow* window, const QString& text, const QString& screenshot)
{
    auto* agent = window->property("agent").value<KoderAgentController*>();
    if (!agent) {
        std::fprintf(stderr, "koder-demo: the window has no controller\n");
        return 1;
    }
    settleMcpServers(agent);
    QString outcome;
    QEventLoop loop;
    auto done = [&](const QString& how) {
        if (outcome.isEmpty())
            outcome = how;
        loop.quit();
    };
    QObject::connect(agent, &KoderAgentController::streamEnd, &loop,
                     [&] { done(QStringLiteral("reply finished")); });
    QObject::connect(agent, &KoderAgentController::error, &loop,
                     [&] { done(QStringLiteral("reply failed")); });
    QObject::connect(agent, &KoderAgentController::aborted, &loop,
                     [&] { done(QStringLiteral("reply stopped")); });
    // A writing tool or a question of the agent waits for the user; nobody is there, so the
    // picture shows the permission prompt or the question prompt.
    QObject::connect(agent, &KoderAgentController::statusChanged, &loop, [&] {
        if (agent->status() == QLatin1String("reviewingToolCall"))
            done(QStringLiteral("waiting for a permission"));
        else if (agent->status() == QLatin1String("awaitingInput"))
            done(QStringLiteral("waiting for an answer"));
    });
    QTimer::singleShot(60'000, &loop, [&] { done(QStringLiteral("timed out after 60 s")); });

    if (!text.isEmpty()) {
        if (!agent->send(text)) {
            std::fprintf(stderr, "koder-demo: the message was refused\n");
            return 1;
        }
        loop.exec();
    }
    waitForFrame(window);
    waitForFrame(window);
    const QImage image = window->grabWindow();
    const QString path = QDir::current().absoluteFilePath(screenshot);
    if (image.isNull() || !image.save(path)) {
        std::fprintf(stderr, "koder-demo: cannot write the screenshot %s\n", qPrintable(path));
        return 1;
    }
    std::printf("koder-demo: %s; screenshot: %s\n",
                qPrintable(outcome.isEmpty() ? QStringLiteral("nothing sent") : outcome),
                qPrintable(path));
    return outcome.startsWith(QLatin1String("timed out")) ? 1 : 0;
}
