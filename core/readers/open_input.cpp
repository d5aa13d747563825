// SPDX-License-Identifier: GPL-3.0-or-later
#include "open_input.h"

#include "capture/capture_reader.h"
#include "format_detect.h"
#include "hwloc_reader.h"
#include "witty_json_reader.h"

#include <QCoreApplication>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::OpenInput)
};
} // namespace

Result<CapturePtr> openInput(const QString& path, const Progress& progress)
{
    if (path == QLatin1String(kLocalMachine))
        return readLocalTopology(progress);
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
