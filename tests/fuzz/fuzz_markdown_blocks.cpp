// SPDX-License-Identifier: MIT
// KoderMarkdownBlocks on arbitrary text (the payload read as UTF-8): the rows' sources make the
// text again; the text fed in growing prefixes (cut where the header says, and one character at
// a time when short) ends with the rows of the text split at once, and every append changes
// only the row that was last and adds rows at the end (no removal, no reset); with an odd mode,
// a piece cut out of the middle and put back (edits, not appends) ends with the same rows too.
// The html role is not read: rendering needs a QGuiApplication, and the renderer is Qt's (the
// split is what is checked here).
#include "fuzzcheck.h"
#include "kodermarkdownblocks.h"

#include <string>
#include <vector>

namespace {

using koder::fuzz::Chunked;
using koder::fuzz::printable;

std::string utf8(const QString& text)
{
    return text.toStdString();
}

// kind|language|code|source of each row, escaped.
std::vector<std::string> rowsOf(const KoderMarkdownBlocks& model)
{
    std::vector<std::string> out;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex index = model.index(row);
        std::string line;
        for (int role : {KoderMarkdownBlocks::KindRole, KoderMarkdownBlocks::LanguageRole,
                         KoderMarkdownBlocks::CodeRole, KoderMarkdownBlocks::SourceRole})
            line += printable(utf8(model.data(index, role).toString()), 4096) + "|";
        out.push_back(line);
    }
    return out;
}

std::string describe(const std::vector<std::string>& rows)
{
    std::string out = std::to_string(rows.size()) + " row(s)";
    for (const auto& row : rows)
        out += "\n    " + row;
    return out;
}

// What holds for the rows of any text.
void checkRows(const KoderMarkdownBlocks& model, const QString& text)
{
    KODER_FUZZ_CHECK(model.markdown() == text, "markdown() is not the text set");
    KODER_FUZZ_CHECK(model.count() == model.rowCount(), "count differs from rowCount");
    QString joined;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex index = model.index(row);
        const QString source = model.data(index, KoderMarkdownBlocks::SourceRole).toString();
        const QString kind = model.data(index, KoderMarkdownBlocks::KindRole).toString();
        const QString code = model.data(index, KoderMarkdownBlocks::CodeRole).toString();
        const QString language = model.data(index, KoderMarkdownBlocks::LanguageRole).toString();
        KODER_FUZZ_CHECK(!source.isEmpty(), "an empty block at row " + std::to_string(row));
        if (kind == QLatin1String("code")) {
            KODER_FUZZ_CHECK(!code.contains(u'\r'), "a CR in the code: " + printable(utf8(code)));
            KODER_FUZZ_CHECK(!language.contains(u' ') && !language.contains(u'\t'),
                             "a space in the language: " + printable(utf8(language)));
            KODER_FUZZ_CHECK(code.size() <= source.size(), "code longer than its block");
        } else {
            KODER_FUZZ_CHECK(kind == QLatin1String("markdown"), "kind " + utf8(kind));
            KODER_FUZZ_CHECK(code.isEmpty() && language.isEmpty(),
                             "code or language on a Markdown row");
        }
        joined += source;
    }
    KODER_FUZZ_CHECK(joined == text,
                     "the blocks do not make the text again:\n  text:   " + printable(utf8(text)) +
                         "\n  blocks: " + printable(utf8(joined)));
}

