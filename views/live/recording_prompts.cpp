// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/recording_prompts.h"

#include "util/format.h"
#include "views/live/record_dialog.h"
#include "views/live/session.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>

#include <algorithm>

namespace numasight {

namespace {

// Copies in slices with a progress dialog, so that a recording of gigabytes neither freezes the window nor
// ends as half a file: a short write (a full disk) or Cancel removes the copy.
bool copyWithProgress(QWidget* parent, const QString& from, const QString& to, QString* error)
{
    QFile in(from);
    QFile out(to);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = in.errorString();
        return false;
    }
    if (!out.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
        *error = out.errorString();
        return false;
    }
    QProgressDialog progress(QObject::tr("Saving the recording to %1…").arg(to), QObject::tr("Cancel"), 0,
                             1000, parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(500);
    const qint64 total = std::max<qint64>(1, in.size());
    constexpr qint64 kSlice = 4 * 1024 * 1024;
    qint64 done = 0;
    bool ok = true;
    while (ok && !in.atEnd()) {
        const QByteArray slice = in.read(kSlice);
        ok = !slice.isEmpty() && out.write(slice) == slice.size();
        if (!ok)
            *error = out.error() != QFileDevice::NoError ? out.errorString() : in.errorString();
        done += slice.size();
        progress.setValue(int(done * 1000 / total));
        if (progress.wasCanceled()) {
            *error = QObject::tr("cancelled");
            ok = false;
        }
    }
    if (ok && !out.flush()) {
        *error = out.errorString();
        ok = false;
    }
    out.close();
    if (!ok)
        out.remove();
    return ok;
}

} // namespace

bool moveRecording(QWidget* parent, const QString& path, const QString& target, QString* error)
{
    const QString part = target + QStringLiteral(".part");
    QFile::remove(part);
    const bool renamed = QFile::rename(path, part); // one file system: instant
    if (!renamed && !copyWithProgress(parent, path, part, error))
        return false;
    if (QFileInfo::exists(target) && !QFile::remove(target)) {
        *error = QObject::tr("the existing file cannot be replaced");
        if (renamed)
            QFile::rename(part, path);
        else
            QFile::remove(part);
        return false;
    }
    if (!QFile::rename(part, target)) {
        *error = QObject::tr("the saved copy is %1").arg(part);
        return false;
    }
    if (!renamed)
        for (const QString& file : RecordDialog::recordingFiles(path))
            QFile::remove(file);
    return true;
}

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
    if (QFileInfo(target).absoluteFilePath() == QFileInfo(path).absoluteFilePath())
        return true; // kept where it is; the Record dialog offers it for deletion on a later run
    QString error;
    if (!moveRecording(parent, path, target, &error)) {
        QMessageBox::warning(
            parent, QObject::tr("Unsaved Recording"),
            QObject::tr("Cannot save %1: %2. The recording stays in %3.").arg(target, error, path));
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
    box->setInformativeText(
        QObject::tr("It is written to %1. Keep Recording asks again at %2.")
            .arg(session->recordingPath(), formatBytes(double(Session::nextSizeLimit(limit, bytes)))));
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
    // Resume or Stop in the window answers it too; a later click must not act on a recording that went on.
    QObject::connect(session, &Session::sizeLimitAnswered, box, &QMessageBox::close);
    box->open();
    return box;
}

} // namespace numasight
