// SPDX-License-Identifier: MIT
#include "kodermarkdownblocks.h"

#include "kodertext.h"

#include <algorithm>
#include <cstring>
#include <utility>

/*!
    \qmltype KoderMarkdownBlocks
    \inqmlmodule Koder.Agent
    \instantiates KoderMarkdownBlocks
    \brief Markdown split into blocks, as a list model: a streaming reply re-renders only the
    block that changed, and code blocks are items of their own.

    Set \l markdown to a message's text and show the rows with a \c Repeater: one row per
    block, in order. A Markdown block comes as HTML rendered by \l [QML] {KoderText}
    {KoderText.toSafeHtml()} (for a \c{TextEdit.RichText} item), a fenced code block as its
    plain code and language, for an item with a language label and a Copy button.

    While a reply streams, its text only grows. The model then splits again only the last
    block with the new text after it: the rows before it do not change and are not rendered
    again, the last row gets a \c dataChanged naming the roles that changed, and new blocks
    are rows inserted at the end. Any other change of \l markdown (an edit, another message)
    changes only the rows whose block changed: the rows equal at the start and at the end are
    left alone, the others get a \c dataChanged, and rows are inserted or removed between
    them. There is never a model reset. A block's HTML is rendered when a view first reads it,
    and kept until its text changes.

    \section1 Roles

    \table
    \header \li Role \li Type \li Meaning
    \row \li \c kind \li string
         \li \c{"markdown"} or \c{"code"}. The last row's kind can change while the text grows:
             a code fence is a code block once its opening line is complete.
    \row \li \c html \li string
         \li For a Markdown block, the block's text as KoderText.toSafeHtml() renders it:
             nothing it shows is fetched, only \c http:, \c https: and \c mailto: links stay.
             Empty for a code block.
    \row \li \c code \li string
         \li For a code block, its code: the lines between the fences, without the opening
             fence's indentation, line endings as \c{"\\n"}, without the last line ending.
             Untrusted plain text: show it with \c{TextEdit.PlainText}. Empty for a Markdown
             block.
    \row \li \c language \li string
         \li For a code block, the first word of the opening fence's info string
             (\c{"cpp"} for \c{```cpp title}), as written: plain text. Empty when there is
             none, and for a Markdown block.
    \row \li \c source \li string
         \li The block's Markdown text as it is in \l markdown, fences and blank lines
             included: the sources of all rows, in order, make \l markdown again.
    \endtable

    \section1 Example

    A message body: a \c TextEdit for a Markdown block; a label, a Copy button and the code
    for a code block. The last row's \c kind can change while a reply streams, so the delegate
    follows it: here it holds both items and shows the one \c kind asks for (a \c Loader
    switching its component on \c kind does as well, but Qt 6.4's \c Loader cannot load a
    component declared in a file with \c{pragma ComponentBehavior: Bound}).

    \qml
    pragma ComponentBehavior: Bound
    import QtQuick
    import QtQuick.Controls
    import Koder.Agent

    Column {
        id: root
        property string text: "Some *Markdown*, then code:\n\n```cpp\nint answer = 42;\n```\n"
        signal linkActivated(string link)
        width: 400
        spacing: KoderTheme.spacing

        Repeater {
            model: KoderMarkdownBlocks { markdown: root.text }
            delegate: Column {
                id: block
                required property string kind
                required property string html
                required property string code
                required property string language
                width: root.width
                spacing: KoderTheme.smallSpacing

                TextEdit {
                    visible: block.kind === "markdown"
                    width: block.width
                    textFormat: TextEdit.RichText
                    text: block.html
                    readOnly: true
                    wrapMode: TextEdit.Wrap
                    onLinkActivated: (link) => root.linkActivated(link)
                }
                Row {
                    visible: block.kind === "code"
                    spacing: KoderTheme.spacing
                    Label {
                        textFormat: Text.PlainText
                        text: block.language
                    }
                    Button {
                        text: qsTr("Copy")
                        onClicked: KoderText.copyToClipboard(block.code)
                    }
                }
                TextEdit {
                    visible: block.kind === "code"
                    textFormat: TextEdit.PlainText
                    text: block.code
                    font.family: KoderTheme.monospaceFont.family
                    readOnly: true
                }
            }
        }
    }
    \endqml

    \section1 Reading the text from a model

    Instead of setting \l markdown, point the blocks at a row of a model: \l sourceModel,
    \l sourceRow and \l sourceRole (\c{"text"} by default). The model then reads that role of
    that row itself, in C++, whenever the source model's \c dataChanged names it: a streaming
    reply goes from the KoderAgentController's \c messages (or a KoderVisibleMessages over
    them) to the blocks without a binding or a QML string in between, and the text is
    converted once per update of the source, which the view's delegate shares (see
    \l KoderMessageModel). This is how \l Bubble reads its body in a \l ChatView.

    \qml
    Repeater {
        model: KoderMarkdownBlocks {
            sourceModel: agent.messages
            sourceRow: agent.messages.count - 1
        }
        // ... the delegate as above
    }
    \endqml

    The row is followed as rows are inserted, removed or moved around it. When the row itself
    is removed, the blocks stay as they are until \l sourceRow names another row or a row comes
    at that number; a row that does not exist, or a role the model does not have, gives no
    blocks.

    \section1 How the text is split

    A fenced code block (three or more \c{`} or \c{~}, indented by up to three spaces, up to
    a closing fence of the same character at least as long) is a block of its own; one not
    closed yet runs to the end of the text. The blank lines after its closing fence belong to
    it. Outside code blocks, a block ends at a blank line when the next line that is not blank
    is not indented: indented lines go on with list items and indented code. The split loses
    nothing: the \c source of the rows, in order, is \l markdown exactly. Line endings may be
    LF, CRLF or CR.

    Each block is rendered on its own, which differs from rendering the whole text in a few
    ways:
    \list
    \li A selection does not span blocks: each is its own text item.
    \li A reference-style link (\c{[text][1]}) works only when its definition
        (\c{[1]: https://...}) is in the same block.
    \li Qt's Markdown reader (Qt 6.4) numbers every ordered list from 1, whatever number its
        first item has, so a list cut in two would count from 1 again. The split therefore
        keeps an ordered list in one block: an ordered item after a blank line goes on with
        the block when that block has an ordered list item, and a code fence indented under an
        ordered list (by one to three spaces) stays in that block, rendered there, not as a
        code row.
    \li Other lists are cut at blank lines before their items: each part is a list of its own
        (the spacing between them is the view's). A code fence indented under a bullet list
        item becomes a code row of its own, not indented.
    \li An opening fence is recognised once its line is complete (a backtick in the rest of
        the line would make it inline code); until then it is Markdown text.
    \endlist

    \sa KoderText, Bubble
*/

