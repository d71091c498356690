// SPDX-License-Identifier: MIT
#include "demofiles.h"

#include <QtCore/QDir>
#include <QtCore/QFileInfo>
#include <QtCore/QSaveFile>
#include <QtCore/QStandardPaths>

bool DemoFiles::save(const QUrl& file, const QString& text)
{
    if (!file.isLocalFile()) {
        setErrorString(file.isEmpty() ? tr("No file was chosen.")
                                      : tr("Only a file on this computer can be written: %1")
                                            .arg(file.toDisplayString()));
        return false;
    }
    const QString path = file.toLocalFile();
    const QString name = QFileInfo(path).fileName();
    if (name.isEmpty()) {
        setErrorString(tr("No file name was given."));
        return false;
    }
    const QByteArray contents = text.toUtf8();
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(contents) != contents.size() ||
        !out.commit()) {
        setErrorString(tr("Cannot write %1: %2").arg(name, out.errorString()));
        return false;
    }
    setErrorString(QString());
    return true;
}

QUrl DemoFiles::suggestedFile(const QString& title, const QString& suffix) const
{
    QString name;
    for (const QChar c : title.simplified()) {
        // Left out: what Windows, macOS or Linux refuse in a name, and control characters.
        if (c.category() == QChar::Other_Control || QStringLiteral("/\\:*?\"<>|").contains(c))
            continue;
        name.append(c);
    }
    name = name.simplified();
    if (name.startsWith(QLatin1Char('.')))
        name.remove(0, 1); // no hidden file
    if (name.size() > 60)
        name = name.left(name.at(59).isHighSurrogate() ? 59 : 60).trimmed();
    if (name.isEmpty())
        name = QStringLiteral("conversation");
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    return QUrl::fromLocalFile(QDir(folder).filePath(name + QLatin1Char('.') + suffix));
}

void DemoFiles::setErrorString(const QString& error)
{
    if (m_error == error)
        return;
    m_error = error;
    Q_EMIT errorStringChanged();
}
