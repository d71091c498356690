// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QSortFilterProxyModel>
#include <QtCore/QVariant>
#include <QtQml/qqmlregistration.h>

/*!
    The conversation list narrowed to the titles that contain \c text (any case). Order and live
    updates come from the source model, a KoderConversationListModel.
*/
class ConversationFilter : public QSortFilterProxyModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString text READ text WRITE setText NOTIFY textChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    explicit ConversationFilter(QObject* parent = nullptr);
    QString text() const { return m_text; }
    void setText(const QString& text);
    int count() const { return rowCount(); }
    /// The row as the source's get() gives it: {id, title, updatedAt, messageCount}.
    Q_INVOKABLE QVariant get(int row) const;

Q_SIGNALS:
    void textChanged();
    void countChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_text;
};
