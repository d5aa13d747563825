#include "load_job.h"

#include "readers/open_input.h"

#include <QMetaObject>

namespace numasight {

LoadController::LoadController(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const Capture>>();
    // A superseded load may still be winding down when the next starts; the second thread lets the new
    // one begin at once instead of queuing behind it.
    m_pool.setMaxThreadCount(2);
    m_pool.setObjectName(QStringLiteral("numasight-loader"));
}

LoadController::~LoadController()
{
    cancel();
    m_pool.waitForDone();
}

quint64 LoadController::start(const QString& path)
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
    const quint64 job = ++m_lastJob;
    m_current = job;
    m_currentPath = path;
    auto flag = std::make_shared<std::atomic_bool>(false);
    m_cancelFlag = flag;
    emit started(job, path);

    // Progress is posted only when the whole percent changes, so a reader calling often cannot flood
    // the event loop.
    auto lastPercent = std::make_shared<std::atomic_int>(-1);
    m_pool.start([this, job, path, flag, lastPercent] {
        Progress progress = Progress::withFlag(flag);
        progress.report = [this, job, lastPercent](double fraction) {
            const int percent = int(fraction * 100.0);
            if (lastPercent->exchange(percent) == percent)
                return;
            QMetaObject::invokeMethod(
                this, [this, job, fraction] { report(job, fraction); }, Qt::QueuedConnection);
        };
        Result<CapturePtr> result = openInput(path, progress);
        const bool wasCancelled = flag->load() || (!result.ok() && result.error().cancelled);
        CapturePtr capture = result.ok() ? result.value() : CapturePtr();
        const QString error = result.ok() ? QString() : result.error().toString();
        QMetaObject::invokeMethod(
            this, [this, job, capture, error, wasCancelled] { deliver(job, capture, error, wasCancelled); },
            Qt::QueuedConnection);
    });
    return job;
}

void LoadController::cancel()
{
    if (m_current == 0)
        return;
    const quint64 job = m_current;
    m_cancelFlag->store(true);
    m_current = 0;
    emit cancelled(job);
    emit finished(job);
}

void LoadController::report(quint64 job, double fraction)
{
    if (job == m_current)
        emit progressChanged(job, fraction);
}

void LoadController::deliver(quint64 job, std::shared_ptr<const Capture> capture, const QString& error,
                             bool wasCancelled)
{
    if (job != m_current)
        return; // superseded or cancelled: the screen already moved on
    m_current = 0;
    if (wasCancelled) {
        emit cancelled(job);
    } else if (capture) {
        emit captureAvailable(capture);
    } else {
        emit loadFailed(error.isEmpty() ? tr("%1: no data").arg(m_currentPath) : error);
    }
    emit finished(job);
}

} // namespace numasight
