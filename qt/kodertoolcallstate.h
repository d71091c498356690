// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/toolcallstatus.h"
#include "koderagentcontroller.h"

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QString>
#include <QtCore/QVariant>

#include <string>

class QModelIndex;

// Where one tool call of a KoderAgentController stands (pending, running, done, error, denied)
// and its result, kept up to date: the core's toolCallProgress() as properties, for a view's tool
// card. Documented in kodertoolcallstate.cpp.
class KoderToolCallState : public QObject {
    Q_OBJECT
    Q_PROPERTY(KoderAgentController* controller READ controller WRITE setController NOTIFY
                   controllerChanged FINAL)
    Q_PROPERTY(QString callId READ callId WRITE setCallId NOTIFY callIdChanged FINAL)
    Q_PROPERTY(QString messageId READ messageId WRITE setMessageId NOTIFY messageIdChanged FINAL)
    Q_PROPERTY(QString status READ status NOTIFY statusChanged FINAL)
    Q_PROPERTY(QVariant result READ result NOTIFY resultChanged FINAL)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged FINAL)
    Q_PROPERTY(double total READ total NOTIFY progressChanged FINAL)
    Q_PROPERTY(QString progressMessage READ progressMessage NOTIFY progressChanged FINAL)

public:
    explicit KoderToolCallState(QObject* parent = nullptr);
    ~KoderToolCallState() override;

    KoderAgentController* controller() const { return m_controller; }
    void setController(KoderAgentController* controller);
    QString callId() const { return m_callId; }
    void setCallId(const QString& callId);
    QString messageId() const { return m_messageId; }
    void setMessageId(const QString& messageId);
    QString status() const;
    QVariant result() const { return m_result; }
    double progress() const { return m_progressValue; }
    double total() const { return m_total; }
    QString progressMessage() const { return m_progressMessage; }

Q_SIGNALS:
    void controllerChanged();
    void callIdChanged();
    void messageIdChanged();
    void statusChanged();
    void resultChanged();
    void progressChanged();

private:
    void onControllerDestroyed();
    void onDataChanged(const QModelIndex& first, const QModelIndex& last, const QList<int>& roles);
    void onRowsChanged(int first);
    void onReplaced();
    void update();

    QPointer<KoderAgentController> m_controller;
    QString m_callId;
    std::string m_id; ///< m_callId in UTF-8, converted once for the core
    QString m_messageId;
    std::string m_askedBy; ///< m_messageId in UTF-8
    koder::agent::ToolCallProgress m_progress;
    QVariant m_result;
    double m_progressValue = -1; ///< -1: no progress reported
    double m_total = -1;         ///< -1: no total reported
    QString m_progressMessage;
    /// The result row may hold another message than when m_result was read (rows removed, a
    /// reset, a new controller): read it again even if the row number did not change.
    bool m_resultStale = true;
};
