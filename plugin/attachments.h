// SPDX-License-Identifier: MIT
// What a message's attachments become on the way to a model: images as bytes (or a URL the
// provider fetches), text files as text, anything else refused before a request is sent.
#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QCoreApplication>
#include <QtCore/QList>
#include <QtCore/QString>
#include <QtCore/QUrl>

#include <string_view>

namespace koder::agent::qt {

/// One attachment ready for a request body.
struct LoadedAttachment {
    enum class Kind { Image, Text };
    Kind kind = Kind::Text;
    QString name;
    QString mimeType;
    QByteArray bytes; ///< an image's bytes (from a file: or data: URL); a text file's UTF-8
    QUrl remoteUrl;   ///< an http(s): image: not fetched here, the provider may take the URL
};

/// Reads the attachments of one message.
class AttachmentLoader {
    Q_DECLARE_TR_FUNCTIONS(KoderAttachments)

public:
    /// `maxBytes` bounds each attachment's size; `remoteImages` says whether the provider takes
    /// an image by its http(s): URL.
    AttachmentLoader(qint64 maxBytes, bool remoteImages)
        : m_maxBytes(maxBytes)
        , m_remoteImages(remoteImages)
    {
    }

    /// The attachments of `json` (JSON text: a list of {name, mimeType, url}; empty for none).
    /// On failure returns false and error() says which attachment and why.
    bool load(std::string_view json, QList<LoadedAttachment>* out);
    /// Checks what load() would refuse without keeping the bytes (send() calls it, so a message
    /// that no model could take never enters the history).
    bool check(std::string_view json);
    QString error() const { return m_error; }

private:
    bool loadOne(const QVariantMap& item, LoadedAttachment* out);
    bool fail(const QString& error);

    qint64 m_maxBytes;
    bool m_remoteImages;
    QString m_error;
};

} // namespace koder::agent::qt
