#include "views/jobs/save_job.h"

#include "capture/capture_writer.h"

#include <QFile>
#include <QMetaObject>
#include <QSaveFile>

namespace numasight {

QString copyFileAtomically(const QString& from, const QString& to)
{
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly))
        return QObject::tr("%1: cannot read: %2").arg(from, in.errorString());
    QSaveFile out(to);
    if (!out.open(QIODevice::WriteOnly))
        return QObject::tr("%1: cannot write: %2").arg(to, out.errorString());
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    for (;;) {
        const qint64 n = in.read(buffer.data(), buffer.size());
        if (n < 0)
            return QObject::tr("%1: cannot read: %2").arg(from, in.errorString());
        if (n == 0)
            break;
        if (out.write(buffer.constData(), n) != n)
            return QObject::tr("%1: cannot write: %2").arg(to, out.errorString());
    }
    if (!out.commit())
        return QObject::tr("%1: cannot write: %2").arg(to, out.errorString());
    return {};
}

SaveJob::SaveJob(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

SaveJob::~SaveJob()
{
    m_pool.waitForDone();
}

void SaveJob::start(CapturePtr capture, const QString& sourceFile, const QString& target)
{
    m_running = true;
    m_pool.start([this, capture, sourceFile, target] {
        QString error;
        if (!sourceFile.isEmpty()) {
            error = copyFileAtomically(sourceFile, target);
        } else if (capture) {
            if (auto e = writeCaptureFile(*capture, target))
                error = e->toString();
        } else {
            error = tr("nothing to save");
        }
        QMetaObject::invokeMethod(
            this,
            [this, error, target] {
                m_running = false;
                if (error.isEmpty())
                    emit saved(target);
                else
                    emit failed(error);
            },
            Qt::QueuedConnection);
    });
}

} // namespace numasight
