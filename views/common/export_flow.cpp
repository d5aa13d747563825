#include "views/common/export_flow.h"

#include "util/format.h"

#include <QFileInfo>

namespace numasight {

void ExportFlow::cancel()
{
    m_pending = nullptr;
    m_pendingPath.clear();
}

void ExportFlow::exportWhenReady(const QString& path, const QString& preparing,
                                 std::function<void(const QString&)> write)
{
    m_pending = std::move(write);
    m_pendingPath = QFileInfo(path).absoluteFilePath();
    if (isReady()) {
        startPending();
        return;
    }
    emit statusMessage(preparing, 0);
    prepare();
}

void ExportFlow::startPending()
{
    if (!m_pending || !isReady())
        return;
    const auto write = std::exchange(m_pending, nullptr);
    write(std::exchange(m_pendingPath, {}));
}

QString ExportFlow::exportedText(const QString& what, const QString& path, qint64 bytes, double seconds)
{
    return tr("Exported %1 to %2 (%3 in %4)")
        .arg(what, path, formatBytes(double(bytes)), formatDuration(seconds * 1e9));
}

} // namespace numasight
