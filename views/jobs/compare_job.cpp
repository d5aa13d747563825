// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/compare_job.h"

#include "advice/capture_diff.h"

#include <exception>

namespace numasight {

namespace {

struct Compared
{
    CaptureDiffPtr diff;
    QString error; // when there is no diff
};

} // namespace

CompareJob::CompareJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-compare"), 1, parent)
{
    qRegisterMetaType<CaptureDiffPtr>();
}

quint64 CompareJob::start(CapturePtr a, CapturePtr b, const QString& labelA, const QString& labelB)
{
    return run(
        [a = std::move(a), b = std::move(b), labelA, labelB](const Progress&) {
            Compared out;
            try {
                if (!a || !b || a->snapshots.empty() || b->snapshots.empty())
                    out.error = tr("Nothing to compare: both captures need a snapshot.");
                else if (!(out.diff = diffCaptures(*a, *b, labelA, labelB)))
                    out.error = tr("Could not compare %1 with %2.").arg(labelA, labelB);
            } catch (const std::exception& e) {
                out.error = tr("Comparing failed: %1").arg(QString::fromUtf8(e.what()));
            }
            return out;
        },
        [this](const Compared& compared) {
            if (compared.diff)
                emit diffAvailable(compared.diff);
            else
                emit diffFailed(compared.error);
        });
}

} // namespace numasight
