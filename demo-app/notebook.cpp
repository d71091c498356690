// SPDX-License-Identifier: MIT
#include "notebook.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QSaveFile>
#include <QtQml/QJSEngine>

NoteBook::NoteBook(QString path, QObject* parent)
    : QObject(parent)
    , m_path(std::move(path))
{
}

void NoteBook::setPath(const QString& path)
{
    if (m_path == path)
        return;
    m_path = path;
    Q_EMIT pathChanged();
}

QString NoteBook::save(const QString& text)
{
    auto failure = [this](const QString& why) {
        if (QJSEngine* engine = qjsEngine(this))
            engine->throwError(why); // the tool call ends as an error result the model sees
        return QString();
    };
    if (m_path.isEmpty())
        return failure(tr("No notes file is set."));
    // What the model reads (and may repeat to the user) names the file, not where the user's
    // data lives.
    const QString name = QFileInfo(m_path).fileName();
    if (text.trimmed().isEmpty())
        return failure(tr("There is nothing to save: the note is empty."));
    QByteArray contents;
    if (QFile old(m_path); old.exists()) {
        if (!old.open(QIODevice::ReadOnly))
            return failure(tr("Cannot read your notes file %1: %2").arg(name, old.errorString()));
        contents = old.readAll();
    }
    contents += "## " + QDateTime::currentDateTime().toString(Qt::ISODate).toUtf8() + "\n\n" +
                text.trimmed().toUtf8() + "\n\n";
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size() ||
        !file.commit())
        return failure(tr("Cannot write your notes file %1: %2").arg(name, file.errorString()));
    return tr("Saved the note in your notes file (%1).").arg(name);
}
