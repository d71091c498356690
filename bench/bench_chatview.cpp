// SPDX-License-Identifier: MIT
// Frame timing of a ChatView streaming 2,000 tokens/s into a 1,000-message history, software
// renderer, offscreen, with a reply of one paragraph and with a Markdown reply (only its last
// block changes). Reports frames per second, the 95th-percentile frame time and the updates of
// the reply's row (dataChanged naming its text) per second.
// Run: build/bench/bench_chatview --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include "benchmarkmain.h"
#include "koderagentcontroller.h"
#include "kodermessagemodel.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QTimer>
#include <QtGui/QGuiApplication>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickView>
#include <QtQuick/QSGRendererInterface>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

namespace {

constexpr int historySize = 1000;
constexpr int measureMs = 3000;

// The reply: one paragraph of words, or (markdown) paragraphs, a list and code blocks as a
// model writes them, where only the last block changes while it streams.
QString replyText(bool markdown)
{
    QString reply;
    if (!markdown) {
        for (int i = 0; i < 20'000; ++i)
            reply += (i % 12 == 11) ? QStringLiteral(" word.") : QStringLiteral(" word");
        return reply;
    }
    for (int section = 0; reply.size() < 100'000; ++section) {
        for (int i = 0; i < 60; ++i)
            reply += (i % 12 == 11) ? QStringLiteral(" word.") : QStringLiteral(" **word**");
        reply += QStringLiteral("\n\n- first point\n- second point\n\n```cpp\n");
        for (int line = 0; line < 6; ++line)
            reply += QStringLiteral("int value%1 = compute(%1);\n").arg(section * 10 + line);
        reply += QStringLiteral("```\n\n");
    }
    return reply;
}

void chatViewStreaming(benchmark::State& bench, bool markdown)
{
    QQuickView view;
    view.engine()->addImportPath(QStringLiteral(KODER_IMPORTS_DIR));
    view.resize(800, 900);
    QQmlComponent component(view.engine());
    component.setData(R"(
        import QtQuick
        import Koder.Agent
        ChatView {
            controller: KoderAgentController {
                transport: KoderLocalAgent { tokensPerSecond: 2000 }
            }
        })",
                      QUrl::fromLocalFile(QStringLiteral("bench.qml")));
    std::unique_ptr<QQuickItem> root(qobject_cast<QQuickItem*>(component.create()));
    if (!root) {
        bench.SkipWithError(qPrintable(component.errorString()));
        return;
    }
    root->setParentItem(view.contentItem());
    root->setSize(view.size());
    auto* agent = root->property("controller").value<KoderAgentController*>();
    QVariantList history;
    for (int i = 0; i < historySize; ++i)
        history.append(QVariantMap{
            {QStringLiteral("role"), i % 2 ? QStringLiteral("assistant") : QStringLiteral("user")},
            {QStringLiteral("text"),
             QStringLiteral("Message %1 with **some** Markdown and enough words to wrap once or "
                            "twice in the bubble, like a real conversation would.")
                 .arg(i)}});
    agent->setChatMessages(history);
    agent->transport()->setProperty("reply", replyText(markdown));
    view.show();

    // Frame time: from the scene graph sync to the swap (what a frame costs); interval: from swap
    // to swap (what the eye sees; without vsync offscreen it follows the update requests).
    std::vector<double> frameMs;
    std::vector<double> intervalMs;
    qint64 rowUpdates = 0;
    QObject::connect(agent->messages(), &QAbstractItemModel::dataChanged, &view,
                     [&](const QModelIndex& from, const QModelIndex&, const QList<int>& roles) {
                         if (from.row() == historySize + 1 &&
                             roles.contains(KoderMessageModel::TextRole))
                             ++rowUpdates;
                     });
    QElapsedTimer clock;
    qint64 last = -1;
    qint64 syncStart = -1;
    QObject::connect(
        &view, &QQuickWindow::beforeSynchronizing, &view, [&] { syncStart = clock.nsecsElapsed(); },
        Qt::DirectConnection);
    QObject::connect(
        &view, &QQuickWindow::frameSwapped, &view,
        [&] {
            const qint64 now = clock.nsecsElapsed();
            if (syncStart >= 0)
                frameMs.push_back(static_cast<double>(now - syncStart) / 1e6);
            if (last >= 0)
                intervalMs.push_back(static_cast<double>(now - last) / 1e6);
            last = now;
        },
        Qt::DirectConnection);
    for (auto _ : bench) {
        frameMs.clear();
        rowUpdates = 0;
        intervalMs.clear();
        last = -1;
        syncStart = -1;
        clock.start();
        agent->send(QStringLiteral("Stream a long reply."));
        QEventLoop loop;
        QTimer::singleShot(measureMs, &loop, &QEventLoop::quit);
        loop.exec();
        agent->abort();
        bench.PauseTiming();
        agent->setChatMessages(history);
        bench.ResumeTiming();
    }
    if (frameMs.empty()) {
        bench.SkipWithError("no frames");
        return;
    }
    auto p95 = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v.empty() ? 0.0
                         : v[static_cast<std::size_t>(0.95 * static_cast<double>(v.size() - 1))];
    };
    bench.counters["fps"] = static_cast<double>(frameMs.size()) / (measureMs / 1000.0);
    bench.counters["p95_frame_ms"] = p95(frameMs);
    bench.counters["p95_interval_ms"] = p95(intervalMs);
    bench.counters["tokens_per_s"] = 2000;
    bench.counters["row_updates_per_s"] = static_cast<double>(rowUpdates) / (measureMs / 1000.0);
}
void BM_ChatViewStreaming(benchmark::State& bench)
{
    chatViewStreaming(bench, false);
}
void BM_ChatViewStreamingMarkdown(benchmark::State& bench)
{
    chatViewStreaming(bench, true);
}
BENCHMARK(BM_ChatViewStreaming)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK(BM_ChatViewStreamingMarkdown)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QQuickWindow::setGraphicsApi(QSGRendererInterface::Software);
    return runBenchmarksWith<QGuiApplication>(argc, argv);
}
