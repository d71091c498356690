// SPDX-License-Identifier: MIT
#include "headless.h"

#include "koderagentcontroller.h"

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

} // namespace

int runHeadless(QQuickWindow* window, const QString& text, const QString& screenshot)
{
    auto* agent = window->property("agent").value<KoderAgentController*>();
    if (!agent) {
        std::fprintf(stderr, "koder-demo: the window has no controller\n");
        return 1;
    }
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
