// SPDX-License-Identifier: MIT
// Questions from the agent through the Qt library alone (no QML engine): KoderAskUserTool asks,
// the controller signals the question before the status that disables the input and announces
// it, an answer given as a map or as JSON text is checked and answered, a refusal keeps it
// waiting, and after a restart the store lists the conversation as awaiting input before it is
// opened, and opening it lets the answer resume the reply.
#include "koderagentcontroller.h"
#include "koderaskusertool.h"
#include "koderconversationlistmodel.h"
#include "koderconversationstore.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "storetest.h"

#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

class TstQuestions : public StoreTest {
    Q_OBJECT

    // A controller whose offline agent asks `arguments` with the ask_user tool.
    static void setUp(KoderAgentController& agent, const QVariantMap& arguments)
    {
        auto* local = new KoderLocalAgent(&agent);
        local->setReply(QStringLiteral("Thanks."));
        local->setToolCalls({QVariantMap{{QStringLiteral("name"), QStringLiteral("ask_user")},
                                         {QStringLiteral("arguments"), arguments}}});
        agent.setTransport(local);
        agent.addTool(new KoderAskUserTool(&agent));
    }
    static QVariantMap colours()
    {
        return {
            {QStringLiteral("question"), QStringLiteral("Which colours?")},
            {QStringLiteral("options"), QStringList{QStringLiteral("Red"), QStringLiteral("Blue")}},
            {QStringLiteral("multiple"), true}};
    }
    static QString firstId(const KoderAgentController& agent)
    {
        return agent.pendingInputs().value(0).toMap().value(QStringLiteral("id")).toString();
    }
    static QString lastToolText(const KoderAgentController& agent)
    {
        for (int row = agent.messages()->count() - 1; row >= 0; --row) {
            const QVariantMap m = agent.messages()->get(row);
            if (m.value(QStringLiteral("role")).toString() == QStringLiteral("tool"))
                return m.value(QStringLiteral("text")).toString();
        }
        return {};
    }

private Q_SLOTS:
    void theQuestionComesBeforeTheStatusAndIsAnnounced()
    {
        KoderAgentController agent;
        setUp(agent, colours());
        QStringList order;
        connect(&agent, &KoderAgentController::pendingInputsChanged, this,
                [&] { order << QStringLiteral("inputs"); });
        connect(&agent, &KoderAgentController::statusChanged, this,
                [&] { order << agent.status(); });
        QList<Koder::AnnouncementKind> heard;
        connect(&agent, &KoderAgentController::announcement, this,
                [&](Koder::AnnouncementKind kind, Koder::Politeness politeness) {
                    if (kind == Koder::AnnouncementKind::InputNeeded)
                        QCOMPARE(politeness, Koder::Politeness::Assertive);
                    heard << kind;
                });
        QVERIFY(agent.send(QStringLiteral("paint")));
        QTRY_COMPARE(agent.status(), QStringLiteral("awaitingInput"));
        QCOMPARE(agent.statusValue(), Koder::Status::AwaitingInput);
        QVERIFY(order.contains(QStringLiteral("inputs")));
        QVERIFY(order.indexOf(QStringLiteral("inputs")) < order.indexOf(agent.status()));
        QVERIFY(heard.contains(Koder::AnnouncementKind::InputNeeded));
        const QVariantMap input = agent.pendingInputs().value(0).toMap();
        QCOMPARE(input.value(QStringLiteral("message")).toString(),
                 QStringLiteral("Which colours?"));
        QCOMPARE(input.value(QStringLiteral("fields")).toStringList(),
                 QStringList{QStringLiteral("answer")});
    }

    void anAnswerAsAMapOrAsJsonTextIsCheckedAndAnswered()
    {
        KoderAgentController agent;
        setUp(agent, colours());
        QSignalSpy rejected(&agent, &KoderAgentController::rejected);
        QSignalSpy ended(&agent, &KoderAgentController::streamEnd);
        agent.send(QStringLiteral("paint"));
        QTRY_COMPARE(agent.status(), QStringLiteral("awaitingInput"));
        const QString id = firstId(agent);

        const QVariantMap none{{QStringLiteral("answer"), QStringList{}}};
        const QVariantMap problem = agent.checkInputAnswer(id, none);
        QCOMPARE(problem.value(QStringLiteral("code")).toString(), QStringLiteral("minItems"));
        QCOMPARE(problem.value(QStringLiteral("field")).toString(), QStringLiteral("answer"));
        QCOMPARE(problem.value(QStringLiteral("limit")).toInt(), 1);
        QVERIFY(!agent.answerInput(id, none));
        QCOMPARE(rejected.size(), 1);
        QCOMPARE(rejected.at(0).at(0).toString(), QStringLiteral("answerInput"));
        QCOMPARE(agent.status(), QStringLiteral("awaitingInput"));
        QVERIFY(!agent.answerInput(id, QStringLiteral("{not json")));
        QCOMPARE(rejected.size(), 2);

        QVERIFY(
            agent.checkInputAnswer(id, QStringLiteral(R"({"answer":["Blue","Red"]})")).isEmpty());
        QVERIFY(agent.answerInput(id, QStringLiteral(R"({"answer":["Blue","Red"]})")));
        QVERIFY(ended.wait());
        QCOMPARE(lastToolText(agent), QStringLiteral("Blue, Red"));
        QVERIFY(agent.pendingInputs().isEmpty());
        QVERIFY2(!agent.declineInput(id), "nothing waits any more");
    }

    void aWaitingQuestionIsListedAfterARestartAndResumesWhenAnswered()
    {
        const QString path = file(QStringLiteral("questions.sqlite"));
        QString waiting;
        {
            KoderConversationStore store;
            store.setPath(path);
            KoderAgentController agent;
            agent.setStore(&store);
            setUp(agent, {{QStringLiteral("question"), QStringLiteral("Your name?")}});
            agent.send(QStringLiteral("hi"));
            QTRY_COMPARE(agent.status(), QStringLiteral("awaitingInput"));
            waiting = agent.conversationId();
        } // the app quits with the question waiting

        KoderConversationStore store;
        store.setPath(path);
        QVERIFY(store.ready());
        QCOMPARE(store.conversation(waiting).value(QStringLiteral("waiting")).toString(),
                 QStringLiteral("awaitingInput"));
        KoderConversationListModel list;
        list.setStore(&store);
        QCOMPARE(list.count(), 1);
        QCOMPARE(list.data(list.index(0), KoderConversationListModel::StatusRole).toString(),
                 QStringLiteral("awaitingInput"));

        KoderAgentController agent;
        agent.setStore(&store);
        setUp(agent, {});
        agent.setConversationId(waiting);
        QCOMPARE(agent.status(), QStringLiteral("awaitingInput"));
        QCOMPARE(agent.pendingInputs().value(0).toMap().value(QStringLiteral("message")).toString(),
                 QStringLiteral("Your name?"));
        QSignalSpy ended(&agent, &KoderAgentController::streamEnd);
        QVERIFY(agent.answerInput(firstId(agent),
                                  QVariantMap{{QStringLiteral("answer"), QStringLiteral("Ada")}}));
        QVERIFY(ended.wait());
        QCOMPARE(lastToolText(agent), QStringLiteral("Ada"));
        QCOMPARE(agent.status(), QStringLiteral("idle"));
        QCOMPARE(store.conversation(waiting).value(QStringLiteral("waiting")).toString(),
                 QString());
    }
};

QTEST_GUILESS_MAIN(TstQuestions)
#include "tst_questions.moc"
