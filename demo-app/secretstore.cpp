// SPDX-License-Identifier: MIT
#include "secretstore.h"

#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtDBus/QDBusMessage>
#include <QtDBus/QDBusMetaType>
#include <QtDBus/QDBusPendingCallWatcher>
#include <QtDBus/QDBusVariant>

#include <memory>

using namespace secretservice;

QDBusArgument& operator<<(QDBusArgument& argument, const Secret& secret)
{
    argument.beginStructure();
    argument << secret.session << secret.parameters << secret.value << secret.contentType;
    argument.endStructure();
    return argument;
}

const QDBusArgument& operator>>(const QDBusArgument& argument, Secret& secret)
{
    argument.beginStructure();
    argument >> secret.session >> secret.parameters >> secret.value >> secret.contentType;
    argument.endStructure();
    return argument;
}

void secretservice::registerTypes()
{
    static const bool once = [] {
        qDBusRegisterMetaType<Secret>();
        qDBusRegisterMetaType<Attributes>();
        qDBusRegisterMetaType<SecretMap>();
        return true;
    }();
    Q_UNUSED(once);
}

namespace {

constexpr char serviceInterface[] = "org.freedesktop.Secret.Service";
constexpr char collectionInterface[] = "org.freedesktop.Secret.Collection";
constexpr char itemInterface[] = "org.freedesktop.Secret.Item";
constexpr char promptInterface[] = "org.freedesktop.Secret.Prompt";

// Waits for one prompt's Completed signal (the user answered the keyring's own dialog).
class PromptWaiter : public QObject {
    Q_OBJECT
public:
    explicit PromptWaiter(std::function<void(bool)> done, QObject* parent)
        : QObject(parent)
        , m_done(std::move(done))
    {
    }

public Q_SLOTS:
    void completed(bool dismissed, const QDBusVariant& result)
    {
        Q_UNUSED(result);
        finish(dismissed);
    }

public:
    void finish(bool dismissed)
    {
        if (!m_done)
            return;
        auto done = std::move(m_done);
        m_done = nullptr;
        deleteLater();
        done(dismissed);
    }

private:
    std::function<void(bool)> m_done;
};

QList<QDBusObjectPath> paths(const QVariant& value)
{
    return qdbus_cast<QList<QDBusObjectPath>>(value);
}

QDBusObjectPath path(const QVariant& value)
{
    return qdbus_cast<QDBusObjectPath>(value);
}

bool noPrompt(const QDBusObjectPath& prompt)
{
    return prompt.path().isEmpty() || prompt.path() == QLatin1String("/");
}

} // namespace

SecretStore::SecretStore(QObject* parent)
    : SecretStore(QDBusConnection::sessionBus(), parent)
{
}

SecretStore::SecretStore(const QDBusConnection& bus, QObject* parent)
    : QObject(parent)
    , m_bus(bus)
{
    registerTypes();
    if (!m_bus.isConnected()) {
        // Said after the constructor, so that a caller connected to stateChanged hears it.
        const QString why = m_bus.lastError().isValid() ? m_bus.lastError().message()
                                                        : QStringLiteral("no D-Bus session bus");
        QTimer::singleShot(0, this, [this, why] {
            setState(QStringLiteral("unavailable"),
                     why.isEmpty() ? QStringLiteral("no D-Bus session bus") : why);
        });
        return;
    }
    // Opening the session is the probe: it fails at once when nobody owns the name and nothing
    // can be activated, and starts a keyring that D-Bus can activate.
    call(
        QLatin1String(servicePath), serviceInterface, "OpenSession",
        {QStringLiteral("plain"), QVariant::fromValue(QDBusVariant(QString()))},
        [this](const QDBusMessage& reply) {
            const QVariantList out = reply.arguments();
            m_session = out.size() == 2 ? path(out.at(1)) : QDBusObjectPath();
            if (m_session.path().isEmpty())
                setState(QStringLiteral("unavailable"),
                         QStringLiteral("OpenSession gave no session"));
            else
                setState(QStringLiteral("available"));
        },
        [this](const QString& message) { setState(QStringLiteral("unavailable"), message); });
}

