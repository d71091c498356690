// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QAbstractListModel>
#include <QtCore/QList>
#include <QtCore/QString>
#include <QtQml/qqmlregistration.h>

// Markdown split into blocks (Markdown and fenced code) as a list model, so that a view of a
// streaming reply renders only the block that changed. Documented in kodermarkdownblocks.cpp.
class KoderMarkdownBlocks : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString markdown READ markdown WRITE setMarkdown NOTIFY markdownChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

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

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    void markdownChanged();
    void countChanged();

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

    QString m_markdown;
    QList<Block> m_blocks;
};