/*!
    \qmlproperty string KoderMarkdownBlocks::markdown

    The Markdown text to split. Empty by default (no rows). Setting a text that extends the
    current one (a streaming reply) changes only the last row and adds rows at the end.

    While \l sourceModel is set, the text comes from the model instead: \c markdown then reads
    as the source row's text, and a text set meanwhile is kept and split again once
    \l sourceModel is unset.
*/

/*!
    \qmlproperty QAbstractItemModel KoderMarkdownBlocks::sourceModel

    A model to read the text from, such as a KoderAgentController's \c messages or a
    KoderVisibleMessages: the blocks show the \l sourceRole of its row \l sourceRow, read
    in C++ when the model's \c dataChanged names that role of that row (or names no roles), so
    a streaming reply updates the blocks without a binding. \c null by default: the blocks
    show \l markdown. See \l {Reading the text from a model}.
*/

/*!
    \qmlproperty int KoderMarkdownBlocks::sourceRow

    The row of \l sourceModel whose text the blocks show. -1 by default (no row). The blocks
    follow that message as rows are inserted or removed before it; a view's delegate binds it
    to its \c index.
*/

/*!
    \qmlproperty string KoderMarkdownBlocks::sourceRole

    The name of the \l sourceModel role that holds the text, as the model's \c roleNames()
    gives it. \c{"text"} by default, the text role of KoderMessageModel.
*/

/*!
    \qmlproperty int KoderMarkdownBlocks::count
    \readonly

    The number of blocks (rows). 0 for an empty text.
*/

