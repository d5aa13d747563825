// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/message_bar.h"

#include <QObject>

#include <functional>

namespace numasight {

// What the panels' export flows (File ▸ Export Graph, File ▸ Export Plot) have in common: an export asked for
// before the panel has what it draws (a tab never seen lays out or builds nothing) waits for it, the panel
// being asked to get it now; and how an export ends is said in words for the window, progress and success in
// its status bar, failure in its message bar. Only the last export asked for waits.
class ExportFlow : public QObject
{
    Q_OBJECT
public:
    void cancel(); // forgets the export waiting
    bool isWaiting() const { return bool(m_pending); }

signals:
    void statusMessage(const QString& text, int timeoutMs);
    void message(const QString& text, numasight::MessageBar::Kind kind);

protected:
    // The export dialog remembers the folder and the format (by name) used last under these QSettings keys.
    ExportFlow(QObject* parent, QString directoryKey, QString formatKey);

    virtual bool isReady() const = 0; // the panel has the picture of what is shown
    virtual void prepare() = 0;       // asks the panel for it now; the flow calls startPending() once there

    // Runs `write` with the absolute `path` now when the panel is ready; else says `preparing` and waits.
    void exportWhenReady(const QString& path, const QString& preparing,
                         std::function<void(const QString&)> write);
    void startPending();
    QString pendingPath() const { return m_pendingPath; }

    QString lastDirectory() const; // the home folder before any export
    QString lastFormatName() const;
    // Keeps the folder of `path` and, when not empty, `formatName`.
    void remember(const QString& path, const QString& formatName) const;

    // Says what `job` wrote ("Exported the graph to …", `what` being "the graph"), or why it could not.
    template <class Job>
    void reportJob(Job* job, const QString& what)
    {
        connect(job, &Job::exported, this, [this, what](const QString& path, qint64 bytes, double seconds) {
            emit statusMessage(exportedText(what, path, bytes, seconds), 8000);
        });
        connect(job, &Job::failed, this,
                [this](const QString& text) { emit message(text, MessageBar::Kind::Error); });
    }

private:
    static QString exportedText(const QString& what, const QString& path, qint64 bytes, double seconds);

    std::function<void(const QString&)> m_pending;
    QString m_pendingPath;
    QString m_directoryKey;
    QString m_formatKey;
};

} // namespace numasight
