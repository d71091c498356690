// SPDX-License-Identifier: MIT
// What KoderAgentController tells a view while a reply streams: model updates coalesced and on
// time, announced phrases at UTF-16 positions, streamToken to every receiver still connected.
#include "controllertest.h"

#include <QtCore/QElapsedTimer>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>
#include <string>
#include <vector>

using namespace koder::agent;

class TstControllerUpdates : public ControllerTest {
    Q_OBJECT

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void streamingUpdatesAreCoalesced()
    {
        auto* t = useScripted();
        agent->send(QStringLiteral("q"));
        const int row = 1;
        int rowUpdates = 0;
        int resets = 0;
        connect(agent->messages(), &QAbstractItemModel::dataChanged, this,
                [&](const QModelIndex& from, const QModelIndex&, const QList<int>& roles) {
                    if (from.row() == row && roles.contains(KoderMessageModel::TextRole))
                        ++rowUpdates;
                });
        connect(agent->messages(), &QAbstractItemModel::modelReset, this, [&] { ++resets; });
        QString textAtEnd;
        connect(agent.get(), &KoderAgentController::streamEnd, this,
                [&] { textAtEnd = lastText(); });
        const RequestId id = t->last();
        for (int i = 0; i < 10'000; ++i)
            t->push(TextDelta{id, "tok "});
        // The first token at once; the rest of the burst waits for one coalesced update.
        QCOMPARE(rowUpdates, 1);
        t->push(StreamEnded{id, "stop"});
        QCOMPARE(rowUpdates, 2);
        QCOMPARE(resets, 0);
        QCOMPARE(textAtEnd.size(), 40'000);
    }

    void coalescedUpdateArrivesWithinTheInterval()
    {
        auto* t = useScripted();
        agent->setUpdateInterval(100);
        agent->send(QStringLiteral("q"));
        QSignalSpy changed(agent->messages(), &QAbstractItemModel::dataChanged);
        t->push(TextDelta{t->last(), "x"});
        QCOMPARE(changed.count(), 1); // the first token: at once
        // The next, sooner than the interval (unless this thread stalled that long), comes on
        // its own when the interval ends: no flush is needed.
        t->push(TextDelta{t->last(), "y"});
        if (changed.count() == 1)
            QVERIFY(changed.wait());
        QCOMPARE(changed.count(), 2);
        QCOMPARE(lastText(), QStringLiteral("xy"));
    }

    // A view whose frames take longer than the interval (the event loop comes back late) still
    // gets at most one update per interval: after the first token, the next one waits for the
    // interval's end even when the last update is already an interval old.
    void aSlowLoopDoesNotUndoTheCoalescing()
    {
        auto* t = useScripted();
        agent->setUpdateInterval(1);
        agent->send(QStringLiteral("q"));
        QSignalSpy changed(agent->messages(), &QAbstractItemModel::dataChanged);
        t->push(TextDelta{t->last(), "a"});
        QCOMPARE(changed.count(), 1); // the first token: at once
        // The loop is busy for longer than the interval (a slow frame), without returning.
        QElapsedTimer busy;
        busy.start();
        while (busy.elapsed() < 5) {
        }
        t->push(TextDelta{t->last(), "b"});
        QCOMPARE(changed.count(), 1); // coalesced, not at once
        QTRY_COMPARE(changed.count(), 2);
        QCOMPARE(lastText(), QStringLiteral("ab"));
    }

    // The first token of a reply reaches the model's views in the call that delivered it, not
    // an interval later; the tokens after it within the interval make one update, and every
    // reply starts again with an update at once.
    void firstTokenOfAReplyIsAnnouncedAtOnce()
    {
        auto* t = useScripted();
        agent->setUpdateInterval(60'000); // no interval ends during the test: no timing
        QStringList seen;                 // the row's text at each update of it
        int row = -1;
        connect(agent->messages(), &QAbstractItemModel::dataChanged, this,
                [&](const QModelIndex& from, const QModelIndex& to, const QList<int>& roles) {
                    if (from.row() <= row && row <= to.row() &&
                        roles.contains(KoderMessageModel::TextRole))
                        seen << text(row);
                });
        for (const QString& reply : {QStringLiteral("first"), QStringLiteral("second")}) {
            seen.clear();
            agent->send(QStringLiteral("q"));
            row = agent->messages()->count() - 1;
            QCOMPARE(agent->messages()->data(agent->messages()->index(row),
                                             KoderMessageModel::StreamingRole),
                     QVariant(true));
            const RequestId id = t->last();
            t->push(TextDelta{id, reply.toStdString()});
            QCOMPARE(seen, QStringList{reply});
            for (int i = 0; i < 100; ++i)
                t->push(TextDelta{id, " tok"});
            QCOMPARE(seen, QStringList{reply}); // held for the interval's end
            t->push(StreamEnded{id, "stop"});
            // The held tokens in one update, before the terminal signal.
            QCOMPARE(seen.size(), 2);
            QCOMPARE(seen.last(), reply + QStringLiteral(" tok").repeated(100));
        }
    }

    // The delegate and the Markdown blocks of a view read the streaming row in turn on every
    // update: they share one conversion of its text, and a change makes a new one.
    void textIsConvertedOncePerUpdate()
    {
        auto* t = useScripted();
        agent->send(QStringLiteral("q"));
        t->push(TextDelta{t->last(), "Hello"});
        const QModelIndex row = agent->messages()->index(1);
        const QString first = agent->messages()->data(row, KoderMessageModel::TextRole).toString();
        const QString again = agent->messages()->data(row, Qt::DisplayRole).toString();
        QCOMPARE(again, QStringLiteral("Hello"));
        QCOMPARE(again.constData(), first.constData());
        t->push(TextDelta{t->last(), " world"});
        const QString after = agent->messages()->data(row, KoderMessageModel::TextRole).toString();
        QCOMPARE(after, QStringLiteral("Hello world"));
        QCOMPARE(first, QStringLiteral("Hello"));
        QCOMPARE(text(0), QStringLiteral("q"));
        QCOMPARE(after, lastText());
    }

    // Phrase positions are UTF-16 units of the message's text (what QString and
    // QAccessibleTextInsertEvent count), kept incrementally: 2- and 3-byte characters count one,
    // emoji (4 bytes, a surrogate pair) two. A retry starts the reply over, a new turn a new one.
    void announcedPositionsAreUtf16Units()
    {
        auto* t = useScripted();
        agent->setMaxRetries(1);
        struct Phrase {
            QString text;
            int position;
            QString whole; // the message's text when the phrase was announced
        };
        QList<Phrase> phrases;
        connect(agent.get(), &KoderAgentController::announcement, this,
                [&](Koder::AnnouncementKind kind, Koder::Politeness, const QString&,
                    const QString& text, int position) {
                    if (kind == Koder::AnnouncementKind::ReplyText)
                        phrases.append({text, position, lastText()});
                });
        // The phrases of one attempt tile its text from 0, each where its position says.
        auto tiles = [&](const QString& expected) {
            QString said;
            for (const Phrase& p : std::as_const(phrases)) {
                if (p.position != said.size() || p.whole.mid(p.position, p.text.size()) != p.text)
                    return false;
                said += p.text;
            }
            return said == expected;
        };
        const auto stream = [&](const std::vector<std::string>& tokens) {
            std::string all;
            for (const std::string& token : tokens) {
                t->push(TextDelta{t->last(), token});
                all += token;
            }
            return QString::fromStdString(all);
        };

        agent->send(QStringLiteral("q"));
        std::vector<std::string> first{"Gr\u00fc\u00dfe, ", "\u4e16\u754c. ",
                                       "\U0001F600 caf\u00e9 \U0001F389! ", "\u00e9t\u00e9; "};
        for (int i = 0; i < 60; ++i) // 420 bytes without a phrase end: cut by length
            first.push_back("\U0001F680 \u00e9");
        first.push_back(" \U0001F9EA.");
        const QString firstText = stream(first);
        QCOMPARE(lastText(), firstText);
        QVERIFY(phrases.size() >= 6);
        QVERIFY(tiles(firstText));
        QCOMPARE(phrases.last().position + phrases.last().text.size(), firstText.size());

        // A retryable failure: the retry streams the reply afresh into the same message.
        t->push(TextDelta{t->last(), "\U0001F600 lost"});
        t->push(StreamFailed{t->last(), {"overloaded", "busy", true, 0}, ErrorVerdict::Default});
        QTRY_COMPARE(t->requests.size(), std::size_t(2));
        phrases.clear();
        const QString retried =
            stream({"\U0001F600\U0001F600. ", "\u00e4\u00f6\u00fc! ", "\U0001F389", " end"});
        t->push(StreamEnded{t->last(), "stop"});
        QCOMPARE(lastText(), retried);
        QCOMPARE(phrases.size(), 3);
        QVERIFY(tiles(retried));
        QCOMPARE(phrases.at(1).position, 5); // two emoji and '.': 5 units (9 bytes)

        // The next turn is another message: its positions start from 0 again.
        phrases.clear();
        agent->send(QStringLiteral("again"));
        const QString next = stream({"\u00e9\U0001F600. ", "x", "\U0001F600! y"});
        t->push(StreamEnded{t->last(), "stop"});
        QCOMPARE(lastText(), next);
        QCOMPARE(phrases.size(), 3);
        QVERIFY(tiles(next));
    }

    // streamToken is emitted only while someone listens; the count survives every way of
    // disconnecting (a disconnect naming no signal reports once for all it removed).
    void streamTokenReachesEveryRemainingReceiver()
    {
        auto* t = useScripted();
        QObject a;
        auto b = std::make_unique<QObject>();
        QObject c;
        int heardByC = 0;
        for (QObject* receiver : {&a, b.get()})
            for (int i = 0; i < 2; ++i)
                connect(agent.get(), &KoderAgentController::streamToken, receiver, [] {});
        connect(agent.get(), &KoderAgentController::streamToken, &c, [&] { ++heardByC; });
        QObject::disconnect(agent.get(), nullptr, &a, nullptr); // no signal named
        b.reset();                                              // its connections go too
        agent->send(QStringLiteral("q"));
        t->push(TextDelta{t->last(), "one"});
        t->push(TextDelta{t->last(), "two"});
        QCOMPARE(heardByC, 2);
        QObject::disconnect(agent.get(), &KoderAgentController::streamToken, &c, nullptr);
        t->push(TextDelta{t->last(), "three"});
        QCOMPARE(heardByC, 2);
    }
};

QTEST_MAIN(TstControllerUpdates)
#include "tst_controller_updates.moc"
