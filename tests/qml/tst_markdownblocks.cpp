// SPDX-License-Identifier: MIT
// KoderMarkdownBlocks: how Markdown is split (losslessly) into Markdown and code blocks, the
// code and language of a code block, safe HTML per block, and the updates: a streamed reply
// ends with the rows of the whole text while each append touches only the last row and the
// end, earlier rows keep their rendered HTML, and an edit in the middle leaves the other rows
// alone. Fed from a row of a model, the blocks follow that row (a streaming reply included)
// with no one setting the text. The QML example of the type's documentation runs.
#include "koderagentcontroller.h"
#include "koderlocalagent.h"
#include "kodermarkdownblocks.h"
#include "kodertext.h"
#include "kodervisiblemessages.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QRandomGenerator>
#include <QtGui/QStandardItemModel>
#include <QtGui/QTextBlock>
#include <QtGui/QTextDocument>
#include <QtGui/QTextList>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickItem>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

// What a row shows, html included (reading it renders it).
struct Row {
    QString kind;
    QString html;
    QString code;
    QString language;
    QString source;

    bool operator==(const Row&) const = default;
};

QString roleText(const KoderMarkdownBlocks& model, int row, int role)
{
    return model.data(model.index(row), role).toString();
}

QList<Row> rows(const KoderMarkdownBlocks& model)
{
    QList<Row> out;
    for (int row = 0; row < model.rowCount(); ++row)
        out.append({roleText(model, row, KoderMarkdownBlocks::KindRole),
                    roleText(model, row, KoderMarkdownBlocks::HtmlRole),
                    roleText(model, row, KoderMarkdownBlocks::CodeRole),
                    roleText(model, row, KoderMarkdownBlocks::LanguageRole),
                    roleText(model, row, KoderMarkdownBlocks::SourceRole)});
    return out;
}

QStringList sources(const KoderMarkdownBlocks& model)
{
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row)
        out << roleText(model, row, KoderMarkdownBlocks::SourceRole);
    return out;
}

QStringList kinds(const KoderMarkdownBlocks& model)
{
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row)
        out << roleText(model, row, KoderMarkdownBlocks::KindRole);
    return out;
}

// Where each row's rendered HTML lives: the same address after a change means the row was not
// rendered again (the model hands out its cached string).
QList<const QChar*> htmlAddresses(const KoderMarkdownBlocks& model)
{
    QList<const QChar*> out;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QVariant html = model.data(model.index(row), KoderMarkdownBlocks::HtmlRole);
        out.append(html.toString().isEmpty() ? nullptr : html.toString().constData());
    }
    return out;
}

// A realistic reply: paragraphs, a loose ordered list, a bullet list, two code blocks.
QString reply()
{
    return u"Here is how to **build** the project. It uses CMake and Ninja, and the tests run "
           "with `ctest`; see [the docs](https://example.com/docs) for more.\n\n"
           "1. Install the dependencies:\n\n"
           "   ```sh\n"
           "   apt-get install cmake ninja-build\n"
           "   ```\n\n"
           "2. Configure and build:\n\n"
           "   ```sh\n"
           "   cmake -S . -B build -G Ninja\n"
           "   ```\n\n"
           "3. Run the tests.\n\n"
           "A second paragraph, with *emphasis* and a list:\n\n"
           "- one\n- two\n\n  continued\n- three\n\n"
           "```cpp title=\"main.cpp\"\n"
           "#include <cstdio>\n\n"
           "int main()\n{\n    std::puts(\"hello\");\n}\n"
           "```\n\n"
           "~~~\nplain ~~~ text\n~~~~~\n\n"
           "The end: a last paragraph that says <b>nothing</b> more.\n"_s;
}

