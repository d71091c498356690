// SPDX-License-Identifier: MIT
// The MCP client's own cost, against the scripted stdio server of tests/support/mcp (Node):
//  - BM_McpCallOverhead: a no-op tool's round trip through KoderMcpServer::callTool() (JSON-RPC
//    written, the line read, checked and turned into the tool message) against the same call
//    written and read raw on a second process of the same server, alternated call by call. The
//    difference of the medians is what the client adds to the server's time and the pipe's.
//  - BM_McpThousandTools: 1,006 tools listed again after the server says they changed and
//    turned into the controller's tool set (the core's tools, the executor's specs), then into
//    an OpenAI request body; the median of that time, a no-op round trip subtracted.
// Run: build/bench/bench_mcp (needs node and scripts/setup's npm install)
#include "benchmarkmain.h"
#include "koderagentcontroller.h"
#include "kodermcpserver.h"
#include "koderopenaitransport.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QProcess>
#include <QtCore/QTimer>

#include <algorithm>
#include <vector>

namespace {
const QString node = QStringLiteral(KODER_NODE_EXECUTABLE);
const QString script = QStringLiteral(KODER_MCP_SERVERS_DIR "/scripted_server.mjs");

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

bool waitReady(KoderMcpServer& server)
{
    QEventLoop loop;
    QTimer::singleShot(30'000, &loop, &QEventLoop::quit);
    QObject::connect(&server, &KoderMcpServer::statusChanged, &loop, [&] {
        if (server.status() != QLatin1String("connecting"))
            loop.quit();
    });
    if (server.status() != QLatin1String("ready"))
        loop.exec();
    return server.isReady();
}

// One call through the client, timed from the call to its result, in microseconds.
double clientCall(KoderMcpServer& server, const QString& tool)
{
    QEventLoop loop;
    bool done = false;
    QElapsedTimer timer;
    timer.start();
    server.callTool(tool, "{}", {}, [&](std::string, std::string, bool) {
        done = true;
        loop.quit();
    });
    if (!done)
        loop.exec();
    return static_cast<double>(timer.nsecsElapsed()) / 1000.0;
}

// The same server spoken to raw: one line out, one line back.
class RawServer {
public:
    bool start()
    {
        m_process.setProgram(node);
        m_process.setArguments({script});
        m_process.start();
        if (!m_process.waitForStarted())
            return false;
        line(
            R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}})");
        m_process.write(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
                        "\n");
        return true;
    }
    double call(int id)
    {
        QElapsedTimer timer;
        timer.start();
        line(QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(id) +
             R"(,"method":"tools/call","params":{"name":"noop","arguments":{}}})");
        return static_cast<double>(timer.nsecsElapsed()) / 1000.0;
    }
    ~RawServer()
    {
        m_process.closeWriteChannel();
        m_process.waitForFinished(3000);
    }

private:
    void line(const QByteArray& request)
    {
        m_process.write(request + "\n");
        while (!m_process.canReadLine())
            if (!m_process.waitForReadyRead(10'000))
                return;
        m_process.readLine();
    }
    QProcess m_process;
};

void BM_McpCallOverhead(benchmark::State& state)
{
    KoderMcpServer server;
    server.setName(QStringLiteral("bench"));
    server.setCommand(node);
    server.setArgs({script});
    RawServer raw;
    if (!waitReady(server) || !raw.start()) {
        state.SkipWithError("the scripted MCP server did not start (node, scripts/setup)");
        return;
    }
    std::vector<double> client, direct;
    int id = 1;
    for (int i = 0; i < 50; ++i) { // warm both paths (JIT, allocators)
        clientCall(server, QStringLiteral("noop"));
        raw.call(id++);
    }
    for (auto _ : state) {
        client.push_back(clientCall(server, QStringLiteral("noop")));
        direct.push_back(raw.call(id++));
    }
    state.counters["client_us"] = median(client);
    state.counters["raw_us"] = median(direct);
    state.counters["overhead_us"] = median(client) - median(direct);
}
BENCHMARK(BM_McpCallOverhead)->Iterations(2000)->Unit(benchmark::kMicrosecond);

void BM_McpThousandTools(benchmark::State& state)
{
    KoderAgentController controller;
    auto* server = new KoderMcpServer(&controller);
    server->setName(QStringLiteral("bench"));
    server->setCommand(node);
    server->setArgs({script, QStringLiteral("--tools"), QStringLiteral("1000"),
                     QStringLiteral("--page-size"), QStringLiteral("1000")});
    controller.addMcpServer(server);
    if (!waitReady(*server)) {
        state.SkipWithError("the scripted MCP server did not start (node, scripts/setup)");
        return;
    }
    KoderOpenAiTransport transport;
    std::vector<double> listed, noop, body;
    for (int i = 0; i < 5; ++i)
        clientCall(*server, QStringLiteral("add_tool"));
    for (auto _ : state) {
        // add_tool says the list changed before its result; the client reports the result once
        // the new list is the controller's tool set.
        listed.push_back(clientCall(*server, QStringLiteral("add_tool")));
        noop.push_back(clientCall(*server, QStringLiteral("noop")));
        QElapsedTimer timer;
        timer.start();
        QList<KoderTransport::ToolSpec> specs;
        for (const auto& tool : server->toolDefinitions())
            specs.append({tool.name, tool.description, tool.inputSchema, tool.readOnly});
        const QByteArray request = transport.requestBody({}, specs);
        benchmark::DoNotOptimize(request.size());
        body.push_back(static_cast<double>(timer.nsecsElapsed()) / 1000.0);
    }
    state.counters["tools"] = static_cast<double>(controller.state().settings.tools.size());
    state.counters["list_and_sync_ms"] = (median(listed) - median(noop)) / 1000.0;
    state.counters["request_body_ms"] = median(body) / 1000.0;
    state.counters["total_ms"] = (median(listed) - median(noop) + median(body)) / 1000.0;
}
BENCHMARK(BM_McpThousandTools)->Iterations(30)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv)
{
    return runBenchmarksWith<QCoreApplication>(argc, argv);
}
