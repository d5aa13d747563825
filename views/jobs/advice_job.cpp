// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/advice_job.h"

#include "advice/advice.h"

#include <exception>

namespace numasight {

namespace {

struct Advised
{
    AdvicePtr advice;
    QString error; // when there is no advice
};

} // namespace

// One at a time: a newer job supersedes the running one, whose result is then dropped.
AdviceJob::AdviceJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-advice"), 1, parent)
{
    qRegisterMetaType<AdvicePtr>();
}

quint64 AdviceJob::start(CapturePtr capture, int snapshot)
{
    const quint64 job = run(
        [capture = std::move(capture), snapshot](const Progress&) {
            Advised out;
            try {
                if (!capture)
                    out.error = tr("Nothing to advise on: no capture is open.");
                else if (capture->snapshots.empty())
                    out.error = tr("Nothing to advise on: the capture has no snapshot.");
                else if (!(out.advice = advise(*capture, snapshot)))
                    out.error = tr("The advisor found no snapshot %1 in the capture.").arg(snapshot + 1);
            } catch (const std::exception& e) {
                out.error = tr("The advisor failed: %1").arg(QString::fromUtf8(e.what()));
            }
            return out;
        },
        [this](const Advised& advised) {
            if (advised.advice)
                emit adviceAvailable(advised.advice);
            else
                emit adviceFailed(advised.error);
        });
    emit started(job);
    return job;
}

} // namespace numasight
