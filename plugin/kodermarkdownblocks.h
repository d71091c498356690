// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QAbstractListModel>
#include <QtCore/QList>
#include <QtCore/QPersistentModelIndex>
#include <QtCore/QPointer>
#include <QtCore/QString>
#include <QtQml/qqmlregistration.h>

// Markdown split into blocks (Markdown and fenced code) as a list model, so that a view of a
// streaming reply renders only the block that changed. The text is set, or read from a row of
// another model as that row changes. Documented in kodermarkdownblocks.cpp.
class KoderMarkdownBlocks : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString markdown READ markdown WRITE setMarkdown NOTIFY markdownChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    Q_PROPERTY(QAbstractItemModel* sourceModel READ sourceModel WRITE setSourceModel NOTIFY
                   sourceModelChanged FINAL)
    Q_PROPERTY(int sourceRow READ sourceRow WRITE setSourceRow NOTIFY sourceRowChanged FINAL)
    Q_PROPERTY(
        QString sourceRole READ sourceRole WRITE setSourceRole NOTIFY sourceRoleChanged FINAL)

public:
    enum Roles {
        KindRole = Qt::UserRole + 1,
        HtmlRole,
        CodeRole,
        LanguageRole,
        SourceRole,
    };
    Q_ENUM(Roles)

    explicit KoderMarkdownBlocks(QObject* parent = nullptr);

    QString markdown() const { return m_markdown; }
    void setMarkdown(const QString& markdown);
    int count() const { return static_cast<int>(m_blocks.size()); }

    QAbstractItemModel* sourceModel() const { return m_source; }
    void setSourceModel(QAbstractItemModel* model);
    int sourceRow() const { return m_sourceRow; }
    void setSourceRow(int row);
    QString sourceRole() const { return m_sourceRole; }
    void setSourceRole(const QString& role);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    void markdownChanged();
    void countChanged();
    void sourceModelChanged();
    void sourceRowChanged();
    void sourceRoleChanged();

private:
    struct Block {
        qsizetype start = 0; ///< where the block starts in m_markdown
        QString source;
        bool code = false;
        QString codeText;
        QString language;
        // Rendered on first read and kept until the source changes.
        mutable QString html;
        mutable bool rendered = false;
    };

    void split(const QString& markdown);
    void resolveRole();
    void resolveRow();
    void readSource();
    void onSourceDataChanged(const QModelIndex& first, const QModelIndex& last,
                             const QList<int>& roles);
    void onSourceRowsChanged();

    QString m_markdown; ///< the text split into m_blocks: the source's, or the one set
    QString m_set;      ///< the text set through setMarkdown(), split when there is no source
    QList<Block> m_blocks;

    QPointer<QAbstractItemModel> m_source;
    int m_sourceRow = -1;
    QString m_sourceRole = QStringLiteral("text");
    int m_sourceRoleId = -1;
    QPersistentModelIndex m_sourceIndex; ///< the row read, followed as rows move
    QList<QMetaObject::Connection> m_sourceConnections;
};
