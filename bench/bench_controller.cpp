// SPDX-License-Identifier: MIT
// Controller + model throughput: tokens from KoderLocalAgent (tokensPerSecond 0) through the
// core into the message model, without and with a QML view attached.
// Run: build/bench/bench_controller --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true
#include "benchmarkmain.h"
#include "koderagentcontroller.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QTimer>
#include <QtGui/QGuiApplication>
#include <QtQml/QQmlContext>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickView>

#include <benchmark/benchmark.h>

namespace {

constexpr int replyTokens = 200'000;

QString longReply()
{
    QString reply;
    reply.reserve(replyTokens * 4);
    for (int i = 0; i < replyTokens; ++i)
        reply += i == 0 ? QStringLiteral("abc") : QStringLiteral(" abc");
    return reply;
}

// Streams one reply per iteration and reports tokens/s and the model's dataChanged rate.
void streamReplies(benchmark::State& bench, KoderAgentController& agent)
{
    auto* local = new KoderLocalAgent(&agent);
    local->setReply(longReply());
    agent.setTransport(local);
    qint64 dataChanged = 0;
    QObject::connect(agent.messages(), &QAbstractItemModel::dataChanged,
                     [&dataChanged] { ++dataChanged; });
    QEventLoop loop;
    QObject::connect(&agent, &KoderAgentController::streamEnd, &loop, &QEventLoop::quit);
    double seconds = 0;
    for (auto _ : bench) {
        QElapsedTimer clock;
        clock.start();
        agent.send(QStringLiteral("go"));
        loop.exec();
        seconds += static_cast<double>(clock.nsecsElapsed()) / 1e9;
        bench.PauseTiming();
        agent.clear(); // keep the history small: this measures streaming, not history size
        bench.ResumeTiming();
    }
    bench.SetItemsProcessed(bench.iterations() * replyTokens);
    bench.counters["dataChanged_per_s"] = static_cast<double>(dataChanged) / seconds;
}

void BM_LocalAgentToModel(benchmark::State& bench)
{
    KoderAgentController agent;
    streamReplies(bench, agent);
}
BENCHMARK(BM_LocalAgentToModel)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_LocalAgentToModelWithView(benchmark::State& bench)
{
    KoderAgentController agent;
    QQuickView view;
    view.rootContext()->setContextProperty(QStringLiteral("agent"), &agent);
    view.setResizeMode(QQuickView::SizeRootObjectToView);
    view.resize(480, 640);
    view.setSource(QUrl(QStringLiteral("qrc:/bench/ChatList.qml")));
    if (view.status() != QQuickView::Ready) {
        bench.SkipWithError("the QML view did not load");
        return;
    }
    view.show();
    streamReplies(bench, agent);
}
BENCHMARK(BM_LocalAgentToModelWithView)->Unit(benchmark::kMillisecond)->UseRealTime();

// The ceiling for "one token per event-loop turn": a 0 ms timer that does nothing else.
void BM_EventLoopTurns(benchmark::State& bench)
{
    QTimer timer;
    QEventLoop loop;
    int turns = 0;
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        if (++turns == replyTokens) {
            timer.stop();
            loop.quit();
        }
    });
    for (auto _ : bench) {
        turns = 0;
        timer.start(0);
        loop.exec();
    }
    bench.SetItemsProcessed(bench.iterations() * replyTokens);
}
BENCHMARK(BM_EventLoopTurns)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return runBenchmarksWith<QGuiApplication>(argc, argv);
}
