// SPDX-License-Identifier: GPL-3.0-or-later
#include "open_input.h"

#include "capture/capture_reader.h"
#include "format_detect.h"
#include "hwloc_reader.h"
#include "witty_json_reader.h"

#include <QCoreApplication>
#include <QFile>

#include <sys/stat.h>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::OpenInput)
};

// A FIFO, a character device or a socket can be read only once, and opening it again may wait for ever for
// a writer: it is read into memory here, once. Witty JSON is read from that copy; captures (SQLite) and hwloc
// XML are read by libraries that want a file, so they are refused with what to do.
Result<CapturePtr> readStream(const QString& path, const Progress& progress)
{
    LoadError e;
    e.file = path;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        e.message = Tr::tr("cannot read: %1").arg(file.errorString());
        return e;
    }
    QByteArray data;
    try {
        data = file.readAll();
    } catch (const std::bad_alloc&) {
        e.message = Tr::tr("out of memory while reading the stream");
        return e;
    }
    QString why;
    switch (detectFormatOf(data, &why)) {
    case SourceFormat::WittyJson:
    case SourceFormat::WittyEnvelope:
    case SourceFormat::WittyJsonLines:
        return readWittyJson(data, path, progress);
    case SourceFormat::Capture:
    case SourceFormat::HwlocXml:
        e.message =
            Tr::tr("a capture or hwloc XML cannot be read from a pipe or device; save it to a regular "
                   "file first and open that");
        return e;
    case SourceFormat::LocalMachine:
    case SourceFormat::Unknown:
        break;
    }
    e.message = why.isEmpty() ? Tr::tr("unrecognised file format") : why;
    return e;
}

} // namespace

Result<CapturePtr> openInput(const QString& path, const Progress& progress)
{
    if (path == QLatin1String(kLocalMachine))
        return readLocalTopology(progress);
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return readStream(path, progress);
    QString why;
    switch (detectFormat(path, &why)) {
    case SourceFormat::Capture:
        return readCaptureFile(path, progress);
    case SourceFormat::HwlocXml:
        return readHwlocXmlFile(path, progress);
    case SourceFormat::WittyJson:
    case SourceFormat::WittyEnvelope:
    case SourceFormat::WittyJsonLines:
        // The reader tells the three forms apart itself, with positions for its errors.
        return readWittyJsonFile(path, progress);
    case SourceFormat::LocalMachine:
    case SourceFormat::Unknown:
        break;
    }
    LoadError e;
    e.file = path;
    e.message = why.isEmpty() ? Tr::tr("unrecognised file format") : why;
    return e;
}

} // namespace numasight
