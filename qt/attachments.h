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
    /// Unavailable: named in the text instead (a file gone since, or never sent from here).
    /// Document: a PDF, for the providers that take one as a file (Responses' `input_file`).
    enum class Kind { Image, Text, Document, Unavailable };
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
    /// an image by its http(s): URL, `documents` whether it takes PDF documents.
    AttachmentLoader(qint64 maxBytes, bool remoteImages, bool documents = false)
        : m_maxBytes(maxBytes)
        , m_remoteImages(remoteImages)
        , m_documents(documents)
    {
    }

    /// The attachments of one message of a request (JSON text: a list of {name, mimeType, url};
    /// empty for none). Never fails: what cannot be sent any more is Unavailable. A `file:` URL
    /// is read only when check() accepted it in this process, so a conversation loaded from
    /// elsewhere (an import, a store written by another program) cannot make the library read
    /// and send a local file the user never attached.
    void load(std::string_view json, QList<LoadedAttachment>* out);
    /// What send() calls: false with error() when an attachment cannot be sent to a model (so a
    /// message no model could take never enters the history); on success the files it names
    /// may be read for later requests.
    bool check(std::string_view json);
    QString error() const { return m_error; }

private:
    bool loadAll(std::string_view json, bool checking, QList<LoadedAttachment>* out);
    bool loadOne(const QVariantMap& item, bool checking, LoadedAttachment* out);
    bool fail(const QString& error);

    qint64 m_maxBytes;
    bool m_remoteImages;
    bool m_documents;
    QString m_error;
};

} // namespace koder::agent::qt
