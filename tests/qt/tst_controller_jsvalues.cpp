// SPDX-License-Identifier: MIT
// Values from QML and C++ into KoderAgentController: JS arrays as attachments, and every C++ and
// JS value kind through the one JSON conversion, with and without the QML side's converter.
#include "controllertest.h"
#include "qtconvert.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>
#include <QtCore/QUrl>
#include <QtQml/QJSEngine>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <cmath>

using namespace koder::agent;

class TstControllerJsValues : public ControllerTest {
    Q_OBJECT

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    // A JS array passed as `var` (a QVariant holding a QJSValue, as QML hands it over) reaches
    // the model and the history the transport sends.
    void jsAttachmentsReachTheTransport()
    {
        QJSEngine engine;
        auto* t = useScripted();
        const QJSValue attachments =
            engine.evaluate(QStringLiteral("[{name: 'a.png', url: 'file:///x', size: 12}]"));
        QVERIFY(attachments.isArray());
        QVERIFY(agent->send(QStringLiteral("hi"), QVariant::fromValue(attachments)));
        QCOMPARE(t->requests.size(), std::size_t(1));
        const Message& sent = t->requests.back().history.back();
        QVERIFY(sent.role == Role::User);
        // (not a raw string: moc reads the "//" in it as a comment)
        QCOMPARE(sent.attachments(), "[{\"name\":\"a.png\",\"size\":12,\"url\":\"file:///x\"}]");
        const QVariantList row =
            agent->messages()->get(0).value(QStringLiteral("attachments")).toList();
        QCOMPARE(row.size(), 1);
        QCOMPARE(row.first().toMap().value(QStringLiteral("url")).toString(),
                 QStringLiteral("file:///x"));

        t->push(StreamEnded{t->last(), "stop"});
        const QJSValue imageOnly = engine.evaluate(QStringLiteral("[{name: 'b.png'}]"));
        QVERIFY(agent->send({}, QVariant::fromValue(imageOnly)));
        QCOMPARE(t->requests.back().history.back().text, "");
        QCOMPARE(t->requests.back().history.back().attachments(), R"([{"name":"b.png"}])");
    }

    // Every C++ and JS value kind through the one conversion, with and without the converter
    // the QML side installs for QJSValue.
    void valuesConvertToJson()
    {
        using namespace koder::agent::qt;
        QJSEngine engine;
        auto js = [&engine](const char* source) {
            return QVariant::fromValue(engine.evaluate(QString::fromUtf8(source)));
        };
        QCOMPARE(variantToJsonText(js("({doc: 'v1', n: [1, 2.5, {x: true, z: null}]})")),
                 R"({"doc":"v1","n":[1,2.5,{"x":true,"z":null}]})");
        QCOMPARE(variantToJsonText(js("[[], {}, new Date(0)]")),
                 R"([[],{},"1970-01-01T00:00:00.000Z"])");
        QCOMPARE(
            variantToJsonText(QVariantMap{
                {QStringLiteral("list"), QVariant::fromValue(QList<int>{1, 2})},
                {QStringLiteral("map"),
                 QVariant::fromValue(QMap<QString, int>{{QStringLiteral("k"), 3}})},
                {QStringLiteral("hash"),
                 QVariantHash{{QStringLiteral("h"), QStringList{QStringLiteral("a")}}}},
                {QStringLiteral("json"),
                 QJsonObject{{QStringLiteral("j"), QJsonArray{1, QStringLiteral("x")}}}},
                {QStringLiteral("big"), QVariant::fromValue<qulonglong>(3'000'000'000ULL)},
                {QStringLiteral("whole"), 2.0},
                {QStringLiteral("when"), QDateTime(QDate(2024, 1, 2), QTime(3, 4, 5, 6), Qt::UTC)},
                {QStringLiteral("none"), QVariant::fromValue(nullptr)},
                {QStringLiteral("undefined"), QVariant()}}),
            R"({"big":3000000000,"hash":{"h":["a"]},"json":{"j":[1,"x"]},"list":[1,2],)"
            R"("map":{"k":3},"none":null,)"
            R"("when":"2024-01-02T03:04:05.006Z","whole":2})");
        QCOMPARE(variantToJsonText(QUrl(QStringLiteral("https://example.com/a b"))),
                 "\"https://example.com/a b\"");
        QCOMPARE(variantToJsonText(QStringLiteral("text")), R"("text")");
        QCOMPARE(variantToJsonText(QVariant()), "");
        QCOMPARE(variantToJsonText(QVariant::fromValue(nullptr)), "");

        QString error;
        QCOMPARE(variantToJsonText(QVariantList{1, std::nan("")}, &error), "");
        QCOMPARE(error, QStringLiteral("[1]: NaN cannot be represented as JSON"));
        error.clear();
        QCOMPARE(
            variantToJsonText(
                QVariantMap{{QStringLiteral("o"), QVariant::fromValue<QObject*>(this)}}, &error),
            "");
        QVERIFY2(error.startsWith(QStringLiteral("o: a value of type QObject*")),
                 qPrintable(error));
        error.clear();
        QCOMPARE(variantToJsonText(js("({a: {f: function() {}}})"), &error), "");
        QCOMPARE(error, QStringLiteral("a.f: a function cannot be represented as JSON"));

        // Without the QML side's converter (a library user with a QML engine of their own), Qt's
        // registered conversions still open JS objects and arrays.
        const ForeignValueConverter installed = setForeignValueConverter(nullptr);
        QVERIFY(installed);
        const std::string plain =
            variantToJsonText(js("({doc: 'v1', n: [1, 2.5, {x: true, z: null}], e: []})"));
        setForeignValueConverter(installed);
        QCOMPARE(plain, R"({"doc":"v1","e":[],"n":[1,2.5,{"x":true,"z":null}]})");
    }
};

QTEST_MAIN(TstControllerJsValues)
#include "tst_controller_jsvalues.moc"
