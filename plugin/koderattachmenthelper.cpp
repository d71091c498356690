// SPDX-License-Identifier: MIT
#include "koderattachmenthelper.h"

#include <QtCore/QBuffer>
#include <QtCore/QByteArray>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLocale>
#include <QtCore/QMimeData>
#include <QtCore/QMimeDatabase>
#include <QtGui/QClipboard>
#include <QtGui/QGuiApplication>
#include <QtGui/QImage>

#include <cmath>
#include <optional>

/*!
    \class KoderAttachmentHelper
    \inmodule KoderAgent
    \brief The file checks and the clipboard image behind the message input's attachments.

    The C++ side of the \c KoderAttachmentHelper QML singleton: what \l [QML] {Sender} needs to
    attach a file and that QML cannot do by itself. Its functions are static and can be called
    from C++ as well: inspect() reads a file's size and type and says whether a model can take
    it, clipboardImage() turns an image on the clipboard into a PNG attachment.

    In QML: \l [QML] {KoderAttachmentHelper}{the KoderAttachmentHelper QML type}.
*/

/*!
    \qmltype KoderAttachmentHelper
    \inqmlmodule Koder.Agent
    \instantiates KoderAttachmentHelper
    \brief A singleton that checks files before they are attached to a message, and reads an
    image pasted from the clipboard.

    KoderAttachmentHelper is a singleton: call its methods on the type, as
    \c{KoderAttachmentHelper.inspect(url, 20 * 1024 * 1024)}. \l AbstractSender uses it for
    \l {AbstractSender::addAttachment()}{addAttachment()} and for an image pasted with Ctrl+V;
    a look or an application can call it for its own attach flows.

    The files a model takes are the ones KoderAgentController's \c send() takes for every
    API: PNG, JPEG, GIF and WebP images, and text files (any type that is a kind of
    \c text/plain: source code, Markdown, JSON, CSV, ...). Checking them here tells the user
    before the message is sent, as the file is attached.

    \sa AbstractSender, Sender
*/

/*!
    \qmlmethod var KoderAttachmentHelper::inspect(url url, real max, string name)

    Returns what is known of the file at \a url (a \c{file:} or \c{data:} URL) as a map with
    \c name (\a name when given, otherwise the file's name; empty for a \c{data:} URL
    without \a name), \c mimeType, \c url (as text),
    \c size (in bytes; -1 when it cannot be read) and \c error: empty when the file can be
    attached, otherwise a translated sentence that names the file and says why not: it cannot
    be read, it is larger than \a max bytes, its type is neither a PNG, JPEG, GIF or WebP
    image nor a text file, or the URL is not a file.
*/

/*!
    \fn QVariantMap KoderAttachmentHelper::inspect(const QUrl &url, double max, const QString &name)

    Returns the name (\a name, when not empty), type, size and refusal (empty when none) of
    the file at \a url, checked against \a max. See
    \l [QML] {KoderAttachmentHelper::inspect()}{inspect()} in QML.
*/

/*!
    \qmlmethod var KoderAttachmentHelper::clipboardImage(real max)

    Returns the image on the clipboard as an attachment: a map with \c name (\e{Pasted
    image.png}, translated), \c mimeType (\c image/png), \c url (a \c{data:} URL of the image
    encoded as PNG), \c size and \c error (empty, or the reason when the PNG is larger than
    \a max). Returns an empty map when the clipboard holds no image, or holds text
    too (pasting it as text is then what the user means).
*/

/*!
    \fn QVariantMap KoderAttachmentHelper::clipboardImage(double max)

    Returns the clipboard's image as a PNG attachment checked against \a max, or an
    empty map. See \l [QML] {KoderAttachmentHelper::clipboardImage()}{clipboardImage()} in QML.
*/

/*!
    \qmlmethod bool KoderAttachmentHelper::copyImageToClipboard(url url)

    Puts the image at \a url (a \c{file:} or \c{data:} URL) on the application's clipboard,
    as an image. Returns false when it cannot be read as an image or there is no clipboard.
*/

/*!
    \fn bool KoderAttachmentHelper::copyImageToClipboard(const QUrl &url)

    Puts the image at \a url on the clipboard; returns false when it is not an image. See
    \l [QML] {KoderAttachmentHelper::copyImageToClipboard()}{copyImageToClipboard()} in QML.
*/

/*!
    Constructs the helper with \a parent (QML creates the singleton).
*/
KoderAttachmentHelper::KoderAttachmentHelper(QObject* parent)
    : QObject(parent)
{
}

