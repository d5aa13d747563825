// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

namespace numasight {

// Recently opened files in QSettings, most recent first, at most kMax. Files that went missing are kept
// (the UI greys them) until the list is cleared or they fall off the end.
class RecentFiles : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMax = 20; // a week of runs of a few jobs; the menu and the start page scroll

    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const;
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

signals:
    void changed();

private:
    void store(const QStringList& files);
};

} // namespace numasight
