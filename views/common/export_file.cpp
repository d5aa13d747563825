// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/export_file.h"

#include "report/output_file.h"

#include <QBuffer>
#include <QCoreApplication>

namespace numasight {

LoadError exportError(const QString& path, const QString& message)
{
    LoadError e;
    e.file = path;
    e.message = message;
    return e;
}

QByteArray xmlSafe(QByteArray xml)
{
    // QSvgGenerator escapes <, > and & in text but writes control characters as they are, which no XML
    // parser accepts; a process may be named anything.
    static const QByteArray replacement = QString(QChar::ReplacementCharacter).toUtf8();
    QByteArray out;
    for (qsizetype i = 0; i < xml.size(); ++i) {
        const uchar c = uchar(xml[i]);
        if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
            if (!out.isNull())
                out += char(c);
            continue;
        }
        if (out.isNull()) {
            out = xml.left(i);
            out.reserve(xml.size() + 16);
        }
        out += replacement;
    }
    return out.isNull() ? xml : out;
}

Result<qint64> writeExportFile(const QString& path, const std::function<QString(QIODevice&)>& write)
{
    // Drawn into memory first: a painter does not report a failed write, so the bytes reach the file
    // through OutputFile, which checks each write and the rename and keeps the old file on failure.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (const QString failure = write(buffer); !failure.isEmpty())
        return exportError(path, failure);
    buffer.close();
    if (bytes.startsWith("<?xml"))
        bytes = xmlSafe(std::move(bytes));
    OutputFile file(path);
    if (!file.open() || !file.write(bytes) || !file.commit()) {
        LoadError e = exportError(file.displayName(), file.reason());
        e.cancelled = file.abandoned();
        return e;
    }
    return qint64(bytes.size());
}

} // namespace numasight
