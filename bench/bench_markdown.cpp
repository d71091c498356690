// SPDX-License-Identifier: MIT
// The cost of one streamed append to a long Markdown reply (about 20000 characters: paragraphs,
// lists, two code blocks), 4 characters at a time, measured over the last 2000 characters:
// - BM_FullRender_PerAppend: KoderText::toSafeHtml() of the whole text, as a single rich-text
//   item showing the reply does on every append;
// - BM_BlockModel_PerAppend: KoderMarkdownBlocks::setMarkdown() plus what a view then reads:
//   the html of the rows that changed or were inserted;
// - BM_BlockModel_SplitOnly_PerAppend: setMarkdown() alone (the comparison with the old text
//   and the split of the last block), the html not read.
// Run: build/bench/bench_markdown --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "benchmarkmain.h"
#include "kodermarkdownblocks.h"
#include "kodertext.h"

#include <QtGui/QGuiApplication>

#include <benchmark/benchmark.h>

namespace {

constexpr qsizetype replySize = 20000;
constexpr qsizetype window = 2000; // the appends measured: the last characters of the reply
constexpr qsizetype step = 4;

QString paragraph(int n)
{
    return QStringLiteral("Paragraph %1 explains a step of the change in **plain words**: what "
                          "the function `update()` does, why the model keeps the rendered "
                          "blocks, and how a view reads them. It links to "
                          "[the reference](https://example.com/docs/%1) and ends with a short "
                          "summary of what to check before moving on to the next part.\n\n")
        .arg(n);
}

QString codeBlock(const QString& language, int lines)
{
    QString code = QStringLiteral("```") + language + QStringLiteral("\n");
    for (int i = 0; i < lines; ++i)
        code += QStringLiteral("    const auto value%1 = compute(input, %1); // step %1\n").arg(i);
    return code + QStringLiteral("```\n\n");
}

// A realistic long reply: paragraphs, a bullet list, an ordered list, two code blocks, and
// paragraphs at the end (where the measured appends land).
QString longReply()
{
    QString text;
    int n = 0;
    while (text.size() < 6000)
        text += paragraph(n++);
    text += QStringLiteral("The parts:\n\n");
    for (int i = 0; i < 12; ++i)
        text += QStringLiteral("- item %1: a short line about one part of the change\n").arg(i);
    text += QStringLiteral("\n");
    text += codeBlock(QStringLiteral("cpp"), 40);
    while (text.size() < 12000)
        text += paragraph(n++);
    for (int i = 1; i <= 6; ++i)
        text += QStringLiteral("%1. Do step %1, then check its output.\n\n").arg(i);
    text += codeBlock(QStringLiteral("python"), 30);
    while (text.size() < replySize)
        text += paragraph(n++);
    return text.left(replySize);
}

// Runs `append(text)` for each 4-character append over the reply's last `window` characters;
// `restart(text)` (not timed) puts the text back to where the window starts.
template<typename Append, typename Restart>
void perAppend(benchmark::State& bench, Append append, Restart restart)
{
    const QString reply = longReply();
    const qsizetype start = reply.size() - window;
    qsizetype at = start;
    restart(reply.left(at));
    for (auto _ : bench) {
        if (at >= reply.size()) {
            bench.PauseTiming();
            at = start;
            restart(reply.left(at));
            bench.ResumeTiming();
        }
        at += step;
        append(reply.left(at));
    }
    bench.counters["reply_chars"] = static_cast<double>(reply.size());
}

void BM_FullRender_PerAppend(benchmark::State& bench)
{
    perAppend(
        bench, [](const QString& text) { benchmark::DoNotOptimize(KoderText::toSafeHtml(text)); },
        [](const QString&) {});
}
BENCHMARK(BM_FullRender_PerAppend)->Unit(benchmark::kMicrosecond);

void BM_BlockModel_PerAppend(benchmark::State& bench)
{
    KoderMarkdownBlocks model;
    // What a view does: read the html of the rows that changed or came.
    const auto read = [&model](int first, int last) {
        for (int row = first; row <= last; ++row)
            benchmark::DoNotOptimize(
                model.data(model.index(row), KoderMarkdownBlocks::HtmlRole).toString());
    };
    QObject::connect(
        &model, &QAbstractItemModel::dataChanged,
        [&](const QModelIndex& from, const QModelIndex& to) { read(from.row(), to.row()); });
    QObject::connect(&model, &QAbstractItemModel::rowsInserted,
                     [&](const QModelIndex&, int first, int last) { read(first, last); });
    perAppend(
        bench, [&model](const QString& text) { model.setMarkdown(text); },
        [&model](const QString& text) { model.setMarkdown(text); });
    bench.counters["rows"] = model.count();
}
BENCHMARK(BM_BlockModel_PerAppend)->Unit(benchmark::kMicrosecond);

void BM_BlockModel_SplitOnly_PerAppend(benchmark::State& bench)
{
    KoderMarkdownBlocks model;
    perAppend(
        bench, [&model](const QString& text) { model.setMarkdown(text); },
        [&model](const QString& text) { model.setMarkdown(text); });
}
BENCHMARK(BM_BlockModel_SplitOnly_PerAppend)->Unit(benchmark::kMicrosecond);

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return runBenchmarksWith<QGuiApplication>(argc, argv);
}
