// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/export_file.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace numasight {

LoadError exportError(const QString& path, const QString& message)
{
    LoadError e;
    e.file = path;
    e.message = message;
    return e;
}

Result<qint64> writeExportFile(const QString& path, const std::function<QString(QSaveFile&)>& write)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return exportError(path,
                           QCoreApplication::translate("numasight::ExportFile",
                                                       "cannot write: %1; pick a folder you can write to")
                               .arg(file.errorString()));
    if (const QString failure = write(file); !failure.isEmpty())
        return exportError(path, failure);
    const qint64 bytes = file.size();
    if (!file.commit())
        return exportError(
            path, QCoreApplication::translate("numasight::ExportFile",
                                              "cannot write: %1; check the free space and permissions")
                      .arg(file.errorString()));
    return bytes;
}

} // namespace numasight
