// SPDX-License-Identifier: MIT
#pragma once

#include "kodertool.h"

#include <QtCore/QObject>
#include <QtQml/QJSValue>
#include <QtQml/qqmlregistration.h>

/// The JS side of KoderTool: its `handler` property (QML_EXTENDED in foreigntypes.h). Setting a
/// function installs an async callable on the tool that calls it with the arguments object and
/// reports what it returns: a value at once, a Promise when it settles, a throw or a rejection
/// as an error. The ToolRunner of the Qt library keeps its rules (one report per call, never
/// from inside run(), none after a cancel or a timeout).
class KoderToolExtension : public QObject {
    Q_OBJECT
    QML_ANONYMOUS
    // function(args) returning the result or a Promise of it (KoderTool::handler in the docs).
    Q_PROPERTY(QJSValue handler READ handler WRITE setHandler NOTIFY handlerChanged FINAL)

public:
    explicit KoderToolExtension(QObject* tool);

    QJSValue handler() const { return m_handler; }
    void setHandler(const QJSValue& handler);

Q_SIGNALS:
    void handlerChanged();

private:
    void call(const QJsonObject& args, const KoderTool::Done& done);

    KoderTool* m_tool;
    QJSValue m_handler;
};

/// The `resolve` / `reject` pair handed to a Promise's then(): reports the settled value once,
/// then goes. (A Promise that never settles keeps its pair until the tool is destroyed; the
/// runner has long reported the call as timed out.)
class KoderPromiseCallbacks : public QObject {
    Q_OBJECT

public:
    KoderPromiseCallbacks(KoderTool::Done done, QObject* parent);
    Q_INVOKABLE void resolve(const QJSValue& value);
    Q_INVOKABLE void reject(const QJSValue& reason);

private:
    KoderTool::Done m_done;
};