namespace {
// The image types all the HTTP APIs accept (as qt/attachments.cpp).
bool isSupportedImage(const QString& mimeType)
{
    return mimeType == QLatin1String("image/png") || mimeType == QLatin1String("image/jpeg") ||
           mimeType == QLatin1String("image/gif") || mimeType == QLatin1String("image/webp");
}

const QMimeDatabase& mimes()
{
    static const QMimeDatabase db;
    return db;
}

// A data: URL's type and decoded bytes; nullopt when it is not one.
std::optional<std::pair<QString, QByteArray>> decodeDataUrl(const QUrl& url)
{
    if (url.scheme() != QLatin1String("data"))
        return std::nullopt;
    const QByteArray encoded = url.toEncoded();
    const qsizetype comma = encoded.indexOf(',');
    if (comma < 0)
        return std::nullopt;
    const QByteArray header = encoded.mid(5, comma - 5);
    const QByteArray payload = QByteArray::fromPercentEncoding(encoded.mid(comma + 1));
    QByteArray bytes = payload;
    if (header.toLower().endsWith(";base64")) {
        auto decoded = QByteArray::fromBase64Encoding(
            payload, QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return std::nullopt;
        bytes = std::move(*decoded);
    }
    const qsizetype semicolon = header.indexOf(';');
    return std::pair{QString::fromLatin1(semicolon < 0 ? header : header.left(semicolon)),
                     std::move(bytes)};
}

QString formattedSize(double bytes)
{
    return QLocale().formattedDataSize(static_cast<qint64>(std::llround(bytes)));
}
} // namespace

QVariantMap KoderAttachmentHelper::inspect(const QUrl& url, double max, const QString& givenName)
{
    QVariantMap result{{QStringLiteral("name"), QString()},
                       {QStringLiteral("mimeType"), QString()},
                       {QStringLiteral("url"), url.toString(QUrl::FullyEncoded)},
                       {QStringLiteral("size"), -1.0},
                       {QStringLiteral("error"), QString()}};
    auto refuse = [&result](const QString& error) {
        result.insert(QStringLiteral("error"), error);
        return result;
    };
    QString name = givenName;
    result.insert(QStringLiteral("name"), name);
    QString mimeType;
    double size = -1;
    if (url.isLocalFile()) {
        const QFileInfo info(url.toLocalFile());
        if (name.isEmpty())
            name = info.fileName();
        result.insert(QStringLiteral("name"), name);
        QFile file(info.filePath());
        if (!info.isFile() || !file.open(QIODevice::ReadOnly))
            return refuse(tr("%1 cannot be read: %2.")
                              .arg(name, info.exists() ? file.errorString() : tr("no such file")));
        size = static_cast<double>(info.size());
        mimeType = mimes().mimeTypeForFileNameAndData(info.fileName(), file.read(4096)).name();
    } else if (auto data = decodeDataUrl(url)) {
        mimeType = data->first;
        size = static_cast<double>(data->second.size());
    } else {
        if (name.isEmpty())
            name = url.fileName();
        result.insert(QStringLiteral("name"), name);
        return refuse(tr("%1 cannot be attached: only files can.")
                          .arg(name.isEmpty() ? url.toDisplayString() : name));
    }
    result.insert(QStringLiteral("mimeType"), mimeType);
    result.insert(QStringLiteral("size"), size);
    const QString shown = name.isEmpty() ? tr("The file") : name;
    const QMimeType type = mimes().mimeTypeForName(mimeType);
    if (!isSupportedImage(mimeType) &&
        !(type.isValid() && type.inherits(QStringLiteral("text/plain"))))
        return refuse(tr("%1 (%2) cannot be attached: only PNG, JPEG, GIF and WebP images and "
                         "text files can.")
                          .arg(shown, type.isValid() && !type.comment().isEmpty()
                                          ? type.comment()
                                          : (mimeType.isEmpty() ? tr("unknown type") : mimeType)));
    if (size > max)
        return refuse(tr("%1 (%2) is larger than %3, the most a file may have.")
                          .arg(shown, formattedSize(size), formattedSize(max)));
    return result;
}

QVariantMap KoderAttachmentHelper::clipboardImage(double max)
{
    const QClipboard* clipboard = QGuiApplication::clipboard();
    const QMimeData* data = clipboard ? clipboard->mimeData() : nullptr;
    if (!data || !data->hasImage() || data->hasText())
        return {};
    const QImage image = qvariant_cast<QImage>(data->imageData());
    if (image.isNull())
        return {};
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        return {};
    const QString name = tr("Pasted image.png");
    QVariantMap result{{QStringLiteral("name"), name},
                       {QStringLiteral("mimeType"), QStringLiteral("image/png")},
                       {QStringLiteral("url"), QString(QLatin1String("data:image/png;base64,") +
                                                       QString::fromLatin1(png.toBase64()))},
                       {QStringLiteral("size"), static_cast<double>(png.size())},
                       {QStringLiteral("error"), QString()}};
    if (static_cast<double>(png.size()) > max)
        result.insert(
            QStringLiteral("error"),
            tr("%1 (%2) is larger than %3, the most a file may have.")
                .arg(name, formattedSize(static_cast<double>(png.size())), formattedSize(max)));
    return result;
}

bool KoderAttachmentHelper::copyImageToClipboard(const QUrl& url)
{
    QClipboard* clipboard = QGuiApplication::clipboard();
    if (!clipboard)
        return false;
    QImage image;
    if (url.isLocalFile())
        image.load(url.toLocalFile());
    else if (auto data = decodeDataUrl(url))
        image.loadFromData(data->second);
    if (image.isNull())
        return false;
    clipboard->setImage(image);
    return true;
}
