// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"

#include <QtCore/QObject>
#include <QtCore/QVariantList>

#include <optional>
#include <vector>

/*!
    \qmltype KoderConversationStore
    \inqmlmodule Koder.Agent
    \brief Conversations in SQLite (Qt SQL): every message field, titles, crash-safe replies.

    \qml
    KoderAgentController {
        store: KoderConversationStore { path: StandardPaths.writableLocation(
                                             StandardPaths.AppDataLocation) + "/chats.sqlite" }
    }
    \endqml

    An empty \l path keeps everything in memory. The schema is versioned (PRAGMA user_version) and
    migrated forward on open; a database written by a newer version is refused, never touched.
    File databases use WAL; every write is one transaction. Problems (a corrupt or locked file, a
    full disk, a newer schema) are reported in \l error and through \c failed, never by a crash;
    nothing already stored is lost.
*/
class KoderConversationStore : public QObject {
    Q_OBJECT
    /*! The SQLite file; empty (the default) keeps the conversations in memory. */
    Q_PROPERTY(QString path READ path WRITE setPath NOTIFY pathChanged FINAL)
    /*! True when the database is open and usable. */
    Q_PROPERTY(bool ready READ ready NOTIFY readyChanged FINAL)
    /*! The last problem, or "" when the last operation succeeded. */
    Q_PROPERTY(QString error READ error NOTIFY errorChanged FINAL)

public:
    static constexpr int schemaVersion = 2;

    explicit KoderConversationStore(QObject* parent = nullptr);
    ~KoderConversationStore() override;

    QString path() const { return m_path; }
    void setPath(const QString& path);
    bool ready() const { return m_ready; }
    QString error() const { return m_error; }

    /*! The stored conversations, newest first: maps of id, title, updatedAt, messageCount. */
    Q_INVOKABLE QVariantList conversations() const;
    /*! One conversation's summary (as in conversations()), or an empty map. */
    Q_INVOKABLE QVariantMap conversation(const QString& id) const;
    Q_INVOKABLE bool rename(const QString& id, const QString& title);
    Q_INVOKABLE bool remove(const QString& id);
    /*! The conversation as JSON (the core's format), or "" when it does not exist. */
    Q_INVOKABLE QString exportJson(const QString& id) const;
    /*! Stores a conversation from JSON; returns its id, or "" with \l error saying which field
        is wrong. An id that exists already gets a new one. */
    Q_INVOKABLE QString importJson(const QString& json);

    /// Writes `messages` from `fromRow` on and drops stored rows past their end, in one
    /// transaction; creates the conversation on first use. `streamingRow` marks a reply still
    /// being written (a crash leaves it marked, and load() reports it as interrupted).
    bool save(const QString& id, const std::vector<koder::agent::Message>& messages,
              std::size_t fromRow, std::size_t streamingRow = static_cast<std::size_t>(-1),
              const QString& title = {});
    /// The messages of `id`; nullopt when there is no such conversation (or on an error).
    std::optional<std::vector<koder::agent::Message>> load(const QString& id);
    bool contains(const QString& id) const;

Q_SIGNALS:
    void pathChanged();
    void readyChanged();
    void errorChanged();
    /// Something went wrong; `message` says what (also in `error`).
    void failed(const QString& message);
    /// A conversation was created, written, renamed or branched.
    void conversationChanged(const QString& id);
    void conversationRemoved(const QString& id);

private:
    bool open();
    void close();
    bool migrate();
    bool fail(const QString& message) const;
    void succeed() const;
    qint64 stamp();

    QString m_path;
    QString m_connection;
    bool m_ready = false;
    mutable QString m_error;
    qint64 m_lastStamp = 0;
};
