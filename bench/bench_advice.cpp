// SPDX-License-Identifier: GPL-3.0-or-later
// bench_advice FILE [OTHER] [--repeat N]
// What the Advice and Compare tabs wait for: advise() on FILE (findings, suggestions, quoted commands),
// the findings grouped (the tab's rows) and the text of `advise`, adviceJson() of the result, and
// diffCaptures() of FILE against OTHER (FILE itself when absent). Median, min and max of N runs each after
// one warm-up; the input is read once, not timed.
#include "advice/advice.h"
#include "advice/capture_diff.h"
#include "bench_support.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>

using namespace numasight;

namespace {

void time(const char* what, int repeat, const std::function<void()>& f)
{
    const bench::Stats s = bench::measure(repeat, f);
    std::printf("%-28s median %9.2f ms  (min %.2f, max %.2f, %d runs)\n", what, s.median, s.min, s.max,
                repeat);
}

CapturePtr open(const QString& path)
{
    CapturePtr capture = bench::openCapture(path, "bench_advice");
    if (!capture)
        std::exit(1);
    return capture;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int repeat = 9;
    if (const qsizetype i = args.indexOf(QStringLiteral("--repeat")); i >= 0 && i + 1 < args.size()) {
        repeat = std::max(1, args.at(i + 1).toInt());
        args.remove(i, 2);
    }
    if (args.isEmpty() || args.size() > 2) {
        std::fprintf(stderr, "usage: bench_advice FILE [OTHER] [--repeat N]\n");
        return 2;
    }
    const CapturePtr a = open(args.at(0));
    const CapturePtr b = args.size() == 2 ? open(args.at(1)) : a;

    AdvicePtr advice;
    time("advise", repeat, [&] { advice = advise(*a); });
    if (!advice) {
        std::fprintf(stderr, "bench_advice: %s has no snapshot\n", qPrintable(args.at(0)));
        return 1;
    }
    std::printf("  %zu processes, %zu threads, %zu findings, %zu suggestions\n", advice->processes.size(),
                advice->threads.size(), advice->findings.size(), advice->suggestions.size());
    std::vector<FindingGroup> groups;
    time("groupFindings", repeat, [&] { groups = groupFindings(*advice); });
    QString text;
    time("adviceText", repeat, [&] { text = adviceText(*advice); });
    std::printf("  %zu finding groups (the Advice tab's rows), %lld lines of text\n", groups.size(),
                static_cast<long long>(text.count(QLatin1Char('\n'))));
    time("adviceJson", repeat, [&] { (void)adviceJson(*advice); });
    CaptureDiffPtr diff;
    time("diffCaptures", repeat, [&] { diff = diffCaptures(*a, *b); });
    std::printf("  %zu process rows, %zu thread rows, %zu flows\n", diff->processes.size(),
                diff->threads.size(), diff->flows.size());
    return 0;
}
