// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/save_job.h"

#include "capture/capture_writer.h"
#include "report/output_file.h"

#include <QFile>

namespace numasight {

QString copyFileAtomically(const QString& from, const QString& to)
{
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly))
        return QObject::tr("%1: cannot read: %2").arg(from, in.errorString());
    // Every write, the sync and the rename checked: a full disk must leave the old file, not half of a new
    // one.
    OutputFile out(to);
    if (!out.open())
        return out.errorString();
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    for (;;) {
        const qint64 n = in.read(buffer.data(), buffer.size());
        if (n < 0)
            return QObject::tr("%1: cannot read: %2").arg(from, in.errorString());
        if (n == 0)
            break;
        if (!out.write(buffer.constData(), n))
            return out.errorString();
    }
    if (!out.commit())
        return out.errorString();
    return {};
}

SaveJob::SaveJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-save"), 1, parent, Order::EveryJob)
{
}

void SaveJob::start(CapturePtr capture, const QString& sourceFile, const QString& target)
{
    run(
        [capture = std::move(capture), sourceFile, target](const Progress&) {
            if (!sourceFile.isEmpty())
                return copyFileAtomically(sourceFile, target);
            if (!capture)
                return tr("nothing to save");
            const auto e = writeCaptureFile(*capture, target);
            return e ? e->toString() : QString();
        },
        [this, target](const QString& error) {
            if (error.isEmpty())
                emit saved(target);
            else
                emit failed(error);
        });
}

} // namespace numasight