/*!
    \class KoderMarkdownBlocks
    \inmodule KoderAgent
    \brief The KoderMarkdownBlocks class splits Markdown into blocks, as a list model, so that
    a streaming reply re-renders only the block that changed.

    A QAbstractListModel with one row per block of \l markdown: Markdown blocks, with their
    HTML as KoderText::toSafeHtml() renders it, and fenced code blocks, with their code and
    language (see \l {KoderMarkdownBlocks::Roles}{Roles}). When the text grows (a streaming
    reply), only the last row changes and rows are added at the end; the earlier rows emit
    nothing and their HTML is not rendered again. Other changes emit \c dataChanged for the
    rows whose block changed and insert or remove rows between the unchanged ones; the model
    is never reset. HTML is rendered on the first read of a row's html role and kept.

    The cost of a change is one comparison of the old and new texts (a \c memcmp) plus
    splitting the changed blocks: for a streaming reply, the last block and the new text.

    The text is either set (setMarkdown()) or read from a row of another model
    (setSourceModel(), setSourceRow(), setSourceRole()), in which case the blocks follow that
    row's \c dataChanged directly, with no binding in between.

    In QML: \l [QML] {KoderMarkdownBlocks}{the KoderMarkdownBlocks QML type}, which says how
    the text is split and what that changes against rendering the whole text.

    \sa KoderText
*/

/*!
    \enum KoderMarkdownBlocks::Roles

    The roles of the model, from Qt::UserRole + 1; roleNames() gives each its name, the
    role's name in QML.

    \value KindRole \c kind (QString): \c{"markdown"} or \c{"code"}.
    \value HtmlRole \c html (QString): a Markdown block rendered by KoderText::toSafeHtml();
           empty for a code block.
    \value CodeRole \c code (QString): a code block's code, without the fences and the last
           line ending; empty for a Markdown block.
    \value LanguageRole \c language (QString): the first word of a code block's info string;
           empty otherwise.
    \value SourceRole \c source (QString): the block's Markdown text; also returned for
           Qt::DisplayRole.
*/

/*!
    \property KoderMarkdownBlocks::markdown
    \brief the Markdown text split into the rows.

    Empty by default. A new text that extends the old one changes only the last row and
    inserts rows at the end. While sourceModel is set, it is the text read from the source.
*/

/*!
    \property KoderMarkdownBlocks::sourceModel
    \brief the model the text is read from, or \nullptr for \l markdown.

    When set, the blocks show the data of sourceRole at sourceRow of the model, read whenever
    the model's \c dataChanged names that role of that row; \l markdown then holds that text.
    The model is not owned; when it is destroyed the blocks go back to the text set with
    setMarkdown().
*/

/*!
    \property KoderMarkdownBlocks::sourceRow
    \brief the row of sourceModel the text is read from.

    -1 by default. The row is followed (a QPersistentModelIndex) as rows are inserted, removed
    or moved before it.
*/

/*!
    \property KoderMarkdownBlocks::sourceRole
    \brief the name of the role of sourceModel that holds the text.

    \c{"text"} by default.
*/

/*!
    \property KoderMarkdownBlocks::count
    \brief the number of blocks (rows).

    countChanged() is emitted after rows are inserted or removed.
*/

/*!
    \fn KoderMarkdownBlocks::KoderMarkdownBlocks(QObject *parent)

    Constructs an empty model (no text, no rows) with \a parent.
*/

/*!
    \fn QString KoderMarkdownBlocks::markdown() const

    Returns the text the rows are split from.

    \sa setMarkdown()
*/

/*!
    \fn QAbstractItemModel *KoderMarkdownBlocks::sourceModel() const

    Returns the model the text is read from, or \nullptr when the text is the one set with
    setMarkdown().

    \sa setSourceModel()
*/

/*!
    \fn void KoderMarkdownBlocks::setSourceModel(QAbstractItemModel *model)

    Reads the text from \a model from now on: the data of sourceRole() at sourceRow(), again
    whenever \a model announces a change of it. \nullptr goes back to the text set with
    setMarkdown(). Emits sourceModelChanged() when \a model is another.
*/

/*!
    \fn int KoderMarkdownBlocks::sourceRow() const

    Returns the row of sourceModel() the text is read from; -1 for none.

    \sa setSourceRow()
*/

/*!
    \fn void KoderMarkdownBlocks::setSourceRow(int row)

    Reads the text from \a row of sourceModel(). Setting the row the blocks already follow
    reads nothing; setting the same number after that row was removed reads the row now there.
    Emits sourceRowChanged() when \a row is another number.
*/

