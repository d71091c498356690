// SPDX-License-Identifier: MIT
// First-token latency over a real socket: a local HTTP server on 127.0.0.1 answers each request
// of KoderOpenAiTransport with an SSE stream whose first event (one token) comes alone; the
// benchmark times from the reply's readyRead that brings those bytes to the message model's
// dataChanged naming the reply's text, then lets the rest of the stream come. Reports the
// median and the 95th percentile of that time.
// Run: build/bench/bench_firsttoken --benchmark_repetitions=3
// --benchmark_report_aggregates_only=true
#include "benchmarkmain.h"
#include "koderagentcontroller.h"
#include "kodermessagemodel.h"
#include "koderopenaitransport.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QTimer>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <functional>
#include <vector>

namespace {

QByteArray chunk(const QByteArray& data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

QByteArray sseEvent(const QByteArray& delta, const QByteArray& finish)
{
    return R"(data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,)"
           R"("model":"bench-model","choices":[{"index":0,"delta":)" +
           delta + R"(,"finish_reason":)" + finish + "}]}\n\n";
}

// An OpenAI-compatible server: each request gets the response headers and the first token's
// event in one write; the rest of the stream waits for finish().
class SseServer : public QObject {
public:
    SseServer()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection()) {
                socket->setParent(this);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
            }
        });
    }
    QUrl baseUrl() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server.serverPort()));
    }
    // The rest of the stream: a few more tokens, the finish and [DONE].
    void finish()
    {
        if (!m_open)
            return;
        QByteArray rest;
        for (int i = 0; i < 8; ++i)
            rest += sseEvent(R"({"content":" more"})", "null");
        rest += sseEvent("{}", R"("stop")") + "data: [DONE]\n\n";
        m_open->write(chunk(rest) + "0\r\n\r\n");
        m_open->flush();
        m_open = nullptr;
    }

private:
    void read(QTcpSocket* socket)
    {
        QByteArray& in = m_pending[socket];
        in += socket->readAll();
        const qsizetype headerEnd = in.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        qsizetype length = 0;
        for (const QByteArray& line : in.left(headerEnd).split('\n'))
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        if (in.size() < headerEnd + 4 + length)
            return;
        in.remove(0, headerEnd + 4 + length);
        m_open = socket;
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                      "Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n" +
                      chunk(sseEvent(R"({"role":"assistant","content":"Hello"})", "null")));
        socket->flush();
    }

    QTcpServer m_server;
    QHash<QTcpSocket*, QByteArray> m_pending;
    QTcpSocket* m_open = nullptr;
};

// Sees every reply first: its readyRead is connected before the transport's, so the time is
// taken before the transport reads the bytes.
class ReadClock : public QNetworkAccessManager {
public:
    explicit ReadClock(std::function<void()> onRead)
        : m_onRead(std::move(onRead))
    {
    }

protected:
    QNetworkReply* createRequest(Operation op, const QNetworkRequest& request,
                                 QIODevice* body) override
    {
        QNetworkReply* reply = QNetworkAccessManager::createRequest(op, request, body);
        connect(reply, &QNetworkReply::readyRead, this, [this] { m_onRead(); });
        return reply;
    }

private:
    std::function<void()> m_onRead;
};

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

void BM_FirstTokenReadToDataChanged(benchmark::State& bench)
{
    SseServer server;
    QElapsedTimer clock;
    clock.start();
    qint64 readAt = -1;    // the first readyRead of the current reply
    qint64 changedAt = -1; // the first dataChanged of its text
    ReadClock manager([&] {
        if (readAt < 0)
            readAt = clock.nsecsElapsed();
    });
    KoderAgentController agent;
    auto* transport = new KoderOpenAiTransport(&agent);
    transport->setNetworkAccessManager(&manager);
    transport->setBaseUrl(server.baseUrl());
    transport->setModel(QStringLiteral("bench-model"));
    agent.setTransport(transport);
    QEventLoop loop;
    int replyRow = -1;
    QObject::connect(agent.messages(), &QAbstractItemModel::dataChanged, &loop,
                     [&](const QModelIndex& from, const QModelIndex& to, const QList<int>& roles) {
                         if (changedAt < 0 && from.row() <= replyRow && replyRow <= to.row() &&
                             roles.contains(KoderMessageModel::TextRole)) {
                             changedAt = clock.nsecsElapsed();
                             loop.quit();
                         }
                     });
    QObject::connect(&agent, &KoderAgentController::streamEnd, &loop, &QEventLoop::quit);
    QObject::connect(&agent, &KoderAgentController::error, &loop, &QEventLoop::quit);
    QTimer guard; // a broken run ends instead of hanging
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);

    std::vector<double> micros;
    for (auto _ : bench) {
        readAt = changedAt = -1;
        agent.send(QStringLiteral("Say hello."));
        replyRow = agent.messages()->count() - 1;
        guard.start(10'000);
        if (changedAt < 0)
            loop.exec();
        if (readAt < 0 || changedAt < 0) {
            bench.SkipWithError("no first token");
            return;
        }
        const double seconds = static_cast<double>(changedAt - readAt) / 1e9;
        bench.SetIterationTime(seconds);
        micros.push_back(seconds * 1e6);
        server.finish();
        if (agent.streaming())
            loop.exec();
        if (agent.status() != QStringLiteral("idle")) {
            bench.SkipWithError(
                qPrintable(QStringLiteral("the stream did not end: ") + agent.status()));
            return;
        }
        agent.clear();
    }
    bench.counters["first_token_median_us"] = percentile(micros, 0.5);
    bench.counters["first_token_p95_us"] = percentile(micros, 0.95);
}
BENCHMARK(BM_FirstTokenReadToDataChanged)
    ->Unit(benchmark::kMicrosecond)
    ->UseManualTime()
    ->Iterations(200);

} // namespace

int main(int argc, char** argv)
{
    return runBenchmarksWith<QCoreApplication>(argc, argv);
}