// Watches a model's signals: while `appending`, only the row that was last may change and rows
// may only be added at the end.
struct Watch {
    explicit Watch(KoderMarkdownBlocks& model)
    {
        QObject::connect(&model, &QAbstractItemModel::dataChanged,
                         [this](const QModelIndex& from, const QModelIndex& to) {
                             KODER_FUZZ_CHECK(from.row() <= to.row(), "dataChanged backwards");
                             if (appending)
                                 KODER_FUZZ_CHECK(
                                     from.row() == before - 1 && to.row() == before - 1,
                                     "an append changed row " + std::to_string(from.row()) +
                                         " of " + std::to_string(before));
                         });
        QObject::connect(
            &model, &QAbstractItemModel::rowsInserted, [this](const QModelIndex&, int first, int) {
                if (appending)
                    KODER_FUZZ_CHECK(first >= before, "an append inserted row " +
                                                          std::to_string(first) + " of " +
                                                          std::to_string(before));
            });
        QObject::connect(&model, &QAbstractItemModel::rowsRemoved,
                         [this] { KODER_FUZZ_CHECK(!appending, "an append removed rows"); });
        QObject::connect(&model, &QAbstractItemModel::modelReset,
                         [] { KODER_FUZZ_CHECK(false, "a model reset"); });
        QObject::connect(&model, &QAbstractItemModel::layoutChanged,
                         [] { KODER_FUZZ_CHECK(false, "a layout change"); });
        QObject::connect(&model, &QAbstractItemModel::rowsMoved,
                         [] { KODER_FUZZ_CHECK(false, "rows moved"); });
    }

    bool appending = false;
    int before = 0;
};

// Sets `text` on `model` (an append when it extends the current text) and checks the rows.
void set(KoderMarkdownBlocks& model, Watch& watch, const QString& text)
{
    watch.appending = text.startsWith(model.markdown());
    watch.before = model.rowCount();
    model.setMarkdown(text);
    watch.appending = false;
    checkRows(model, text);
}

void expectSame(const KoderMarkdownBlocks& model, const std::vector<std::string>& whole,
                const char* how)
{
    const auto rows = rowsOf(model);
    KODER_FUZZ_CHECK(rows == whole, std::string(how) + " ends with other rows:\n  whole: " +
                                        describe(whole) + "\n  " + how + ": " + describe(rows));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const Chunked input(data, size);
    const QString text =
        QString::fromUtf8(input.payload.data(), static_cast<qsizetype>(input.payload.size()));
    const auto length = static_cast<std::size_t>(text.size());

    KoderMarkdownBlocks once;
    Watch onceWatch(once);
    set(once, onceWatch, text);
    const auto whole = rowsOf(once);

    // Streamed in the header's pieces (cut points scaled from bytes to characters).
    {
        KoderMarkdownBlocks model;
        Watch watch(model);
        for (std::size_t cut : input.cuts) {
            const std::size_t at = input.payload.empty() ? 0 : cut * length / input.payload.size();
            set(model, watch, text.left(static_cast<qsizetype>(at)));
        }
        set(model, watch, text);
        expectSame(model, whole, "streamed");
    }
    // One character at a time.
    if (length <= 2048) {
        KoderMarkdownBlocks model;
        Watch watch(model);
        for (qsizetype at = 1; at <= text.size(); ++at)
            set(model, watch, text.left(at));
        expectSame(model, whole, "character by character");
    }
    // Edits: a piece between the first two cuts taken out of the middle, then put back; the
    // text cut short, then whole again.
    if ((input.mode & 1u) && input.cuts.size() >= 2 && length > 0) {
        const auto scale = [&](std::size_t cut) {
            return static_cast<qsizetype>(cut * length / input.payload.size());
        };
        const qsizetype from = scale(input.cuts[0]);
        const qsizetype to = scale(input.cuts[1]);
        KoderMarkdownBlocks model;
        Watch watch(model);
        set(model, watch, text);
        QString edited = text;
        edited.remove(from, to - from);
        set(model, watch, edited);
        KoderMarkdownBlocks editedOnce;
        editedOnce.setMarkdown(edited);
        expectSame(model, rowsOf(editedOnce), "edited");
        set(model, watch, text);
        expectSame(model, whole, "edited and restored");
        set(model, watch, text.left(from));
        set(model, watch, text);
        expectSame(model, whole, "cut short and restored");
    }
    return 0;
}