/*!
    \fn QString KoderMarkdownBlocks::sourceRole() const

    Returns the name of the role of sourceModel() that holds the text.

    \sa setSourceRole()
*/

/*!
    \fn void KoderMarkdownBlocks::setSourceRole(const QString &role)

    Reads the text from the role named \a role (a name of the model's roleNames()). Emits
    sourceRoleChanged() when it is another.
*/

/*!
    \fn void KoderMarkdownBlocks::sourceModelChanged()

    The model the text is read from changed.
*/

/*!
    \fn void KoderMarkdownBlocks::sourceRowChanged()

    The row the text is read from changed.
*/

/*!
    \fn void KoderMarkdownBlocks::sourceRoleChanged()

    The role the text is read from changed.
*/

/*!
    \fn void KoderMarkdownBlocks::setMarkdown(const QString &markdown)

    Splits \a markdown into the rows, changing only the rows whose block changed (see the
    class description); emits markdownChanged() when \a markdown differs from the current
    text. While sourceModel() is set, \a markdown is kept and split only once the source is
    unset.
*/

/*!
    \fn int KoderMarkdownBlocks::count() const

    Returns the number of blocks (rows).
*/

/*!
    \fn int KoderMarkdownBlocks::rowCount(const QModelIndex &parent) const

    Returns the number of blocks; 0 for a valid \a parent, as the model is a flat list.
*/

/*!
    \fn QVariant KoderMarkdownBlocks::data(const QModelIndex &index, int role) const

    Returns the value of \a role (one of Roles, or Qt::DisplayRole for the source) for the
    block at \a index, or an invalid QVariant for an invalid index or an unknown role. The
    html role of a Markdown block is rendered on its first read and kept.
*/

/*!
    \fn QHash<int, QByteArray> KoderMarkdownBlocks::roleNames() const

    Returns the names of the Roles, the names QML delegates use: \c kind, \c html, \c code,
    \c language and \c source.
*/

/*!
    \fn void KoderMarkdownBlocks::markdownChanged()

    The text changed; emitted after the rows were updated.
*/

/*!
    \fn void KoderMarkdownBlocks::countChanged()

    The number of rows changed.
*/

