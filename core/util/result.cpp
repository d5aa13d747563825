// SPDX-License-Identifier: GPL-3.0-or-later
#include "result.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::LoadError)
};
} // namespace

QString LoadError::toString() const
{
    QString out = file.isEmpty() ? QStringLiteral("<input>") : file;
    if (line > 0) {
        out += QLatin1Char(':') + QString::number(line);
        if (column > 0)
            out += QLatin1Char(':') + QString::number(column);
    } else if (offset >= 0) {
        out += Tr::tr(": byte %1").arg(offset);
    }
    if (!where.isEmpty())
        out += Tr::tr(": at %1").arg(where);
    out += QStringLiteral(": ") + message;
    return out;
}

LoadError LoadError::cancel(const QString& file)
{
    LoadError e;
    e.file = file;
    e.message = Tr::tr("cancelled");
    e.cancelled = true;
    return e;
}

void locateOffset(const char* data, qint64 size, qint64 offset, int* line, int* column)
{
    int l = 1;
    qint64 lineStart = 0;
    const qint64 end = std::min(offset, size);
    for (qint64 i = 0; i < end; ++i) {
        if (data[i] == '\n') {
            ++l;
            lineStart = i + 1;
        }
    }
    if (line)
        *line = l;
    if (column)
        *column = int(end - lineStart + 1);
}

} // namespace numasight
