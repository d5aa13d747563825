// SPDX-License-Identifier: GPL-3.0-or-later
#include "recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace numasight {

namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QObject* parent)
    : QObject(parent)
{
}

QStringList RecentFiles::files() const
{
    QStringList list = QSettings().value(kKey).toStringList();
    list.removeAll(QString());
    return list.mid(0, kMax);
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    store(list.mid(0, kMax));
}

void RecentFiles::remove(const QString& path)
{
    QStringList list = files();
    if (list.removeAll(QFileInfo(path).absoluteFilePath()) > 0)
        store(list);
}

void RecentFiles::clear()
{
    store({});
}

void RecentFiles::store(const QStringList& list)
{
    QSettings settings;
    settings.setValue(kKey, list);
    emit changed();
}

} // namespace numasight
