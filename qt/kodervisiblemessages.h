// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QSortFilterProxyModel>

// The messages a chat view shows: a filter over a KoderAgentController's messages by role.
// Documented in kodervisiblemessages.cpp.
class KoderVisibleMessages : public QSortFilterProxyModel {
    Q_OBJECT
    Q_PROPERTY(bool showToolResults READ showToolResults WRITE setShowToolResults NOTIFY
                   showToolResultsChanged FINAL)
    Q_PROPERTY(bool showSystem READ showSystem WRITE setShowSystem NOTIFY showSystemChanged FINAL)
    Q_PROPERTY(bool showCheckpoints READ showCheckpoints WRITE setShowCheckpoints NOTIFY
                   showCheckpointsChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    explicit KoderVisibleMessages(QObject* parent = nullptr);

    bool showToolResults() const { return m_showTool; }
    void setShowToolResults(bool show);
    bool showSystem() const { return m_showSystem; }
    void setShowSystem(bool show);
    bool showCheckpoints() const { return m_showCheckpoints; }
    void setShowCheckpoints(bool show);
    int count() const { return rowCount(); }
    Q_INVOKABLE QVariantMap get(int row) const;
    // The row that shows `messageId`: its own, or for a hidden one the row shown before it.
    Q_INVOKABLE int rowOf(const QString& messageId) const;

Q_SIGNALS:
    void showToolResultsChanged();
    void showSystemChanged();
    void showCheckpointsChanged();
    void countChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    void setFlag(bool& flag, bool value, void (KoderVisibleMessages::*changed)());

    bool m_showTool = true;
    bool m_showSystem = false;
    bool m_showCheckpoints = false;
};
