// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QObject>
#include <QtQml/QQmlListProperty>
#include <QtQml/qqmlregistration.h>

class KoderAgentController;
class KoderMcpServer;
class KoderTool;

/// What KoderAgentController has in QML only: `tools`, its default property, so that
/// `KoderAgentController { KoderTool { ... } }` and `tools: [a, b]` work. A QML extension object
/// (QML_EXTENDED in foreigntypes.h): QML creates one per controller, as its child, and reads the
/// property here; the list itself is the controller's (toolList(), addTool(), clearTools()).
class KoderAgentControllerExtension : public QObject {
    Q_OBJECT
    QML_ANONYMOUS
    // Qt 6.4 reads the default property of an extended type from its extension too (see
    // tst_controller.qml, test_toolsIsTheDefaultProperty).
    Q_CLASSINFO("DefaultProperty", "tools")
    // The tools the model may call (KoderTool), the default property; assigning a JS array
    // replaces the list. A tool is not owned; it leaves the list when it is destroyed.
    Q_PROPERTY(QQmlListProperty<KoderTool> tools READ tools NOTIFY toolsChanged FINAL)
    // The MCP servers whose tools join the app's (KoderMcpServer); not owned.
    Q_PROPERTY(
        QQmlListProperty<KoderMcpServer> mcpServers READ mcpServers NOTIFY mcpServersChanged FINAL)

public:
    explicit KoderAgentControllerExtension(QObject* controller);

    QQmlListProperty<KoderTool> tools();
    QQmlListProperty<KoderMcpServer> mcpServers();

Q_SIGNALS:
    void toolsChanged();
    void mcpServersChanged();

private:
    static void append(QQmlListProperty<KoderTool>* list, KoderTool* tool);
    static qsizetype count(QQmlListProperty<KoderTool>* list);
    static KoderTool* at(QQmlListProperty<KoderTool>* list, qsizetype index);
    static void clear(QQmlListProperty<KoderTool>* list);

    KoderAgentController* m_controller;
};
