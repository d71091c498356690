// SPDX-License-Identifier: MIT
#include "qtconvert.h"

#include "agentlogging.h"

#include <QtCore/QAssociativeIterable>
#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>
#include <QtCore/QSequentialIterable>
#include <QtCore/QUrl>
#include <QtCore/QUuid>

#include <atomic>
#include <cmath>
#include <limits>

namespace koder::agent::qt {

QVariant jsonTextToVariant(std::string_view json)
{
    if (json.empty())
        return {};
    const QByteArray bytes(json.data(), static_cast<qsizetype>(json.size()));
    // Wrap in an array so scalars (strings, numbers) parse too.
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson("[" + bytes + "]", &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray() || doc.array().size() != 1)
        return QString::fromUtf8(bytes);
    return doc.array().at(0).toVariant();
}

namespace {

std::atomic<ForeignValueConverter> foreignConverter{nullptr};

constexpr int maxDepth = 128;
constexpr double maxSafeInteger = 9007199254740991.0; // 2^53 - 1, as in JS

QString member(const QString& path, const QString& key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

QString element(const QString& path, qsizetype index)
{
    return path + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

// Walks a QVariant into plain QVariants; the first failure is kept with its path.
class Plain {
public:
    QString error;

    bool convert(const QVariant& value, const QString& path, int depth, QVariant& out)
    {
        if (depth > maxDepth)
            return fail(path, QStringLiteral("the value is nested deeper than %1 levels (does it "
                                             "contain itself?)")
                                  .arg(maxDepth));
        out = {};
        if (!value.isValid())
            return true;
        const QMetaType type = value.metaType();
        switch (type.id()) {
        case QMetaType::Nullptr:
            out = QVariant::fromValue(nullptr);
            return true;
        case QMetaType::Bool:
            out = value.toBool();
            return true;
        case QMetaType::Char:
        case QMetaType::SChar:
        case QMetaType::UChar:
        case QMetaType::Short:
        case QMetaType::UShort:
        case QMetaType::Int:
        case QMetaType::UInt:
        case QMetaType::Long:
        case QMetaType::LongLong:
            out = QVariant::fromValue<qint64>(value.toLongLong());
            return true;
        case QMetaType::ULong:
        case QMetaType::ULongLong: {
            const qulonglong n = value.toULongLong();
            if (n <= static_cast<qulonglong>(std::numeric_limits<qint64>::max()))
                out = QVariant::fromValue<qint64>(static_cast<qint64>(n));
            else
                out = static_cast<double>(n);
            return true;
        }
        case QMetaType::Float:
        case QMetaType::Double:
            return number(value.toDouble(), path, out);
        case QMetaType::QString:
        case QMetaType::QChar:
            out = value.toString();
            return true;
        case QMetaType::QByteArray:
            out = QString::fromUtf8(value.toByteArray());
            return true;
        case QMetaType::QDateTime:
            out = value;
            return true;
        case QMetaType::QDate:
            out = value.toDate().toString(Qt::ISODate);
            return true;
        case QMetaType::QTime:
            out = value.toTime().toString(Qt::ISODateWithMs);
            return true;
        case QMetaType::QUrl:
            out = value.toUrl().toString();
            return true;
        case QMetaType::QUuid:
            out = value.toUuid().toString(QUuid::WithoutBraces);
            return true;
        case QMetaType::QStringList:
        case QMetaType::QVariantList:
            return list(value.toList(), path, depth, out);
        case QMetaType::QVariantMap:
            return map(value.toMap(), path, depth, out);
        case QMetaType::QVariantHash: {
            const QVariantHash hash = value.toHash();
            QVariantMap members;
            for (auto it = hash.cbegin(); it != hash.cend(); ++it)
                members.insert(it.key(), it.value());
            return map(members, path, depth, out);
        }
        // Already JSON; toVariant() gives plain values only.
        case QMetaType::QJsonValue:
            return convert(value.toJsonValue().toVariant(), path, depth, out);
        case QMetaType::QJsonObject:
            return map(value.toJsonObject().toVariantMap(), path, depth, out);
        case QMetaType::QJsonArray:
            return list(value.toJsonArray().toVariantList(), path, depth, out);
        case QMetaType::QJsonDocument:
            return convert(value.toJsonDocument().toVariant(), path, depth, out);
        default:
            break;
        }
        if (type.flags() & QMetaType::IsEnumeration) {
            out = QVariant::fromValue<qint64>(value.toLongLong());
            return true;
        }
        return foreign(value, path, depth, out);
    }

private:
    bool fail(QString path, const QString& reason)
    {
        if (!error.isEmpty())
            return false;
        if (path.isEmpty()) {
            error = reason.left(1).toUpper() + reason.mid(1);
            return false;
        }
        constexpr qsizetype maxPath = 80; // a cycle's path repeats itself 128 times
        if (path.size() > maxPath)
            path = path.left(maxPath) + QStringLiteral("...");
        error = path + QStringLiteral(": ") + reason;
        return false;
    }

    bool number(double n, const QString& path, QVariant& out)
    {
        if (!std::isfinite(n))
            return fail(
                path, QStringLiteral("%1 cannot be represented as JSON")
                          .arg(std::isnan(n) ? QStringLiteral("NaN") : QStringLiteral("Infinity")));
        // JS has one number type: an integral one is written as an integer, as JSON.stringify
        // does (and "3000000000", not "3e+09").
        if (std::abs(n) <= maxSafeInteger && n == std::trunc(n))
            out = QVariant::fromValue<qint64>(static_cast<qint64>(n));
        else
            out = n;
        return true;
    }

    bool list(const QVariantList& items, const QString& path, int depth, QVariant& out)
    {
        QVariantList result;
        result.reserve(items.size());
        for (qsizetype i = 0; i < items.size(); ++i) {
            QVariant item;
            if (!convert(items.at(i), element(path, i), depth + 1, item))
                return false;
            // undefined in an array is null, as in JSON.stringify
            result.append(item.isValid() ? item : QVariant::fromValue(nullptr));
        }
        out = result;
        return true;
    }

    bool map(const QVariantMap& members, const QString& path, int depth, QVariant& out)
    {
        QVariantMap result;
        for (auto it = members.cbegin(); it != members.cend(); ++it) {
            QVariant item;
            if (!convert(it.value(), member(path, it.key()), depth + 1, item))
                return false;
            if (item.isValid()) // undefined members are left out, as in JSON.stringify
                result.insert(it.key(), item);
        }
        out = result;
        return true;
    }

    bool foreign(const QVariant& value, const QString& path, int depth, QVariant& out)
    {
        const QMetaType type = value.metaType();
        if (const ForeignValueConverter open = foreignConverter.load()) {
            QVariant unwrapped;
            QString reason;
            if (open(value, unwrapped, reason)) {
                if (!reason.isEmpty())
                    return fail(path, reason);
                if (unwrapped.metaType() == type)
                    return fail(path, QStringLiteral("a value of type %1 cannot be opened")
                                          .arg(QLatin1StringView(type.name())));
                return convert(unwrapped, path, depth, out);
            }
        }
        // Qt's registered conversions: containers (QList<int>, QMap<QString, int>, ...) and,
        // when no converter is installed, a QJSValue (an array is a sequence, anything else
        // converts to a map).
        QSequentialIterable sequence;
        if (QMetaType::canConvert(type, QMetaType::fromType<QSequentialIterable>()) &&
            QMetaType::convert(type, value.constData(), QMetaType::fromType<QSequentialIterable>(),
                               &sequence) &&
            sequence.constIterable()) {
            QVariantList items;
            for (const QVariant& item : sequence)
                items.append(item);
            return list(items, path, depth, out);
        }
        QAssociativeIterable associative;
        if (QMetaType::canConvert(type, QMetaType::fromType<QAssociativeIterable>()) &&
            QMetaType::convert(type, value.constData(), QMetaType::fromType<QAssociativeIterable>(),
                               &associative) &&
            associative.constIterable()) {
            QVariantMap members;
            for (auto it = associative.begin(); it != associative.end(); ++it)
                members.insert(it.key().toString(), it.value());
            return map(members, path, depth, out);
        }
        if (QMetaType::canConvert(type, QMetaType::fromType<QVariantMap>())) {
            QVariantMap members;
            if (QMetaType::convert(type, value.constData(), QMetaType::fromType<QVariantMap>(),
                                   &members))
                return map(members, path, depth, out);
        }
        if (!(type.flags() & QMetaType::PointerToQObject) &&
            QMetaType::canConvert(type, QMetaType::fromType<QString>())) {
            QString text;
            if (QMetaType::convert(type, value.constData(), QMetaType::fromType<QString>(),
                                   &text)) {
                out = text;
                return true;
            }
        }
        return fail(path, QStringLiteral("a value of type %1 cannot be represented as JSON")
                              .arg(QLatin1StringView(type.name())));
    }
};

// A plain QVariant (from Plain) as JSON.
QJsonValue plainToJson(const QVariant& value)
{
    switch (value.typeId()) {
    case QMetaType::Nullptr:
        return QJsonValue::Null;
    case QMetaType::Bool:
        return value.toBool();
    case QMetaType::LongLong:
        return value.toLongLong();
    case QMetaType::Double:
        return value.toDouble();
    case QMetaType::QString:
        return value.toString();
    case QMetaType::QDateTime: {
        // as Date.prototype.toJSON: UTC with milliseconds, null for an invalid date
        const QDateTime when = value.toDateTime();
        if (!when.isValid())
            return QJsonValue::Null;
        return when.toUTC().toString(Qt::ISODateWithMs);
    }
    case QMetaType::QVariantList: {
        QJsonArray array;
        for (const QVariant& item : value.toList())
            array.append(plainToJson(item));
        return array;
    }
    case QMetaType::QVariantMap: {
        QJsonObject object;
        const QVariantMap members = value.toMap();
        for (auto it = members.cbegin(); it != members.cend(); ++it)
            object.insert(it.key(), plainToJson(it.value()));
        return object;
    }
    default:
        return QJsonValue::Undefined;
    }
}

} // namespace

ForeignValueConverter setForeignValueConverter(ForeignValueConverter converter)
{
    return foreignConverter.exchange(converter);
}

QVariant plainVariant(const QVariant& value, QString* error)
{
    Plain plain;
    QVariant out;
    if (!plain.convert(value, {}, 0, out)) {
        if (error)
            *error = plain.error;
        return {};
    }
    return out;
}

QJsonValue variantToJson(const QVariant& value, QString* error)
{
    Plain plain;
    QVariant out;
    if (!plain.convert(value, {}, 0, out)) {
        if (error)
            *error = plain.error;
        return QJsonValue::Undefined;
    }
    return plainToJson(out);
}

std::string variantToJsonText(const QVariant& value, QString* error)
{
    QString why;
    const QJsonValue json = variantToJson(value, &why);
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        else
            qCWarning(lcAgent) << "a value was left out:" << why;
        return {};
    }
    if (json.isUndefined() || json.isNull())
        return {};
    const QJsonArray wrapper{json};
    const QByteArray text = QJsonDocument(wrapper).toJson(QJsonDocument::Compact);
    // Strip the wrapper's brackets: "[...]" -> "...".
    return std::string(text.constData() + 1, static_cast<std::size_t>(text.size() - 2));
}

QVariantMap toolCallToVariant(const ToolCall& call)
{
    QVariant arguments = jsonTextToVariant(call.arguments);
    if (!arguments.isValid())
        arguments = QVariantMap{};
    return {{QStringLiteral("id"), toQString(call.id)},
            {QStringLiteral("name"), toQString(call.name)},
            {QStringLiteral("arguments"), arguments},
            {QStringLiteral("readOnly"), call.readOnly}};
}

QVariantList toolCallsToVariant(const std::vector<ToolCall>& calls)
{
    QVariantList list;
    list.reserve(static_cast<qsizetype>(calls.size()));
    for (const ToolCall& c : calls)
        list.append(toolCallToVariant(c));
    return list;
}

QVariantMap errorToVariant(const ErrorInfo& error)
{
    return {{QStringLiteral("code"), toQString(error.code)},
            {QStringLiteral("message"), toQString(error.message)},
            {QStringLiteral("retryable"), error.retryable},
            {QStringLiteral("retryAfterMs"), static_cast<double>(error.retryAfterMs)}};
}

QVariantMap usageToVariant(const Usage& u)
{
    // Only the counts the server reported: an empty map when it sent none.
    QVariantMap map;
    for (const auto& [key, field] : usageCounts)
        if (u.*field >= 0)
            map.insert(QLatin1String(key), QVariant::fromValue<qint64>(u.*field));
    return map;
}

} // namespace koder::agent::qt
