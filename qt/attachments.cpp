// SPDX-License-Identifier: MIT
#include "attachments.h"

#include "qtconvert.h"

#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLocale>
#include <QtCore/QMimeDatabase>
#include <QtCore/QMutex>
#include <QtCore/QSet>
#include <QtCore/QVariantMap>

namespace koder::agent::qt {

namespace {
// The image types all three HTTP APIs accept.
bool isSupportedImage(const QString& mimeType)
{
    return mimeType == QLatin1String("image/png") || mimeType == QLatin1String("image/jpeg") ||
           mimeType == QLatin1String("image/gif") || mimeType == QLatin1String("image/webp");
}

bool isText(const QMimeType& type)
{
    return type.isValid() && type.inherits(QStringLiteral("text/plain"));
}

// The local files send() accepted in this process: the only ones a request may read.
struct Granted {
    QMutex mutex;
    QSet<QString> files;
};
Granted& granted()
{
    static Granted g;
    return g;
}
} // namespace

bool AttachmentLoader::fail(const QString& error)
{
    m_error = error;
    return false;
}

bool AttachmentLoader::check(std::string_view json)
{
    QList<LoadedAttachment> loaded;
    return loadAll(json, true, &loaded);
}

void AttachmentLoader::load(std::string_view json, QList<LoadedAttachment>* out)
{
    loadAll(json, false, out);
}

bool AttachmentLoader::loadAll(std::string_view json, bool checking, QList<LoadedAttachment>* out)
{
    m_error.clear();
    out->clear();
    if (json.empty())
        return true;
    const QVariant value = jsonTextToVariant(json);
    if (value.typeId() != QMetaType::QVariantList)
        return fail(tr("Attachments must be a list of {name, mimeType, url}."));
    const QVariantList items = value.toList();
    for (const QVariant& item : items) {
        if (item.typeId() != QMetaType::QVariantMap) {
            if (checking)
                return fail(tr("Each attachment must be an object with name, mimeType and url."));
            continue;
        }
        LoadedAttachment a;
        if (!loadOne(item.toMap(), checking, &a)) {
            if (checking)
                return false;
            // A later request goes on without it: the model reads its name instead.
            m_error.clear();
            a.kind = LoadedAttachment::Kind::Unavailable;
            a.bytes.clear();
            a.remoteUrl.clear();
        }
        out->append(std::move(a));
    }
    return true;
}

bool AttachmentLoader::loadOne(const QVariantMap& item, bool checking, LoadedAttachment* out)
{
    const QUrl url(item.value(QStringLiteral("url")).toString());
    out->name = item.value(QStringLiteral("name")).toString();
    if (out->name.isEmpty() && url.scheme() != QLatin1String("data"))
        out->name = url.fileName(); // a data: URL's "file name" is the tail of its data
    const QString name = out->name.isEmpty() ? tr("(unnamed)") : out->name;
    if (!url.isValid() || url.isEmpty())
        return fail(tr("The attachment %1 has no url.").arg(name));

    static const QMimeDatabase mimes;
    QString mimeType = item.value(QStringLiteral("mimeType")).toString();
    const QString scheme = url.scheme();
    QByteArray bytes;
    if (scheme == QLatin1String("data")) {
        // data:[<type>][;base64],<data>
        const QByteArray encoded = url.toEncoded();
        const qsizetype comma = encoded.indexOf(',');
        if (comma < 0)
            return fail(tr("The attachment %1 is a data: URL without data.").arg(name));
        const QByteArray header = encoded.mid(5, comma - 5);
        const QByteArray payload = QByteArray::fromPercentEncoding(encoded.mid(comma + 1));
        if (payload.size() > m_maxBytes * 4 / 3 + 4)
            return fail(tr("The attachment %1 is larger than %2.")
                            .arg(name, QLocale().formattedDataSize(m_maxBytes)));
        if (header.toLower().endsWith(";base64")) {
            auto decoded = QByteArray::fromBase64Encoding(
                payload, QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded)
                return fail(tr("The attachment %1 is not valid base64.").arg(name));
            bytes = std::move(*decoded);
        } else {
            bytes = payload;
        }
        if (bytes.size() > m_maxBytes)
            return fail(tr("The attachment %1 is larger than %2.")
                            .arg(name, QLocale().formattedDataSize(m_maxBytes)));
        if (mimeType.isEmpty())
            mimeType = QString::fromLatin1(header.left(header.indexOf(';')));
    } else if (url.isLocalFile()) {
        const QString path = url.toLocalFile();
        if (!checking) {
            QMutexLocker lock(&granted().mutex);
            if (!granted().files.contains(path))
                return fail(tr("The attachment %1 was not attached here.").arg(name));
        }
        QFile file(path);
        const QFileInfo info(file);
        if (!info.isFile() || !file.open(QIODevice::ReadOnly))
            return fail(tr("The attachment %1 cannot be read: %2")
                            .arg(name, info.exists() ? file.errorString() : tr("no such file")));
        if (file.size() > m_maxBytes)
            return fail(tr("The attachment %1 is larger than %2.")
                            .arg(name, QLocale().formattedDataSize(m_maxBytes)));
        bytes = file.read(m_maxBytes + 1);
        if (bytes.size() > m_maxBytes)
            return fail(tr("The attachment %1 is larger than %2.")
                            .arg(name, QLocale().formattedDataSize(m_maxBytes)));
        if (mimeType.isEmpty())
            mimeType = mimes.mimeTypeForFileNameAndData(info.fileName(), bytes).name();
    } else if (scheme == QLatin1String("http") || scheme == QLatin1String("https")) {
        // By the name's extension: QMimeDatabase gives every http(s): URL the default type.
        if (mimeType.isEmpty())
            mimeType = mimes.mimeTypeForFile(url.fileName(), QMimeDatabase::MatchExtension).name();
        if (!isSupportedImage(mimeType))
            return fail(tr("The attachment %1 is a web address: only images are sent by address "
                           "(a model cannot fetch other files).")
                            .arg(name));
        if (!m_remoteImages)
            return fail(tr("The attachment %1 is a web address, and this model takes images as "
                           "data only: attach the file instead.")
                            .arg(name));
        out->kind = LoadedAttachment::Kind::Image;
        out->mimeType = mimeType;
        out->remoteUrl = url;
        return true;
    } else {
        return fail(
            tr("The attachment %1 has a url the library cannot read (%2): use file:, data: or "
               "http(s):.")
                .arg(name, scheme));
    }

    out->mimeType = mimeType;
    if (isSupportedImage(mimeType))
        out->kind = LoadedAttachment::Kind::Image;
    else if (isText(mimes.mimeTypeForName(mimeType)))
        out->kind = LoadedAttachment::Kind::Text;
    else if (m_documents && mimeType == QLatin1String("application/pdf"))
        out->kind = LoadedAttachment::Kind::Document;
    else if (m_documents)
        return fail(tr("The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and "
                       "WebP images, PDF documents and text files can.")
                        .arg(name, mimeType.isEmpty() ? tr("unknown type") : mimeType));
    else
        return fail(tr("The attachment %1 (%2) cannot be sent to a model: only PNG, JPEG, GIF and "
                       "WebP images and text files can.")
                        .arg(name, mimeType.isEmpty() ? tr("unknown type") : mimeType));
    out->bytes = std::move(bytes);
    if (checking && url.isLocalFile()) {
        QMutexLocker lock(&granted().mutex);
        granted().files.insert(url.toLocalFile());
    }
    return true;
}

} // namespace koder::agent::qt
