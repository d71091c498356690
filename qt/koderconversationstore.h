// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"
#include "koder/agent/outcome.h"
#include "koder/agent/serialization.h"
#include "koder/agent/versions.h"

#include <QtCore/QObject>
#include <QtCore/QStringList>
#include <QtCore/QVariantList>

class QSqlQuery;
class QTimer;

#include <map>
#include <memory>
#include <optional>
#include <vector>

// Conversations in SQLite (Qt SQL). Documented in koderconversationstore.cpp.
class KoderConversationStore : public QObject {
    Q_OBJECT
    // The SQLite file; empty (the default) keeps the conversations in memory.
    Q_PROPERTY(QString path READ path WRITE setPath NOTIFY pathChanged FINAL)
    // True when the database is open and usable.
    Q_PROPERTY(bool ready READ ready NOTIFY readyChanged FINAL)
    // The last problem, or "" when the last operation succeeded.
    Q_PROPERTY(QString error READ error NOTIFY errorChanged FINAL)

public:
    static constexpr int schemaVersion = 7;
    static constexpr std::size_t noRow = static_cast<std::size_t>(-1);

    explicit KoderConversationStore(QObject* parent = nullptr);
    ~KoderConversationStore() override;

    QString path() const { return m_path; }
    void setPath(const QString& path);
    bool ready() const { return m_ready; }
    QString error() const { return m_error; }

    // The stored conversations, newest first: maps of id, title, updatedAt, messageCount,
    // unread, waiting ("reviewingToolCall" while stored tool calls wait for the user, else ""),
    // pinned, archived, folder.
    Q_INVOKABLE QVariantList conversations() const;
    // One conversation's summary (as in conversations()), or an empty map.
    Q_INVOKABLE QVariantMap conversation(const QString& id) const;
    Q_INVOKABLE bool rename(const QString& id, const QString& title);
    Q_INVOKABLE bool remove(const QString& id);
    // Marks a conversation as having news the user has not seen (a reply that finished while
    // it was not shown), or as seen. Leaves its place in the list; emits conversationChanged()
    // when the mark changes. KoderAgentController sets and clears it.
    Q_INVOKABLE bool setUnread(const QString& id, bool unread);
    // Organisation: kept with the conversation, never moving it in the list (updatedAt stays).
    // Emit conversationChanged() when the value changes.
    Q_INVOKABLE bool setPinned(const QString& id, bool pinned);
    Q_INVOKABLE bool setArchived(const QString& id, bool archived);
    // "" takes the conversation out of any folder. Surrounding blanks are dropped.
    Q_INVOKABLE bool setFolder(const QString& id, const QString& folder);
    // The folders in use, sorted (locale-aware), without "".
    Q_INVOKABLE QStringList folders() const;
    // The active path as Markdown, or "" when the conversation does not exist (conversationexport.cpp).
    Q_INVOKABLE QString exportMarkdown(const QString& id) const;
    // The active path as a standalone, safe HTML document, or "" (conversationexport.cpp).
    Q_INVOKABLE QString exportHtml(const QString& id) const;
    // The conversation as JSON (the core's format), or "" when it does not exist.
    Q_INVOKABLE QString exportJson(const QString& id) const;
    // Stores a conversation from JSON; returns its id, or "" with `error` saying which field
    // is wrong. An id that exists already gets a new one.
    Q_INVOKABLE QString importJson(const QString& json);

    /// Writes what `write` says changed, in one transaction, at a cost proportional to the
    /// change: the path rows of `messages` from `write.fromRow` on (stored rows past their end are
    /// dropped), and of the other versions, the ones named in `write.versionsWritten` (read from
    /// `versions`) are written and the ones in `write.versionsDropped` dropped; or, with
    /// `write.allVersions`, every stored other version is replaced by `versions`. Creates the
    /// conversation on first use. `streamingRow` marks a reply still being written (a crash
    /// leaves it marked, and loading reports it as interrupted).
    bool save(const koder::agent::Persist& write,
              const std::vector<koder::agent::Message>& messages,
              const koder::agent::Versions& versions, std::size_t streamingRow = noRow,
              const QString& title = {});
    /// What a conversation keeps beside its messages.
    struct Pending {
        /// What its open tool phase waits for and the tools granted in it.
        koder::agent::ApprovalState approvals;
        /// The messages sent while a turn was open (busy policy "queue").
        std::vector<koder::agent::QueuedMessage> queued;
    };
    /// As above, and `pending` (stored with it; loadConversation() gives it back in
    /// `approvals` and `queued`).
    bool save(const koder::agent::Persist& write,
              const std::vector<koder::agent::Message>& messages,
              const koder::agent::Versions& versions, const Pending& pending,
              std::size_t streamingRow = noRow, const QString& title = {});
    /// Writes the path only (`messages` from `fromRow` on), leaving the other versions as they
    /// are stored: meant for conversations without versions. A row rewritten with the id it had
    /// keeps its version index; any other row written is its parent's first version.
    bool save(const QString& id, const std::vector<koder::agent::Message>& messages,
              std::size_t fromRow, std::size_t streamingRow = noRow, const QString& title = {});
    /// The conversation `id`: its id, title, active path and other versions. nullopt when there
    /// is no such conversation, or when it cannot be read (a row with an unknown role, a damaged
    /// tree: `error` says what); a row whose details are damaged loses them, not the
    /// conversation (its text is kept, `error` says which).
    std::optional<koder::agent::Conversation> loadConversation(const QString& id);
    /// The active path of `id` (as loadConversation()).
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
    // Searches an in-memory database through the store's own connection (no other can see it).
    friend class KoderSearchModel;

    bool open();
    void close();
    /// The database is in memory: no other connection can open it.
    bool inMemory() const;
    /// Folds the rows written since into the search index (conversationsearch.h).
    void updateIndex();
    bool migrate();
    /// Both saves: `tree` null for a path-only one.
    bool writeConversation(const koder::agent::Persist& write,
                           const std::vector<koder::agent::Message>& messages,
                           const koder::agent::Versions* tree, const Pending* pending,
                           std::size_t streamingRow, const QString& title);
    /// setPinned(), setArchived(), setFolder(): one column of the conversation's row.
    bool setMark(const QString& id, const char* column, const QVariant& value);
    bool fail(const QString& message) const;
    void succeed() const;
    qint64 stamp();
    QSqlQuery& prepared(const QString& sql);

    QString m_path;
    QString m_connection;
    bool m_ready = false;
    bool m_utf8 = true; ///< the database's text is UTF-8 (read as bytes)
    mutable QString m_error;
    qint64 m_lastStamp = 0;
    quint64 m_opened = 0; ///< counts opens: a file at the same path may be another file
    QTimer* m_indexTimer;
    std::unique_ptr<std::map<QString, QSqlQuery>> m_prepared; ///< by their SQL
};
