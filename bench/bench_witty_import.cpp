// SPDX-License-Identifier: GPL-3.0-or-later
// bench_witty_import FILE [--repeat N] [--import-only]
// Times a bare simdjson parse of FILE against numasight's full witty import (parse, fold, model), best of N
// each, and the import's peak memory measured alone in a fresh process (--import-only).
#include "readers/witty_json_reader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <sys/resource.h>
#include <unistd.h>

using namespace numasight;

namespace {

double seconds(const QElapsedTimer& t)
{
    return double(t.nsecsElapsed()) / 1e9;
}

// Peak resident memory of this process image, in kB. VmHWM rather than ru_maxrss: Linux carries ru_maxrss
// over fork and exec, so a child would report its parent's peak.
long peakRssKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (status.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : status.readAll().split('\n'))
            if (line.startsWith("VmHWM:"))
                return line.mid(6).trimmed().split(' ').value(0).toLong();
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// Resident memory now, in kB: after an import it is what the loaded model keeps.
long currentRssKb()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toLong() * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

int importOnce(const QString& path, double* elapsed, size_t* entities, size_t* edges,
               long* modelRssKb = nullptr)
{
    QElapsedTimer t;
    t.start();
    auto r = readWittyJsonFile(path);
    *elapsed = seconds(t);
    if (!r.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(r.error().toString()));
        return 1;
    }
    *entities = *edges = 0;
    for (const auto& s : r.value()->snapshots) {
        *entities += s->entities().size();
        *edges += s->edges().size();
    }
    if (modelRssKb)
        *modelRssKb = currentRssKb();
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    args.removeFirst();
    int repeat = 5;
    bool importOnly = false;
    QString path;
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--import-only"))
            importOnly = true;
        else if (args[i] == QLatin1String("--repeat") && i + 1 < args.size())
            repeat = std::max(1, args[++i].toInt());
        else
            path = args[i];
    }
    if (path.isEmpty()) {
        std::fprintf(stderr, "usage: bench_witty_import FILE [--repeat N] [--import-only]\n");
        return 2;
    }
    const double mb = double(QFileInfo(path).size()) / 1e6;

    if (importOnly) {
        double t = 0;
        size_t entities = 0, edges = 0;
        long model = 0;
        if (importOnce(path, &t, &entities, &edges, &model))
            return 1;
        const long rss = peakRssKb();
        std::printf("import-only: %.3f s, %zu entities, %zu edges, peak RSS %.1f MB = %.2f x file size "
                    "(resident with the model loaded: %.1f MB)\n",
                    t, entities, edges, double(rss) / 1024.0, double(rss) * 1024.0 / (mb * 1e6),
                    double(model) / 1024.0);
        return 0;
    }

    std::printf("file: %s (%.1f MB), best of %d\n", qPrintable(path), mb, repeat);
    // Two baselines: a parser reused across runs (its buffers already allocated and faulted in), and a fresh
    // parser per run, which is what a one-shot import pays and what readWittyJsonFile does.
    const QByteArray native = QFile::encodeName(path);
    auto bareParse = [&](bool reuse, double* best) {
        simdjson::dom::parser shared;
        for (int i = 0; i < repeat; ++i) {
            simdjson::dom::parser fresh;
            simdjson::dom::parser& parser = reuse ? shared : fresh;
            QElapsedTimer t;
            t.start();
            simdjson::dom::element root;
            if (const auto error = parser.load(native.toStdString()).get(root)) {
                std::fprintf(stderr, "simdjson: %s\n", simdjson::error_message(error));
                return false;
            }
            *best = std::min(*best, seconds(t));
        }
        return true;
    };
    double bareReused = std::numeric_limits<double>::max();
    double bare = std::numeric_limits<double>::max();
    if (!bareParse(true, &bareReused) || !bareParse(false, &bare))
        return 1;
    std::printf("simdjson dom::parser::load, parser reused (%s): %.3f s  %.0f MB/s\n",
                simdjson::get_active_implementation()->name().c_str(), bareReused, mb / bareReused);
    std::printf("simdjson dom::parser::load, fresh parser (%s): %.3f s  %.0f MB/s\n",
                simdjson::get_active_implementation()->name().c_str(), bare, mb / bare);

    double import = std::numeric_limits<double>::max();
    size_t entities = 0, edges = 0;
    for (int i = 0; i < repeat; ++i) {
        double t = 0;
        if (importOnce(path, &t, &entities, &edges))
            return 1;
        import = std::min(import, t);
    }
    std::printf("readWittyJsonFile: %.3f s  %.0f MB/s  (%zu entities, %zu edges)\n", import, mb / import,
                entities, edges);
    std::printf("import / bare parse: %.2fx (fresh parser), %.2fx (parser reused)\n", import / bare,
                import / bareReused);

    std::fflush(stdout);
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedChannels);
    child.start(QCoreApplication::applicationFilePath(), {path, QStringLiteral("--import-only")});
    if (!child.waitForFinished(-1) || child.exitCode() != 0)
        return 1;
    return 0;
}