void SecretStore::setState(const QString& state, const QString& error)
{
    if (m_state == state && m_error == error)
        return;
    m_state = state;
    m_error = error;
    Q_EMIT stateChanged();
    auto waiting = std::move(m_waiting);
    m_waiting.clear();
    for (auto& [provider, run] : waiting) {
        if (available())
            run();
        else
            Q_EMIT failed(provider, m_error);
    }
}

void SecretStore::whenOpen(const QString& provider, std::function<void()> run)
{
    if (m_state == QLatin1String("checking"))
        m_waiting.emplace_back(provider, std::move(run));
    else if (available())
        run();
    else // always asynchronous, like an answer from the bus
        QTimer::singleShot(0, this, [this, provider] { Q_EMIT failed(provider, m_error); });
}

void SecretStore::call(const QString& objectPath, const char* interface, const char* method,
                       const QVariantList& arguments, Reply onReply, Failure onError)
{
    QDBusMessage message = QDBusMessage::createMethodCall(
        QLatin1String(service), objectPath, QLatin1String(interface), QLatin1String(method));
    message.setArguments(arguments);
    auto* watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(message, timeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [onReply = std::move(onReply),
             onError = std::move(onError)](QDBusPendingCallWatcher* finished) {
                finished->deleteLater();
                const QDBusMessage reply = finished->reply();
                if (reply.type() == QDBusMessage::ReplyMessage)
                    onReply(reply);
                else
                    onError(reply.errorName() + QStringLiteral(": ") + reply.errorMessage());
            });
}

SecretStore::Failure SecretStore::failure(const QString& provider)
{
    return [this, provider](const QString& message) { Q_EMIT failed(provider, message); };
}

void SecretStore::prompt(const QDBusObjectPath& promptPath, std::function<void(bool)> done)
{
    if (noPrompt(promptPath)) {
        done(false);
        return;
    }
    auto* waiter = new PromptWaiter(std::move(done), this);
    m_bus.connect(QLatin1String(service), promptPath.path(), QLatin1String(promptInterface),
                  QStringLiteral("Completed"), waiter, SLOT(completed(bool, QDBusVariant)));
    QPointer<PromptWaiter> guard(waiter);
    call(
        promptPath.path(), promptInterface, "Prompt", {QString()}, [](const QDBusMessage&) {},
        [guard](const QString&) {
            if (guard)
                guard->finish(true);
        });
}

secretservice::Attributes SecretStore::attributes(const QString& provider)
{
    return {{QStringLiteral("application"), QStringLiteral("koder-demo")},
            {QStringLiteral("provider"), provider}};
}

void SecretStore::search(const QString& provider,
                         std::function<void(const QList<QDBusObjectPath>& unlocked,
                                            const QList<QDBusObjectPath>& locked)>
                             done)
{
    call(
        QLatin1String(servicePath), serviceInterface, "SearchItems",
        {QVariant::fromValue(attributes(provider))},
        [done = std::move(done)](const QDBusMessage& reply) {
            const QVariantList out = reply.arguments();
            if (out.size() == 2)
                done(paths(out.at(0)), paths(out.at(1)));
            else
                done({}, {});
        },
        failure(provider));
}

void SecretStore::lookup(const QString& provider)
{
    whenOpen(provider, [this, provider] { lookupUnlocked(provider, false); });
}