namespace {

bool isSpaceOrTab(QChar c)
{
    return c == u' ' || c == u'\t';
}

bool isAsciiDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

// One line of the text. Line endings are LF, CRLF and a lone CR, as in CommonMark.
struct Line {
    qsizetype start = 0; ///< its first character
    qsizetype end = 0;   ///< the end of its content, before the line ending
    qsizetype next = 0;  ///< where the next line starts (the text's size for the last line)
    // Whether its line ending is there and final. A CR at the very end is not: an LF may still
    // follow. Decisions that more text could undo wait for a complete line; that is what makes
    // splitting a text that grows give the same blocks as splitting it whole.
    bool complete = false;
};

Line lineAt(QStringView text, qsizetype pos)
{
    const qsizetype size = text.size();
    qsizetype i = pos;
    while (i < size && text[i] != u'\n' && text[i] != u'\r')
        ++i;
    if (i == size)
        return {pos, size, size, false};
    if (text[i] == u'\n')
        return {pos, i, i + 1, true};
    if (i + 1 == size)
        return {pos, i, size, false}; // CR, then nothing yet
    if (text[i + 1] == u'\n')
        return {pos, i, i + 2, true};
    return {pos, i, i + 1, true}; // a lone CR
}

bool isBlank(QStringView text, const Line& line)
{
    for (qsizetype i = line.start; i < line.end; ++i)
        if (!isSpaceOrTab(text[i]))
            return false;
    return true;
}

// Leading spaces, counted up to `max + 1` (a tab is not counted: it indents by 4 columns, too
// much for the fences and markers that look at the indentation).
int leadingSpaces(QStringView text, const Line& line, int max)
{
    int spaces = 0;
    for (qsizetype i = line.start; i < line.end && text[i] == u' ' && spaces <= max; ++i)
        ++spaces;
    return spaces;
}

struct Fence {
    QChar marker;
    qsizetype length = 0;
    int indent = 0;
    qsizetype infoStart = 0; ///< the info string, trimmed
    qsizetype infoEnd = 0;
};

// A code fence's opening line: up to 3 spaces, 3 or more ` or ~, an info string (without a `
// after backticks). Only a complete line: "```c" may still become "```c` inline code`".
bool openingFence(QStringView text, const Line& line, Fence& fence)
{
    if (!line.complete)
        return false;
    const int indent = leadingSpaces(text, line, 3);
    if (indent > 3)
        return false;
    const qsizetype at = line.start + indent;
    if (at >= line.end || (text[at] != u'`' && text[at] != u'~'))
        return false;
    const QChar marker = text[at];
    qsizetype i = at;
    while (i < line.end && text[i] == marker)
        ++i;
    if (i - at < 3)
        return false;
    qsizetype infoStart = i;
    qsizetype infoEnd = line.end;
    while (infoStart < infoEnd && isSpaceOrTab(text[infoStart]))
        ++infoStart;
    while (infoEnd > infoStart && isSpaceOrTab(text[infoEnd - 1]))
        --infoEnd;
    if (marker == u'`' && text.sliced(infoStart, infoEnd - infoStart).contains(u'`'))
        return false;
    fence = {marker, i - at, indent, infoStart, infoEnd};
    return true;
}

// The closing fence: the same character, at least as many, then only spaces and tabs.
bool closesFence(QStringView text, const Line& line, const Fence& fence, int maxIndent)
{
    const int indent = leadingSpaces(text, line, maxIndent);
    if (indent > maxIndent)
        return false;
    qsizetype i = line.start + indent;
    const qsizetype from = i;
    while (i < line.end && text[i] == fence.marker)
        ++i;
    if (i - from < fence.length)
        return false;
    while (i < line.end && isSpaceOrTab(text[i]))
        ++i;
    return i == line.end;
}

enum class Marker { No, Yes, Undecided };

// Whether the line starts an ordered list item: up to 3 spaces, 1 to 9 digits, '.' or ')',
// then a space, a tab or the line's end. Undecided while the line is incomplete and its end
// could still make it one ("12" may become "12. ").
Marker orderedMarker(QStringView text, const Line& line)
{
    const int indent = leadingSpaces(text, line, 3);
    if (indent > 3)
        return Marker::No;
    qsizetype i = line.start + indent;
    qsizetype digits = 0;
    while (i < line.end && isAsciiDigit(text[i]) && digits <= 9) {
        ++i;
        ++digits;
    }
    if (digits == 0 || digits > 9)
        return Marker::No;
    if (i == line.end)
        return line.complete ? Marker::No : Marker::Undecided;
    if (text[i] != u'.' && text[i] != u')')
        return Marker::No;
    ++i;
    if (i == line.end)
        return line.complete ? Marker::Yes : Marker::Undecided;
    return isSpaceOrTab(text[i]) ? Marker::Yes : Marker::No;
}

// A block as the splitter finds it: offsets into the text.
struct Span {
    qsizetype start = 0;
    qsizetype end = 0;
    bool code = false;
    Fence fence;                ///< for a code block
    qsizetype contentStart = 0; ///< code block: the line after the opening fence
    qsizetype contentEnd = 0;   ///< code block: the closing fence's line, or the text's end
};

// Splits `text` from `from`: 0, or where a block of an earlier split starts, when the text
// before it and the line that starts there did not change (the state at a block start is
// always the initial one, so that split goes on as the split of the whole text would).
QList<Span> splitBlocks(QStringView text, qsizetype from)
{
    enum class Mode {
        Markdown,   // in a Markdown block
        Fence,      // in a code block of its own
        KeptFence,  // in a code fence that stays inside its Markdown block (see below)
        AfterFence, // after a code block's closing fence: blank lines stay with it
    };
    QList<Span> spans;
    Span current;
    current.start = current.end = from;
    Mode mode = Mode::Markdown;
    Fence fence;
    bool hasContent = false;  // the Markdown block has a non-blank line
    bool afterBlank = false;  // the line before is blank (after content)
    bool orderedList = false; // the Markdown block holds an ordered list item

    const auto startBlock = [&](qsizetype at) {
        current.end = at;
        spans.append(current);
        current = Span();
        current.start = current.end = at;
        mode = Mode::Markdown;
        hasContent = afterBlank = orderedList = false;
    };

    for (qsizetype pos = from; pos < text.size();) {
        const Line line = lineAt(text, pos);
        pos = line.next;
        switch (mode) {
        case Mode::Fence:
            if (closesFence(text, line, fence, 3)) {
                current.contentEnd = line.start;
                mode = Mode::AfterFence;
            }
            continue;
        case Mode::KeptFence:
            // The fence belongs to a list item, whose content may be indented further.
            if (closesFence(text, line, fence, fence.indent + 3)) {
                mode = Mode::Markdown;
                afterBlank = false;
            }
            continue;
        case Mode::AfterFence:
            if (isBlank(text, line))
                continue;
            startBlock(line.start);
            break; // and read the line as Markdown
        case Mode::Markdown:
            break;
        }

        if (isBlank(text, line)) {
            afterBlank = hasContent;
            continue;
        }
        if (openingFence(text, line, fence)) {
            // Qt's Markdown reader (6.4) numbers every list from 1, whatever its first
            // number: a list cut in two around a code block of its own would count again
            // from 1. So a fence indented under an ordered list stays in the list's block.
            if (orderedList && fence.indent > 0) {
                mode = Mode::KeptFence;
                afterBlank = false;
                continue;
            }
            if (hasContent)
                startBlock(line.start);
            // Otherwise the blank lines before (at the text's start) join the code block.
            current.code = true;
            current.fence = fence;
            current.contentStart = line.next;
            mode = Mode::Fence;
            continue;
        }
        // A blank line ends the block when the next line is not indented: indented lines
        // continue list items and indented code. An ordered list goes on, for the same reason
        // as above: its items, blank lines between, stay in one block.
        if (afterBlank && !isSpaceOrTab(text[line.start]) &&
            !(orderedList && orderedMarker(text, line) != Marker::No))
            startBlock(line.start);
        hasContent = true;
        afterBlank = false;
        if (orderedMarker(text, line) == Marker::Yes)
            orderedList = true;
    }
    if (mode == Mode::Fence)
        current.contentEnd = text.size(); // not closed (yet): the code runs to the end
    current.end = text.size();
    if (current.end > current.start)
        spans.append(current);
    return spans;
}

// The code of a code block: its lines without the fences, less the opening fence's
// indentation, line endings as LF, without the last one.
QString codeOf(QStringView text, const Span& span)
{
    QString code;
    code.reserve(span.contentEnd - span.contentStart);
    for (qsizetype pos = span.contentStart; pos < span.contentEnd;) {
        const Line line = lineAt(text, pos);
        pos = line.next;
        qsizetype i = line.start;
        for (int removed = 0; i < line.end && removed < span.fence.indent && text[i] == u' ';
             ++removed)
            ++i;
        code += text.sliced(i, line.end - i);
        if (line.next > line.end)
            code += u'\n';
    }
    if (code.endsWith(u'\n'))
        code.chop(1);
    return code;
}

// The first word of the info string.
QString languageOf(QStringView text, const Span& span)
{
    qsizetype i = span.fence.infoStart;
    while (i < span.fence.infoEnd && !isSpaceOrTab(text[i]))
        ++i;
    return text.sliced(span.fence.infoStart, i - span.fence.infoStart).toString();
}

// How many characters two texts share from the start (memcmp runs in chunks: this is the one
// pass over the whole text per change).
qsizetype commonPrefix(QStringView a, QStringView b)
{
    const qsizetype size = std::min(a.size(), b.size());
    constexpr qsizetype chunk = 256;
    qsizetype i = 0;
    while (i + chunk <= size && std::memcmp(a.data() + i, b.data() + i, chunk * sizeof(QChar)) == 0)
        i += chunk;
    while (i < size && a[i] == b[i])
        ++i;
    return i;
}

} // namespace

