// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QObject>
#include <QtQml/qqmlregistration.h>

/*!
    Where the demo's writing tool, save_note, writes: one Markdown file, each note appended
    with its time. Written through QSaveFile, so a failed write leaves the old file whole.
*/
class NoteBook : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString path READ path WRITE setPath NOTIFY pathChanged FINAL)

public:
    explicit NoteBook(QObject* parent = nullptr)
        : QObject(parent)
    {
    }
    explicit NoteBook(QString path, QObject* parent = nullptr);
    QString path() const { return m_path; }
    void setPath(const QString& path);

    /// Appends \a text; returns a sentence for the model, or throws a JS error on failure.
    Q_INVOKABLE QString save(const QString& text);

Q_SIGNALS:
    void pathChanged();

private:
    QString m_path;
};
