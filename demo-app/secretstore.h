// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QMap>
#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtDBus/QDBusArgument>
#include <QtDBus/QDBusConnection>
#include <QtDBus/QDBusObjectPath>
#include <QtQml/qqmlregistration.h>

#include <functional>
#include <utility>
#include <vector>

class QDBusMessage;

namespace secretservice {

/// The Secret Service's Secret struct, (oayays): session, parameters, value, content type.
struct Secret {
    QDBusObjectPath session;
    QByteArray parameters;
    QByteArray value;
    QString contentType;
};
using Attributes = QMap<QString, QString>;       ///< a{ss}
using SecretMap = QMap<QDBusObjectPath, Secret>; ///< a{o(oayays)}, what GetSecrets returns
inline constexpr char service[] = "org.freedesktop.secrets";
inline constexpr char servicePath[] = "/org/freedesktop/secrets";
inline constexpr char defaultCollection[] = "/org/freedesktop/secrets/aliases/default";
/// Registers the types above with QtDBus (once; any thread).
void registerTypes();

} // namespace secretservice

QDBusArgument& operator<<(QDBusArgument& argument, const secretservice::Secret& secret);
const QDBusArgument& operator>>(const QDBusArgument& argument, secretservice::Secret& secret);
Q_DECLARE_METATYPE(secretservice::Secret)

/*!
    The platform's secret store: the freedesktop Secret Service (GNOME Keyring, KWallet,
    KeePassXC...) over D-Bus, where the demo keeps one API key per provider under the attributes
    {application: "koder-demo", provider: <id>} in the default collection. Secrets travel in a
    "plain" session (the bus is the user's own).

    Everything is asynchronous, with short timeouts: the UI never waits for the store. Without a
    session bus, or with no Secret Service on it, \c state becomes "unavailable" and every request
    fails: the caller keeps the key for the session only (nothing falls back to a file).
*/
class SecretStore : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The demo's settings own the secret store.")
    /*! "checking" (until the Secret Service answered), "available" or "unavailable". */
    Q_PROPERTY(QString state READ state NOTIFY stateChanged FINAL)
    Q_PROPERTY(bool available READ available NOTIFY stateChanged FINAL)
    /*! Why the store is unavailable, as D-Bus said it (not translated); empty otherwise. */
    Q_PROPERTY(QString error READ error NOTIFY stateChanged FINAL)

public:
    /// Milliseconds each D-Bus call may take (a prompt the user answers has no limit).
    static constexpr int timeoutMs = 5000;

    /// On the session bus.
    explicit SecretStore(QObject* parent = nullptr);
    /// On \a bus (tests: a private bus, or one that is not connected).
    explicit SecretStore(const QDBusConnection& bus, QObject* parent = nullptr);

    QString state() const { return m_state; }
    bool available() const { return m_state == QLatin1String("available"); }
    QString error() const { return m_error; }

    /// Reads \a provider's key: found(), with an empty secret when none is kept, or failed().
    void lookup(const QString& provider);
    /// Keeps \a secret as \a provider's key, replacing the one kept: stored() or failed().
    void store(const QString& provider, const QString& secret, const QString& label);
    /// Deletes \a provider's kept key, if any: removed() or failed().
    void remove(const QString& provider);

    static secretservice::Attributes attributes(const QString& provider);

Q_SIGNALS:
    void stateChanged();
    void found(const QString& provider, const QString& secret);
    void stored(const QString& provider);
    void removed(const QString& provider);
    void failed(const QString& provider, const QString& message);

private:
    using Reply = std::function<void(const QDBusMessage&)>;
    using Failure = std::function<void(const QString&)>;

    void setState(const QString& state, const QString& error = {});
    void whenOpen(const QString& provider, std::function<void()> run);
    void call(const QString& path, const char* interface, const char* method,
              const QVariantList& arguments, Reply onReply, Failure onError);
    /// Runs the prompt at \a path (none when "/"); \a done(dismissed).
    void prompt(const QDBusObjectPath& path, std::function<void(bool)> done);
    void search(const QString& provider, std::function<void(const QList<QDBusObjectPath>& unlocked,
                                                            const QList<QDBusObjectPath>& locked)>
                                             done);
    void readSecret(const QString& provider, const QList<QDBusObjectPath>& items);
    void lookupUnlocked(const QString& provider, bool unlockedOnce);
    Failure failure(const QString& provider);

    QDBusConnection m_bus;
    QString m_state = QStringLiteral("checking");
    QString m_error;
    QDBusObjectPath m_session;
    std::vector<std::pair<QString, std::function<void()>>> m_waiting; ///< made while checking
};
