// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QObject>
#include <QtCore/QUrl>
#include <QtQml/qqmlregistration.h>

/*!
    Writes what the demo exports (a conversation as Markdown or HTML) to the file the user
    chose, and suggests a file name from a conversation's title. QML cannot write files itself;
    this is the one place the demo does. Writes go through QSaveFile: a failed write leaves the
    old file whole, and errorString says why in words for the user.
*/
class DemoFiles : public QObject {
    Q_OBJECT
    QML_ELEMENT
    /*! Why the last save() failed, for the user; "" after a save that worked. */
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged FINAL)

public:
    explicit DemoFiles(QObject* parent = nullptr)
        : QObject(parent)
    {
    }
    QString errorString() const { return m_error; }

    /// Writes \a text as UTF-8 to the local file \a file (replacing it). False on failure, with
    /// errorString saying why.
    Q_INVOKABLE bool save(const QUrl& file, const QString& text);
    /// A file for a conversation titled \a title with the extension \a suffix ("md", "html")
    /// in the user's documents folder (else the home folder): the title with the characters
    /// file systems refuse left out, "conversation" when nothing is left.
    Q_INVOKABLE QUrl suggestedFile(const QString& title, const QString& suffix) const;

Q_SIGNALS:
    void errorStringChanged();

private:
    void setErrorString(const QString& error);

    QString m_error;
};
