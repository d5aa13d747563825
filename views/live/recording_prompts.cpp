// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/recording_prompts.h"

#include "util/format.h"
#include "views/live/session.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

namespace numasight {

bool confirmCloseWithRecording(QWidget* parent, Session* session)
{
    const QString path = session->unsavedRecording();
    if (path.isEmpty())
        return true;
    QMessageBox box(QMessageBox::Question, QObject::tr("Unsaved Recording"),
                    QObject::tr("The recording %1 (%2) is only in the cache folder. Save it before quitting?")
                        .arg(QFileInfo(path).fileName(), formatBytes(double(session->recordingBytes()))),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("unsavedRecordingBox"));
    box.setInformativeText(QObject::tr("Discard deletes %1.").arg(path));
    box.setDefaultButton(QMessageBox::Save);
    const int answer = box.exec();
    if (answer == QMessageBox::Discard) {
        session->discardRecording();
        return true;
    }
    if (answer != QMessageBox::Save)
        return false;
    const QString target =
        QFileDialog::getSaveFileName(parent, QObject::tr("Save Recording As"), QFileInfo(path).fileName(),
                                     QObject::tr("numasight captures (*.numasight)"));
    if (target.isEmpty())
        return false;
    session->stopAndWait(); // the file is complete once the recorder has closed it
    QFile::remove(target);
    // A move within one file system; a copy (then the cache's file goes) across two.
    if (!QFile::rename(path, target) && !(QFile::copy(path, target) && QFile::remove(path))) {
        QMessageBox::warning(parent, QObject::tr("Unsaved Recording"),
                             QObject::tr("Cannot write %1; the recording stays in %2.").arg(target, path));
        return false;
    }
    return true;
}

QMessageBox* askPastSizeLimit(QWidget* parent, Session* session, qint64 bytes, qint64 limit)
{
    auto* box = new QMessageBox(
        QMessageBox::Question, QObject::tr("Recording Size Limit"),
        QObject::tr("The recording has reached %1 (the limit is %2) and is paused. Keep recording?")
            .arg(formatBytes(double(bytes)), formatBytes(double(limit))),
        QMessageBox::NoButton, parent);
    box->setObjectName(QStringLiteral("sizeLimitBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(QObject::tr("It is written to %1. Keep Recording asks again at %2.")
                                .arg(session->recordingPath(), formatBytes(double(limit) * 2)));
    QPushButton* keep = box->addButton(QObject::tr("&Keep Recording"), QMessageBox::AcceptRole);
    keep->setObjectName(QStringLiteral("keepRecordingButton"));
    QPushButton* stop = box->addButton(QObject::tr("&Stop"), QMessageBox::RejectRole);
    stop->setObjectName(QStringLiteral("stopRecordingButton"));
    box->setDefaultButton(stop);
    QObject::connect(box, &QMessageBox::buttonClicked, session, [session, keep](QAbstractButton* button) {
        if (button == keep)
            session->keepRecordingPastLimit();
        else
            session->stop();
    });
    box->open();
    return box;
}

} // namespace numasight
