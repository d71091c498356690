// SPDX-License-Identifier: MIT
// The fixture of the tst_controller_* tests: a KoderAgentController per test function with
// QAbstractItemModelTester watching its message model, its lifecycle signals recorded in order,
// and the transports and tools a test gives it.
#pragma once

#include "koderagentcontroller.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "kodertool.h"
#include "scriptedtransport.h"

#include <QtCore/QStringList>
#include <QtTest/QAbstractItemModelTester>

#include <memory>

// Derived test classes call setUp() from their init() and tearDown() from their cleanup().
class ControllerTest : public QObject {
protected:
    std::unique_ptr<KoderAgentController> agent;
    std::unique_ptr<QAbstractItemModelTester> tester;
    QStringList events; // lifecycle signals in emission order

    void setUp()
    {
        agent = std::make_unique<KoderAgentController>();
        agent->setEnvironment(koder::agent::Environment::deterministic());
        tester = std::make_unique<QAbstractItemModelTester>(
            agent->messages(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        record();
    }

    void tearDown()
    {
        tester.reset();
        agent.reset();
    }

    void record()
    {
        events.clear();
        auto* a = agent.get();
        connect(a, &KoderAgentController::userMessage, this,
                [this] { events << QStringLiteral("userMessage"); });
        connect(a, &KoderAgentController::streamStart, this,
                [this] { events << QStringLiteral("streamStart"); });
        connect(a, &KoderAgentController::streamToken, this, [this] {
            if (events.isEmpty() || events.last() != QStringLiteral("streamToken"))
                events << QStringLiteral("streamToken"); // many tokens read as one entry
        });
        connect(a, &KoderAgentController::toolCall, this,
                [this] { events << QStringLiteral("toolCall"); });
        connect(a, &KoderAgentController::streamEnd, this,
                [this] { events << QStringLiteral("streamEnd"); });
        connect(a, &KoderAgentController::error, this,
                [this] { events << QStringLiteral("error"); });
        connect(a, &KoderAgentController::aborted, this,
                [this] { events << QStringLiteral("aborted"); });
    }

    KoderLocalAgent* useLocalAgent(const QString& reply)
    {
        auto* local = new KoderLocalAgent(agent.get());
        local->setReply(reply);
        agent->setTransport(local);
        return local;
    }

    ScriptedTransport* useScripted()
    {
        auto* t = new ScriptedTransport(agent.get());
        agent->setTransport(t);
        return t;
    }

    KoderTool* addTool(const QString& name, bool readOnly, KoderTool::Callable fn,
                       int timeoutMs = 30'000)
    {
        auto* tool = new KoderTool(agent.get());
        tool->setName(name);
        tool->setReadOnly(readOnly);
        tool->setTimeoutMs(timeoutMs);
        tool->setCallable(std::move(fn));
        agent->addTool(tool);
        return tool;
    }

    QString text(int row) const
    {
        return agent->messages()
            ->data(agent->messages()->index(row), KoderMessageModel::TextRole)
            .toString();
    }
    QString lastText() const { return text(agent->messages()->count() - 1); }
};