// The QML example of the type's documentation, from the source file that holds it.
QByteArray docExample()
{
    QFile file(QStringLiteral(KODER_PLUGIN_DIR "/kodermarkdownblocks.cpp"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray source = file.readAll();
    const qsizetype start = source.indexOf("\\qml\n");
    const qsizetype end = source.indexOf("\\endqml", start);
    if (start < 0 || end < 0)
        return {};
    return source.mid(start + 5, end - start - 5);
}

// The example's delegates: the items the Repeater made (they have the kind role).
QList<QQuickItem*> delegates(QQuickItem* root)
{
    QList<QQuickItem*> out;
    for (QQuickItem* child : root->childItems())
        if (child->property("kind").isValid())
            out.append(child);
    return out;
}

// The items a delegate shows.
QList<QQuickItem*> shown(QQuickItem* delegate)
{
    QList<QQuickItem*> out;
    for (QQuickItem* child : delegate->childItems())
        if (child->isVisible())
            out.append(child);
    return out;
}

} // namespace

class TstMarkdownBlocks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void split_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QStringList>("blocks");
        QTest::addColumn<QStringList>("kinds");
        const QString md = u"markdown"_s;
        const QString code = u"code"_s;

        QTest::newRow("empty") << QString() << QStringList() << QStringList();
        QTest::newRow("one line") << u"Hello"_s << QStringList{u"Hello"_s} << QStringList{md};
        QTest::newRow("blank lines only")
            << u"  \n\n\t\n"_s << QStringList{u"  \n\n\t\n"_s} << QStringList{md};
        QTest::newRow("paragraphs")
            << u"a\nb\n\nc\n\n\nd"_s << QStringList{u"a\nb\n\n"_s, u"c\n\n\n"_s, u"d"_s}
            << QStringList{md, md, md};
        QTest::newRow("leading blank lines")
            << u"\n\nHello\n\nWorld\n"_s << QStringList{u"\n\nHello\n\n"_s, u"World\n"_s}
            << QStringList{md, md};
        QTest::newRow("bullet list, blank between items")
            << u"- a\n\n- b\n"_s << QStringList{u"- a\n\n"_s, u"- b\n"_s} << QStringList{md, md};
        QTest::newRow("list item continued by indented lines")
            << u"- a\n\n  more of a\n\n      indented code\n\nafter"_s
            << QStringList{u"- a\n\n  more of a\n\n      indented code\n\n"_s, u"after"_s}
            << QStringList{md, md};
        QTest::newRow("nested indented content")
            << u"1. a\n\n    code?\n   - nested\n\n     deeper\n\t tab\n\nnext"_s
            << QStringList{u"1. a\n\n    code?\n   - nested\n\n     deeper\n\t tab\n\n"_s,
                           u"next"_s}
            << QStringList{md, md};
        QTest::newRow("loose ordered list stays one block")
            << u"Intro\n\n1. a\n\n2. b\n\n10) c\n\nText"_s
            << QStringList{u"Intro\n\n"_s, u"1. a\n\n2. b\n\n10) c\n\n"_s, u"Text"_s}
            << QStringList{md, md, md};
        QTest::newRow("code fence interrupts a paragraph")
            << u"Text:\n```cpp\nint x;\n```\nAfter"_s
            << QStringList{u"Text:\n"_s, u"```cpp\nint x;\n```\n"_s, u"After"_s}
            << QStringList{md, code, md};
        QTest::newRow("tildes") << u"~~~\na\n~~~\n"_s << QStringList{u"~~~\na\n~~~\n"_s}
                                << QStringList{code};
        QTest::newRow("longer closing fence")
            << u"```\na\n`````\nb"_s << QStringList{u"```\na\n`````\n"_s, u"b"_s}
            << QStringList{code, md};
        QTest::newRow("shorter fence does not close")
            << u"````\n```\nx\n````\n"_s << QStringList{u"````\n```\nx\n````\n"_s}
            << QStringList{code};
        QTest::newRow("other character does not close")
            << u"~~~\n```\n~~~\n"_s << QStringList{u"~~~\n```\n~~~\n"_s} << QStringList{code};
        QTest::newRow("closing fence with text is no closing fence")
            << u"```\n``` x\n```\n"_s << QStringList{u"```\n``` x\n```\n"_s} << QStringList{code};
        QTest::newRow("unclosed fence runs to the end")
            << u"Intro\n\n```py\nprint(1)\n\nmore\n\nText"_s
            << QStringList{u"Intro\n\n"_s, u"```py\nprint(1)\n\nmore\n\nText"_s}
            << QStringList{md, code};
        QTest::newRow("blank lines after a fence stay with it")
            << u"```\nx\n```\n\n \nNext\n```\ny\n```"_s
            << QStringList{u"```\nx\n```\n\n \n"_s, u"Next\n"_s, u"```\ny\n```"_s}
            << QStringList{code, md, code};
        QTest::newRow("fences in a row")
            << u"```\na\n```\n~~~\nb\n~~~\n"_s
            << QStringList{u"```\na\n```\n"_s, u"~~~\nb\n~~~\n"_s} << QStringList{code, code};
        QTest::newRow("blank lines before a first fence join it")
            << u"\n\n```\nx\n```"_s << QStringList{u"\n\n```\nx\n```"_s} << QStringList{code};
        QTest::newRow("indented fence")
            << u"Text\n   ```\n   a\n```\n"_s << QStringList{u"Text\n"_s, u"   ```\n   a\n```\n"_s}
            << QStringList{md, code};
        QTest::newRow("four spaces: indented code, no fence")
            << u"Text\n\n    ```\n    x\n"_s << QStringList{u"Text\n\n    ```\n    x\n"_s}
            << QStringList{md};
        QTest::newRow("backtick in the info string: no fence")
            << u"Text\n```a`b\nx\n"_s << QStringList{u"Text\n```a`b\nx\n"_s} << QStringList{md};
        QTest::newRow("backtick in a tilde fence's info string")
            << u"~~~a`b\nx\n~~~"_s << QStringList{u"~~~a`b\nx\n~~~"_s} << QStringList{code};
        QTest::newRow("opening line not complete yet")
            << u"Text\n```py"_s << QStringList{u"Text\n```py"_s} << QStringList{md};
        QTest::newRow("fence under an ordered item stays in the list")
            << u"1. Install:\n   ```sh\n   make\n\n   ```\n2. Run\n\nDone"_s
            << QStringList{u"1. Install:\n   ```sh\n   make\n\n   ```\n2. Run\n\n"_s, u"Done"_s}
            << QStringList{md, md};
        QTest::newRow("fence under a bullet item is a code block")
            << u"- a\n  ```\n  x\n  ```\n- b"_s
            << QStringList{u"- a\n"_s, u"  ```\n  x\n  ```\n"_s, u"- b"_s}
            << QStringList{md, code, md};
        QTest::newRow("CRLF") << u"a\r\n\r\nb\r\n```c\r\nx\r\n```\r\n\r\nc"_s
                              << QStringList{u"a\r\n\r\n"_s, u"b\r\n"_s,
                                             u"```c\r\nx\r\n```\r\n\r\n"_s, u"c"_s}
                              << QStringList{md, md, code, md};
        QTest::newRow("lone CR") << u"a\r\rb\r```\rx\r```"_s
                                 << QStringList{u"a\r\r"_s, u"b\r"_s, u"```\rx\r```"_s}
                                 << QStringList{md, md, code};
        QTest::newRow("CR at the end") << u"a\r\r"_s << QStringList{u"a\r\r"_s} << QStringList{md};
        QTest::newRow("table and quote")
            << u"| a | b |\n|---|---|\n| 1 | 2 |\n\n> quote\n> ```\n> x\n\n> again"_s
            << QStringList{u"| a | b |\n|---|---|\n| 1 | 2 |\n\n"_s, u"> quote\n> ```\n> x\n\n"_s,
                           u"> again"_s}
            << QStringList{md, md, md};
    }

    void split()
    {
        QFETCH(QString, markdown);
        QFETCH(QStringList, blocks);
        QFETCH(QStringList, kinds);
        KoderMarkdownBlocks model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy count(&model, &KoderMarkdownBlocks::countChanged);
        model.setMarkdown(markdown);
        QCOMPARE(model.markdown(), markdown);
        QCOMPARE(sources(model), blocks);
        QCOMPARE(::kinds(model), kinds);
        QCOMPARE(sources(model).join(QString()), markdown); // lossless
        QCOMPARE(model.count(), blocks.size());
        QCOMPARE(count.size(), blocks.isEmpty() ? 0 : 1);
        // Split at once or grown one character at a time: the same rows.
        KoderMarkdownBlocks grown;
        for (qsizetype i = 1; i <= markdown.size(); ++i)
            grown.setMarkdown(markdown.left(i));
        QCOMPARE(rows(grown), rows(model));
    }

    void codeAndLanguage_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("language");
        QTest::newRow("info with a title")
            << u"```cpp title\nint x;\n```"_s << u"int x;"_s << u"cpp"_s;
        QTest::newRow("no info") << u"```\nx\n```\n"_s << u"x"_s << QString();
        QTest::newRow("tildes, spaces around")
            << u"~~~  python  \nprint(1)\n~~~\n"_s << u"print(1)"_s << u"python"_s;
        QTest::newRow("info with attributes")
            << u"```rust,ignore {.x}\nfn f() {}\n```"_s << u"fn f() {}"_s << u"rust,ignore"_s;
        QTest::newRow("markup in the info is plain text")
            << u"```<b>x</b>\ny\n```"_s << u"y"_s << u"<b>x</b>"_s;
        QTest::newRow("only the last line ending goes")
            << u"```\n\na\n\n\n```"_s << u"\na\n\n"_s << QString();
        QTest::newRow("empty code") << u"```\n```"_s << QString() << QString();
        QTest::newRow("the fence's indentation goes")
            << u"  ```\n  a\n b\n    c\n  ```"_s << u"a\nb\n  c"_s << QString();
        QTest::newRow("CRLF and lone CR become LF")
            << u"```sh\r\na\r\nb\rc\r\n```\r\n"_s << u"a\nb\nc"_s << u"sh"_s;
        QTest::newRow("unclosed: to the end")
            << u"```js\nlet a;\nlet b"_s << u"let a;\nlet b"_s << u"js"_s;
        QTest::newRow("HTML is code")
            << u"```html\n<img src=x>\n```"_s << u"<img src=x>"_s << u"html"_s;
    }

    void codeAndLanguage()
    {
        QFETCH(QString, markdown);
        QFETCH(QString, code);
        QFETCH(QString, language);
        KoderMarkdownBlocks model;
        model.setMarkdown(markdown);
        QCOMPARE(model.count(), 1);
        QCOMPARE(roleText(model, 0, KoderMarkdownBlocks::KindRole), u"code"_s);
        QCOMPARE(roleText(model, 0, KoderMarkdownBlocks::CodeRole), code);
        QCOMPARE(roleText(model, 0, KoderMarkdownBlocks::LanguageRole), language);
        QCOMPARE(roleText(model, 0, KoderMarkdownBlocks::HtmlRole), QString());
        QCOMPARE(roleText(model, 0, KoderMarkdownBlocks::SourceRole), markdown);
    }

    void roles()
    {
        KoderMarkdownBlocks model;
        const QHash<int, QByteArray> names = model.roleNames();
        QCOMPARE(names.value(KoderMarkdownBlocks::KindRole), "kind");
        QCOMPARE(names.value(KoderMarkdownBlocks::HtmlRole), "html");
        QCOMPARE(names.value(KoderMarkdownBlocks::CodeRole), "code");
        QCOMPARE(names.value(KoderMarkdownBlocks::LanguageRole), "language");
        QCOMPARE(names.value(KoderMarkdownBlocks::SourceRole), "source");
        model.setMarkdown(u"Some *text*\n\n```\ncode\n```"_s);
        QCOMPARE(model.data(model.index(0), Qt::DisplayRole).toString(), u"Some *text*\n\n"_s);
        QCOMPARE(roleText(model, 0, KoderMarkdownBlocks::CodeRole), QString());
        QCOMPARE(roleText(model, 0, KoderMarkdownBlocks::LanguageRole), QString());
        QVERIFY(roleText(model, 0, KoderMarkdownBlocks::HtmlRole).contains(u"<i>text</i>"_s) ||
                roleText(model, 0, KoderMarkdownBlocks::HtmlRole).contains(u"italic"_s));
        QVERIFY(!model.data(model.index(2), KoderMarkdownBlocks::KindRole).isValid());
        QVERIFY(!model.data(model.index(0), Qt::UserRole + 100).isValid());
    }

    void htmlIsSafe()
    {
        KoderMarkdownBlocks model;
        model.setMarkdown(u"<img src=x> and <b>bold?</b>, ![pixel](https://example.com/p.png), "
                          "[bad](javascript:alert(1)) and [good](https://example.com/ok)\n\n"
                          "```html\n<img src=y>\n```\n"_s);
        QCOMPARE(::kinds(model), (QStringList{u"markdown"_s, u"code"_s}));
        const QString html = roleText(model, 0, KoderMarkdownBlocks::HtmlRole);
        QTextDocument doc;
        doc.setHtml(html);
        const QString shown = doc.toPlainText();
        // Markup in the text stays text; the image is not an image; only the safe link stays.
        QVERIFY2(shown.contains(u"<img src=x>"_s), qPrintable(shown));
        QVERIFY(shown.contains(u"<b>bold?</b>"_s));
        QVERIFY(shown.contains(u"bad"_s));
        QVERIFY(!html.contains(u"<img"_s, Qt::CaseInsensitive));
        QVERIFY(!html.contains(u"javascript:"_s, Qt::CaseInsensitive));
        QVERIFY(html.contains(u"href=\"https://example.com/ok\""_s));
        QCOMPARE(html, KoderText::toSafeHtml(roleText(model, 0, KoderMarkdownBlocks::SourceRole)));
        QCOMPARE(roleText(model, 1, KoderMarkdownBlocks::CodeRole), u"<img src=y>"_s);
        QCOMPARE(roleText(model, 1, KoderMarkdownBlocks::HtmlRole), QString());
    }

    void orderedListKeepsItsNumbers()
    {
        // Qt 6.4 renders every list from 1: a list split in two would count from 1 again. The
        // loose list, code under its items, stays one block and counts on.
        KoderMarkdownBlocks model;
        model.setMarkdown(u"1. one\n\n   ```sh\n   a\n   ```\n\n2. two\n\n3. three\n"_s);
        QCOMPARE(model.count(), 1);
        QTextDocument doc;
        doc.setHtml(roleText(model, 0, KoderMarkdownBlocks::HtmlRole));
        QStringList numbers;
        for (QTextBlock block = doc.begin(); block.isValid(); block = block.next())
            if (QTextList* list = block.textList())
                numbers << list->itemText(block);
        QCOMPARE(numbers, (QStringList{u"1."_s, u"2."_s, u"3."_s}));
    }

    void streamingTouchesOnlyTheEnd_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<int>("maxChunk");
        QTest::newRow("reply, 1-5 characters") << reply() << 5;
        QTest::newRow("reply, 1 character") << reply() << 1;
        QString crlf = reply();
        crlf.replace(u"\n"_s, u"\r\n"_s);
        QTest::newRow("CRLF reply, 1-3 characters") << crlf << 3;
    }

    void streamingTouchesOnlyTheEnd()
    {
        QFETCH(QString, markdown);
        QFETCH(int, maxChunk);
        KoderMarkdownBlocks model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
        QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
        QSignalSpy markdownChanged(&model, &KoderMarkdownBlocks::markdownChanged);

        QRandomGenerator random(19);
        int appends = 0;
        int lastRowChanges = 0;
        for (qsizetype at = 0; at < markdown.size();) {
            at = std::min(markdown.size(), at + random.bounded(1, maxChunk + 1));
            const int before = model.rowCount();
            // What a view has shown so far: every row rendered.
            const QList<const QChar*> shownBefore = htmlAddresses(model);
            changed.clear();
            inserted.clear();
            model.setMarkdown(markdown.left(at));
            ++appends;
            for (const QList<QVariant>& signal : std::as_const(changed)) {
                const auto from = signal.at(0).value<QModelIndex>();
                const auto to = signal.at(1).value<QModelIndex>();
                QCOMPARE(from.row(), before - 1); // only the row that was last
                QCOMPARE(to.row(), before - 1);
                ++lastRowChanges;
            }
            for (const QList<QVariant>& signal : std::as_const(inserted))
                QVERIFY2(signal.at(1).toInt() >= before, "a row inserted before the end");
            // The rows before the last are not rendered again.
            const QList<const QChar*> shownAfter = htmlAddresses(model);
            for (int row = 0; row < before - 1; ++row)
                QCOMPARE(shownAfter.at(row), shownBefore.at(row));
        }
        QCOMPARE(removed.size(), 0);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(layout.size(), 0);
        QCOMPARE(moved.size(), 0);
        QCOMPARE(markdownChanged.size(), appends);
        QVERIFY(lastRowChanges > 0);

        KoderMarkdownBlocks whole;
        whole.setMarkdown(markdown);
        QCOMPARE(rows(model), rows(whole));
        QCOMPARE(sources(model).join(QString()), markdown);
        QCOMPARE(::kinds(whole), (QStringList{u"markdown"_s, u"markdown"_s, u"markdown"_s,
                                              u"markdown"_s, u"code"_s, u"code"_s, u"markdown"_s}));
    }

    void fenceBecomesCodeWhenItsLineEnds()
    {
        KoderMarkdownBlocks model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setMarkdown(u"Text\n```py"_s);
        QCOMPARE(::kinds(model), QStringList{u"markdown"_s});
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.setMarkdown(u"Text\n```py\n"_s);
        QCOMPARE(sources(model), (QStringList{u"Text\n"_s, u"```py\n"_s}));
        QCOMPARE(::kinds(model), (QStringList{u"markdown"_s, u"code"_s}));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(0).value<QModelIndex>().row(), 0);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 1);
        // The code row streams: only its code and source change, the row keeps its kind.
        changed.clear();
        model.setMarkdown(u"Text\n```py\nprint("_s);
        QCOMPARE(changed.size(), 1);
        const auto roles = changed.first().at(2).value<QList<int>>();
        QVERIFY(roles.contains(KoderMarkdownBlocks::CodeRole));
        QVERIFY(roles.contains(KoderMarkdownBlocks::SourceRole));
        QVERIFY(!roles.contains(KoderMarkdownBlocks::KindRole));
        QVERIFY(!roles.contains(KoderMarkdownBlocks::HtmlRole));
        QCOMPARE(roleText(model, 1, KoderMarkdownBlocks::CodeRole), u"print("_s);
        // A backtick in the info string: not a fence after all, the row turns back.
        changed.clear();
        model.setMarkdown(u"Text\n```py` is code\n"_s);
        QCOMPARE(sources(model), QStringList{u"Text\n```py` is code\n"_s});
    }

    void editInTheMiddleKeepsTheOtherRows()
    {
        const QString text = u"Zero.\n\nOne.\n\nTwo.\n\n```\nthree\n```\n\nFour.\n"_s;
        KoderMarkdownBlocks model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setMarkdown(text);
        QCOMPARE(model.count(), 5);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        const auto check = [&](const QString& markdown) {
            KoderMarkdownBlocks whole;
            whole.setMarkdown(markdown);
            return rows(model) == rows(whole);
        };

        // A word changes in block 2: that row only.
        QList<const QChar*> html = htmlAddresses(model);
        QString edited = text;
        edited.replace(u"Two."_s, u"Deux."_s);
        model.setMarkdown(edited);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(0).value<QModelIndex>().row(), 2);
        QCOMPARE(inserted.size() + removed.size(), 0);
        QList<const QChar*> now = htmlAddresses(model);
        for (int row : {0, 1, 3, 4})
            QCOMPARE(now.at(row), html.at(row));
        QVERIFY(check(edited));

        // Block 1 becomes two: a row inserted after it, the rows after untouched.
        changed.clear();
        html = now;
        edited.replace(u"One."_s, u"One.\n\nOne and a half."_s);
        model.setMarkdown(edited);
        QCOMPARE(model.count(), 6);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 2);
        QCOMPARE(changed.size(), 0);
        now = htmlAddresses(model);
        QCOMPARE(now.at(0), html.at(0));
        QCOMPARE(now.at(1), html.at(1));
        for (int row = 3; row < 6; ++row)
            QCOMPARE(now.at(row), html.at(row - 1));
        QVERIFY(check(edited));

        // Blocks 0 and 1 join: row 0 changes, a row goes.
        changed.clear();
        inserted.clear();
        edited.replace(u"Zero.\n\n"_s, u"Zero.\n"_s);
        model.setMarkdown(edited);
        QCOMPARE(model.count(), 5);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(0).value<QModelIndex>().row(), 0);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.first().at(1).toInt(), 1);
        QVERIFY(check(edited));

        // The text cut short, then another text, then nothing: never a reset.
        model.setMarkdown(edited.left(10));
        QVERIFY(check(edited.left(10)));
        model.setMarkdown(u"```\nsomething else\n```\n\nentirely"_s);
        QVERIFY(check(u"```\nsomething else\n```\n\nentirely"_s));
        QSignalSpy count(&model, &KoderMarkdownBlocks::countChanged);
        model.setMarkdown(QString());
        QCOMPARE(model.count(), 0);
        QCOMPARE(count.size(), 1);
        QCOMPARE(reset.size(), 0);

        // The same text again: nothing at all.
        model.setMarkdown(text);
        QSignalSpy markdownChanged(&model, &KoderMarkdownBlocks::markdownChanged);
        changed.clear();
        model.setMarkdown(QString(text.constData(), text.size())); // equal, another string
        QCOMPARE(markdownChanged.size(), 0);
        QCOMPARE(changed.size(), 0);
    }

    void randomEditsMatchSplittingAtOnce()
    {
        // Inserting and removing pieces anywhere: the rows always equal those of the text
        // split at once.
        const QStringList pieces{u"\n"_s,  u"\n\n"_s, u"```"_s,   u"~~~~"_s, u"  "_s,
                                 u"1. "_s, u"- "_s,   u"x"_s,     u"\r"_s,   u"\r\n"_s,
                                 u"py"_s,  u"`"_s,    u"Text "_s, u"\t"_s,   u"2) "_s};
        QRandomGenerator random(1919);
        KoderMarkdownBlocks model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QString text = reply();
        for (int i = 0; i < 400; ++i) {
            const auto at = random.bounded(static_cast<int>(text.size()) + 1);
            if (random.bounded(3) == 0 && at < text.size())
                text.remove(at, random.bounded(1, 6));
            else
                text.insert(at, pieces.at(random.bounded(static_cast<int>(pieces.size()))));
            model.setMarkdown(text);
            KoderMarkdownBlocks whole;
            whole.setMarkdown(text);
            QCOMPARE(sources(model), sources(whole));
            QCOMPARE(::kinds(model), ::kinds(whole));
            QCOMPARE(sources(model).join(QString()), text);
        }
        QCOMPARE(rows(model).size(), model.count());
        QCOMPARE(reset.size(), 0);
    }

    // A ChatView's bubble: the blocks read the reply's row of the controller's messages
    // (through the view's KoderVisibleMessages) on each update of the row, while it streams;
    // nothing sets markdown. They end as the blocks of the whole reply.
    void blocksFollowAStreamingReplyFromTheModel()
    {
        const QString reply = u"Some **Markdown** first.\n\n- one\n- two\n\n```cpp\nint x = 1;\n"
                              u"```\n\nAnd *after* the code."_s;
        KoderAgentController agent;
        auto* local = new KoderLocalAgent(&agent);
        local->setReply(reply);
        local->setTokensPerSecond(0); // a token per event-loop turn
        agent.setTransport(local);
        agent.setUpdateInterval(0); // an update per token: many while it streams
        KoderVisibleMessages visible;
        visible.setSourceModel(agent.messages());

        KoderMarkdownBlocks blocks;
        QAbstractItemModelTester tester(&blocks,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        KoderMarkdownBlocks question; // the user's row, which does not change meanwhile
        blocks.setSourceModel(&visible);
        question.setSourceModel(&visible);
        QStringList whileStreaming;
        connect(&blocks, &KoderMarkdownBlocks::markdownChanged, this, [&] {
            if (agent.streaming())
                whileStreaming << blocks.markdown();
        });
        QSignalSpy questionChanged(&question, &KoderMarkdownBlocks::markdownChanged);
        QSignalSpy end(&agent, &KoderAgentController::streamEnd);
        QVERIFY(agent.send(u"Write some Markdown."_s));
        question.setSourceRow(0);
        blocks.setSourceRow(1);
        QCOMPARE(question.markdown(), u"Write some Markdown."_s);
        QCOMPARE(questionChanged.count(), 1);
        QVERIFY(end.wait());

        QVERIFY2(whileStreaming.size() > 5, qPrintable(QString::number(whileStreaming.size())));
        for (qsizetype i = 0; i < whileStreaming.size(); ++i) {
            QVERIFY(reply.startsWith(whileStreaming[i]));
            QVERIFY(i == 0 || whileStreaming[i].size() > whileStreaming[i - 1].size());
        }
        QCOMPARE(blocks.markdown(), reply);
        KoderMarkdownBlocks whole;
        whole.setMarkdown(reply);
        QCOMPARE(rows(blocks), rows(whole));
        QCOMPARE(blocks.count(), 4);
        QCOMPARE(questionChanged.count(), 1);
    }

    // The row read is followed as rows come and go around it; the role is found by name; a
    // missing row or role gives no blocks; without the source (unset or destroyed) the text
    // set is shown again.
    void sourceRowFollowsTheModel()
    {
        QStandardItemModel source;
        for (int i = 0; i < 3; ++i)
            source.appendRow(new QStandardItem(u"row %1"_s.arg(i)));
        KoderMarkdownBlocks blocks;
        QSignalSpy changed(&blocks, &KoderMarkdownBlocks::markdownChanged);
        blocks.setMarkdown(u"set"_s);
        blocks.setSourceRole(u"display"_s);
        QCOMPARE(blocks.markdown(), u"set"_s);
        blocks.setSourceModel(&source);
        QCOMPARE(blocks.sourceModel(), &source);
        QCOMPARE(blocks.markdown(), QString()); // no row yet
        QCOMPARE(blocks.count(), 0);
        blocks.setSourceRow(1);
        QCOMPARE(blocks.markdown(), u"row 1"_s);
        blocks.setMarkdown(u"set again"_s); // kept for later; the source wins
        QCOMPARE(blocks.markdown(), u"row 1"_s);

        source.item(1)->setText(u"row 1, edited"_s);
        QCOMPARE(blocks.markdown(), u"row 1, edited"_s);
        changed.clear();
        source.item(0)->setText(u"another row"_s);
        source.item(1)->setToolTip(u"another role"_s);
        QCOMPARE(changed.count(), 0);

        source.insertRow(0, new QStandardItem(u"inserted"_s));
        QCOMPARE(blocks.markdown(), u"row 1, edited"_s); // followed to row 2
        blocks.setSourceRow(2);                          // as a delegate's index follows
        QCOMPARE(changed.count(), 0);
        source.removeRow(2); // the row read goes: the blocks stay
        QCOMPARE(blocks.markdown(), u"row 1, edited"_s);
        source.insertRow(2, new QStandardItem(u"a new row 2"_s));
        QCOMPARE(blocks.markdown(), u"a new row 2"_s);

        blocks.setSourceRole(u"nothing"_s);
        QCOMPARE(blocks.markdown(), QString());
        blocks.setSourceRole(u"display"_s);
        QCOMPARE(blocks.markdown(), u"a new row 2"_s);
        blocks.setSourceRow(7);
        QCOMPARE(blocks.markdown(), QString());
        blocks.setSourceRow(3);
        QCOMPARE(blocks.markdown(), u"row 2"_s);
        source.clear(); // a reset: no row 3 any more
        QCOMPARE(blocks.markdown(), QString());

        blocks.setSourceModel(nullptr);
        QCOMPARE(blocks.markdown(), u"set again"_s);
        auto gone = std::make_unique<QStandardItemModel>();
        gone->appendRow(new QStandardItem(u"from a model that goes"_s));
        blocks.setSourceRow(0);
        blocks.setSourceModel(gone.get());
        QCOMPARE(blocks.markdown(), u"from a model that goes"_s);
        QSignalSpy modelChanged(&blocks, &KoderMarkdownBlocks::sourceModelChanged);
        gone.reset();
        QCOMPARE(modelChanged.count(), 1);
        QCOMPARE(blocks.sourceModel(), nullptr);
        QCOMPARE(blocks.markdown(), u"set again"_s);
    }

    void documentationExampleRuns()
    {
        const QByteArray qml = docExample();
        QVERIFY(qml.contains("KoderMarkdownBlocks"));
        QQmlEngine engine;
        engine.addImportPath(QStringLiteral(KODER_IMPORTS_DIR));
        QQmlComponent component(&engine);
        component.setData(qml, QUrl::fromLocalFile(QDir::current().filePath(u"Example.qml"_s)));
        std::unique_ptr<QObject> object(component.create());
        QVERIFY2(object, qPrintable(component.errorString()));
        auto* root = qobject_cast<QQuickItem*>(object.get());
        QVERIFY(root);

        QList<QQuickItem*> blocks = delegates(root);
        QCOMPARE(blocks.size(), 2);
        QCOMPARE(blocks.at(0)->property("kind").toString(), u"markdown"_s);
        QCOMPARE(shown(blocks.at(0)).size(), 1);
        QVERIFY(shown(blocks.at(0)).first()->property("text").toString().contains(u"Markdown"_s));
        QCOMPARE(blocks.at(1)->property("kind").toString(), u"code"_s);
        QCOMPARE(shown(blocks.at(1)).size(), 2); // the label and Copy, the code
        QCOMPARE(shown(blocks.at(1)).last()->property("text").toString(), u"int answer = 42;"_s);

        // The reply streams on: the last row turns from Markdown into code, its items follow.
        root->setProperty("text", u"Intro\n\n```sh"_s);
        blocks = delegates(root);
        QCOMPARE(blocks.size(), 2);
        QCOMPARE(blocks.at(1)->property("kind").toString(), u"markdown"_s);
        QCOMPARE(shown(blocks.at(1)).size(), 1);
        root->setProperty("text", u"Intro\n\n```sh\nls"_s);
        QCOMPARE(delegates(root).size(), 2);
        QCOMPARE(blocks.at(1)->property("kind").toString(), u"code"_s);
        QCOMPARE(shown(blocks.at(1)).size(), 2);
        QCOMPARE(shown(blocks.at(1)).last()->property("text").toString(), u"ls"_s);
    }
};

QTEST_MAIN(TstMarkdownBlocks)
#include "tst_markdownblocks.moc"