KoderMarkdownBlocks::KoderMarkdownBlocks(QObject* parent)
    : QAbstractListModel(parent)
{
}

void KoderMarkdownBlocks::setMarkdown(const QString& markdown)
{
    m_set = markdown;
    if (!m_source)
        split(markdown);
}

void KoderMarkdownBlocks::setSourceModel(QAbstractItemModel* model)
{
    if (model == m_source)
        return;
    for (const QMetaObject::Connection& c : std::as_const(m_sourceConnections))
        disconnect(c);
    m_sourceConnections.clear();
    m_source = model;
    if (model) {
        m_sourceConnections = {
            connect(model, &QAbstractItemModel::dataChanged, this,
                    &KoderMarkdownBlocks::onSourceDataChanged),
            connect(model, &QAbstractItemModel::rowsInserted, this,
                    &KoderMarkdownBlocks::onSourceRowsChanged),
            connect(model, &QAbstractItemModel::rowsMoved, this,
                    &KoderMarkdownBlocks::onSourceRowsChanged),
            connect(model, &QAbstractItemModel::layoutChanged, this,
                    &KoderMarkdownBlocks::onSourceRowsChanged),
            connect(model, &QAbstractItemModel::modelReset, this,
                    [this] {
                        resolveRole();
                        resolveRow();
                    }),
            // The QPointer is null by now: the blocks go back to the text set.
            connect(model, &QObject::destroyed, this,
                    [this] {
                        m_sourceConnections.clear();
                        m_sourceIndex = QPersistentModelIndex();
                        m_sourceRoleId = -1;
                        split(m_set);
                        Q_EMIT sourceModelChanged();
                    }),
        };
        resolveRole();
        resolveRow();
    } else {
        m_sourceIndex = QPersistentModelIndex();
        m_sourceRoleId = -1;
        split(m_set);
    }
    Q_EMIT sourceModelChanged();
}