void SecretStore::lookupUnlocked(const QString& provider, bool unlockedOnce)
{
    search(provider, [this, provider, unlockedOnce](const QList<QDBusObjectPath>& unlocked,
                                                    const QList<QDBusObjectPath>& locked) {
        if (!unlocked.isEmpty() || locked.isEmpty() || unlockedOnce) {
            readSecret(provider, unlocked);
            return;
        }
        // Kept in a locked collection: ask the keyring to unlock it (it may ask the user).
        call(
            QLatin1String(servicePath), serviceInterface, "Unlock", {QVariant::fromValue(locked)},
            [this, provider](const QDBusMessage& reply) {
                const QVariantList out = reply.arguments();
                prompt(out.size() == 2 ? path(out.at(1)) : QDBusObjectPath(),
                       [this, provider](bool dismissed) {
                           if (dismissed)
                               Q_EMIT failed(provider, QStringLiteral("the keyring stayed locked"));
                           else
                               lookupUnlocked(provider, true);
                       });
            },
            failure(provider));
    });
}

void SecretStore::readSecret(const QString& provider, const QList<QDBusObjectPath>& items)
{
    if (items.isEmpty()) {
        Q_EMIT found(provider, QString());
        return;
    }
    call(
        QLatin1String(servicePath), serviceInterface, "GetSecrets",
        {QVariant::fromValue(items), QVariant::fromValue(m_session)},
        [this, provider, first = items.constFirst()](const QDBusMessage& reply) {
            const QVariantList out = reply.arguments();
            const SecretMap secrets =
                out.isEmpty() ? SecretMap() : qdbus_cast<SecretMap>(out.constFirst());
            const auto it = secrets.constFind(first);
            const Secret secret =
                it != secrets.cend() ? *it : (secrets.isEmpty() ? Secret() : secrets.first());
            Q_EMIT found(provider, QString::fromUtf8(secret.value));
        },
        failure(provider));
}

void SecretStore::store(const QString& provider, const QString& secret, const QString& label)
{
    whenOpen(provider, [this, provider, secret, label] {
        const QVariantMap properties{{QStringLiteral("org.freedesktop.Secret.Item.Label"), label},
                                     {QStringLiteral("org.freedesktop.Secret.Item.Attributes"),
                                      QVariant::fromValue(attributes(provider))}};
        const Secret value{
            m_session, {}, secret.toUtf8(), QStringLiteral("text/plain; charset=utf8")};
        call(
            QLatin1String(defaultCollection), collectionInterface, "CreateItem",
            {properties, QVariant::fromValue(value), true},
            [this, provider](const QDBusMessage& reply) {
                const QVariantList out = reply.arguments();
                prompt(out.size() == 2 ? path(out.at(1)) : QDBusObjectPath(),
                       [this, provider](bool dismissed) {
                           if (dismissed)
                               Q_EMIT failed(provider, QStringLiteral("the keyring said no"));
                           else
                               Q_EMIT stored(provider);
                       });
            },
            failure(provider));
    });
}

void SecretStore::remove(const QString& provider)
{
    whenOpen(provider, [this, provider] {
        search(provider, [this, provider](const QList<QDBusObjectPath>& unlocked,
                                          const QList<QDBusObjectPath>& locked) {
            const QList<QDBusObjectPath> items = unlocked + locked;
            if (items.isEmpty()) {
                Q_EMIT removed(provider);
                return;
            }
            auto left = std::make_shared<qsizetype>(items.size());
            auto failedOnce = std::make_shared<bool>(false);
            for (const QDBusObjectPath& item : items) {
                const auto one = [this, provider, left, failedOnce](bool ok,
                                                                    const QString& message) {
                    if (!ok && !*failedOnce) {
                        *failedOnce = true;
                        Q_EMIT failed(provider, message);
                    }
                    if (--*left == 0 && !*failedOnce)
                        Q_EMIT removed(provider);
                };
                call(
                    item.path(), itemInterface, "Delete", {},
                    [this, one](const QDBusMessage& reply) {
                        const QVariantList out = reply.arguments();
                        prompt(out.isEmpty() ? QDBusObjectPath() : path(out.constFirst()),
                               [one](bool dismissed) {
                                   one(!dismissed, QStringLiteral("the keyring said no"));
                               });
                    },
                    [one](const QString& message) { one(false, message); });
            }
        });
    });
}

#include "secretstore.moc"
