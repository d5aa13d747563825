// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/export_flow.h"

#include "util/format.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace numasight {

ExportFlow::ExportFlow(QObject* parent, QString directoryKey, QString formatKey)
    : QObject(parent)
    , m_directoryKey(std::move(directoryKey))
    , m_formatKey(std::move(formatKey))
{
}

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

QString ExportFlow::lastDirectory() const
{
    const QString dir = QSettings().value(m_directoryKey).toString();
    return dir.isEmpty() ? QDir::homePath() : dir;
}

QString ExportFlow::lastFormatName() const
{
    return QSettings().value(m_formatKey).toString();
}

void ExportFlow::remember(const QString& path, const QString& formatName) const
{
    QSettings settings;
    settings.setValue(m_directoryKey, QFileInfo(path).absolutePath());
    if (!formatName.isEmpty())
        settings.setValue(m_formatKey, formatName);
}

QString ExportFlow::exportedText(const QString& what, const QString& path, qint64 bytes, double seconds)
{
    return tr("Exported %1 to %2 (%3 in %4)")
        .arg(what, path, formatBytes(double(bytes)), formatDuration(seconds * 1e9, 2));
}

} // namespace numasight