void KoderMarkdownBlocks::setSourceRow(int row)
{
    const bool changed = row != m_sourceRow;
    m_sourceRow = row;
    // The same row number may name another message now (the one read was removed, or moved).
    if (m_source && (!m_sourceIndex.isValid() || m_sourceIndex.row() != row))
        resolveRow();
    if (changed)
        Q_EMIT sourceRowChanged();
}

void KoderMarkdownBlocks::setSourceRole(const QString& role)
{
    if (role == m_sourceRole)
        return;
    m_sourceRole = role;
    if (m_source) {
        resolveRole();
        readSource();
    }
    Q_EMIT sourceRoleChanged();
}

void KoderMarkdownBlocks::resolveRole()
{
    m_sourceRoleId = m_source ? m_source->roleNames().key(m_sourceRole.toUtf8(), -1) : -1;
}

void KoderMarkdownBlocks::resolveRow()
{
    m_sourceIndex = m_source && m_sourceRow >= 0 && m_sourceRow < m_source->rowCount()
                        ? QPersistentModelIndex(m_source->index(m_sourceRow, 0))
                        : QPersistentModelIndex();
    readSource();
}

void KoderMarkdownBlocks::readSource()
{
    split(m_sourceIndex.isValid() && m_sourceRoleId >= 0
              ? m_source->data(m_sourceIndex, m_sourceRoleId).toString()
              : QString());
}

// The row's text is read only when the source says that row's role changed: a streaming reply
// is converted once per update of the source, never through a binding.
void KoderMarkdownBlocks::onSourceDataChanged(const QModelIndex& first, const QModelIndex& last,
                                              const QList<int>& roles)
{
    if (!m_sourceIndex.isValid() || first.parent() != m_sourceIndex.parent())
        return;
    const int row = m_sourceIndex.row();
    if (row < first.row() || row > last.row())
        return;
    if (!roles.isEmpty() && !roles.contains(m_sourceRoleId))
        return;
    readSource();
}

// The row read follows the rows that move around it; a row that goes keeps its blocks until
// sourceRow names another, or a row comes at sourceRow.
void KoderMarkdownBlocks::onSourceRowsChanged()
{
    if (!m_sourceIndex.isValid())
        resolveRow();
}

