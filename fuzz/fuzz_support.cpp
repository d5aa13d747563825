// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzz_support.h"

#include "report/info_json.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtGlobal>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace numasight::fuzz {

namespace {

void dropMessage(QtMsgType, const QMessageLogContext&, const QString&) {}

QTemporaryDir& scratchDir()
{
    static QTemporaryDir dir;
    if (!dir.isValid()) {
        std::fprintf(stderr, "fuzz: cannot create a temporary folder: %s\n", qPrintable(dir.errorString()));
        std::abort();
    }
    return dir;
}

} // namespace

void quietLibraries()
{
    qInstallMessageHandler(dropMessage);
    qputenv("HWLOC_HIDE_ERRORS", "2");
}

QString scratchPath(const QString& name)
{
    return scratchDir().filePath(name);
}

void writeScratch(const QString& path, const std::uint8_t* data, size_t size)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(reinterpret_cast<const char*>(data), qint64(size)) != qint64(size) || !file.flush()) {
        std::fprintf(stderr, "fuzz: cannot write %s: %s\n", qPrintable(path), qPrintable(file.errorString()));
        std::abort();
    }
}

void useResult(const Result<CapturePtr>& result)
{
    // FUZZ_VERBOSE=1 tells what became of an input when reproducing one by hand.
    static const bool verbose = qEnvironmentVariableIsSet("FUZZ_VERBOSE");
    if (!result.ok()) {
        const QString message = result.error().toString();
        if (verbose)
            std::fprintf(stderr, "fuzz: refused: %s\n", qPrintable(message));
        return;
    }
    if (verbose)
        std::fprintf(stderr, "fuzz: read %zu snapshot(s)\n", result.value()->snapshots.size());
    (void)QJsonDocument(infoJson(*result.value())).toJson(QJsonDocument::Compact);
}

} // namespace numasight::fuzz