void KoderMarkdownBlocks::split(const QString& markdown)
{
    if (markdown == m_markdown)
        return;
    const QString old = std::exchange(m_markdown, markdown);
    const QStringView text(m_markdown);
    const qsizetype common = commonPrefix(old, text);
    // A streaming reply: the text only grew. Rows then only change at the end.
    const bool appended = common == old.size();

    // Where to split again. Where a block starts is decided by at most the line that starts
    // there (and the one character after it, for a CR): appending never undoes it, so after an
    // append only the last block is split again. After another change, the first block that
    // may change is the one holding the last shared character, or an earlier one when the
    // line that starts that block reaches the change.
    qsizetype first = 0;
    if (common > 0 && !m_blocks.isEmpty()) {
        const auto after =
            std::upper_bound(m_blocks.cbegin(), m_blocks.cend(), common - 1,
                             [](qsizetype at, const Block& block) { return at < block.start; });
        first = std::max<qsizetype>(0, (after - m_blocks.cbegin()) - 1);
        if (!appended) {
            while (first > 0 && lineAt(old, m_blocks[first].start).next >= common)
                --first;
        }
    }
    const qsizetype from = m_blocks.isEmpty() ? 0 : m_blocks[first].start;
    const QList<Span> spans = splitBlocks(text, from);

    const auto sameBlock = [&](const Block& block, const Span& span) {
        return block.code == span.code &&
               QStringView(block.source) == text.sliced(span.start, span.end - span.start);
    };
    const qsizetype oldCount = m_blocks.size();
    const qsizetype oldRest = oldCount - first;
    const qsizetype newRest = spans.size();
    // Rows equal from the front, then from the back: an edit in the middle leaves the rows
    // after it alone. Not for an append, which only changes the end (the last block may grow
    // into one equal to the next, and must not be read as a row inserted before it).
    qsizetype front = 0;
    while (front < oldRest && front < newRest && sameBlock(m_blocks[first + front], spans[front]))
        ++front;
    qsizetype back = 0;
    if (!appended) {
        while (back < oldRest - front && back < newRest - front &&
               sameBlock(m_blocks[oldCount - 1 - back], spans[newRest - 1 - back]))
            ++back;
    }

    const auto makeBlock = [&](const Span& span) {
        Block block;
        block.start = span.start;
        block.source = text.sliced(span.start, span.end - span.start).toString();
        block.code = span.code;
        if (span.code) {
            block.codeText = codeOf(text, span);
            block.language = languageOf(text, span);
        }
        return block;
    };
    const qsizetype row = first + front;
    const qsizetype oldMiddle = oldRest - front - back;
    const qsizetype newMiddle = newRest - front - back;
    const qsizetype changed = std::min(oldMiddle, newMiddle);
    for (qsizetype i = 0; i < changed; ++i) {
        Block block = makeBlock(spans[front + i]);
        Block& was = m_blocks[row + i];
        QList<int> roles{SourceRole, Qt::DisplayRole};
        if (block.code != was.code)
            roles << KindRole << HtmlRole;
        else if (!block.code)
            roles << HtmlRole;
        if (block.codeText != was.codeText)
            roles << CodeRole;
        if (block.language != was.language)
            roles << LanguageRole;
        was = std::move(block);
        const QModelIndex at = index(static_cast<int>(row + i));
        Q_EMIT dataChanged(at, at, roles);
    }
    if (newMiddle > oldMiddle) {
        const qsizetype at = row + changed;
        beginInsertRows({}, static_cast<int>(at), static_cast<int>(row + newMiddle - 1));
        for (qsizetype i = changed; i < newMiddle; ++i)
            m_blocks.insert(row + i, makeBlock(spans[front + i]));
        endInsertRows();
    } else if (oldMiddle > newMiddle) {
        beginRemoveRows({}, static_cast<int>(row + changed), static_cast<int>(row + oldMiddle - 1));
        m_blocks.remove(row + changed, oldMiddle - changed);
        endRemoveRows();
    }
    // The rows equal from the back moved with the text in front of them.
    for (qsizetype i = m_blocks.size() - back; i < m_blocks.size(); ++i)
        m_blocks[i].start = i == 0 ? 0 : m_blocks[i - 1].start + m_blocks[i - 1].source.size();

    if (m_blocks.size() != oldCount)
        Q_EMIT countChanged();
    Q_EMIT markdownChanged();
}

int KoderMarkdownBlocks::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : count();
}

QVariant KoderMarkdownBlocks::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.parent().isValid() || index.row() >= m_blocks.size())
        return {};
    const Block& block = m_blocks[index.row()];
    switch (role) {
    case KindRole:
        return block.code ? QStringLiteral("code") : QStringLiteral("markdown");
    case HtmlRole:
        if (block.code)
            return QString();
        if (!block.rendered) {
            block.html = KoderText::toSafeHtml(block.source);
            block.rendered = true;
        }
        return block.html;
    case CodeRole:
        return block.codeText;
    case LanguageRole:
        return block.language;
    case SourceRole:
    case Qt::DisplayRole:
        return block.source;
    default:
        return {};
    }
}

QHash<int, QByteArray> KoderMarkdownBlocks::roleNames() const
{
    return {
        {KindRole, "kind"},         {HtmlRole, "html"},     {CodeRole, "code"},
        {LanguageRole, "language"}, {SourceRole, "source"},
    };
}
