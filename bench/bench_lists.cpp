// SPDX-License-Identifier: GPL-3.0-or-later
// The window's lists on a large capture (numasight-witty-scale's ×1000 witty copy: about 12 000 processes and
// 41 000 threads): for the browser tree, the Advice tree and the Threads dock, the GUI-thread time to fill
// each from a snapshot, to filter by typed text and clear it, to sort by a column, and whether the views lay
// rows out uniformly with no widget per row. Runs offscreen; prints one line per figure (bench/README.md).
//
//   bench_lists <capture.json> [--repeat N] [--filter TEXT] [--lists browser,advice,threads]
#include "advice/advice.h"
#include "analysis/heatmap_data.h"
#include "bench_support.h"
#include "views/advice/advice_filter_proxy.h"
#include "views/advice/advice_model.h"
#include "views/advice/advice_panel.h"
#include "views/browser/browser_panel.h"
#include "views/browser/entity_filter_proxy.h"
#include "views/browser/entity_tree_model.h"
#include "views/live/sample_filter_proxy.h"
#include "views/live/thread_table_model.h"
#include "views/live/threads_panel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableView>
#include <QTreeView>

using namespace numasight;

namespace {

void print(const char* list, const char* step, const bench::Stats& s, const QString& note = {})
{
    std::printf("%-8s %-34s median %8.1f ms  min %8.1f  max %8.1f  %s\n", list, step, s.median, s.min, s.max,
                qPrintable(note));
    std::fflush(stdout);
}

// Typing `text` into `edit` and clearing it again, each timed on its own.
void filterAndClear(const char* list, QLineEdit* edit, const QString& text, int repeat,
                    const std::function<QString()>& rows)
{
    QString shown;
    const bench::Stats typed = bench::measure(repeat, [&] {
        edit->clear();
        edit->setText(text);
        shown = rows();
    });
    print(list, qPrintable(QStringLiteral("clear + type \"%1\"").arg(text)), typed, shown);
    const bench::Stats cleared = bench::measure(repeat, [&] {
        edit->setText(text);
        edit->clear();
    });
    print(list, "type + clear", cleared, rows());
}

template <class View>
QString layoutNote(View* view)
{
    bool uniform = true;
    if constexpr (std::is_same_v<View, QTreeView>)
        uniform = view->uniformRowHeights();
    else
        uniform = view->verticalHeader()->sectionResizeMode(0) != QHeaderView::ResizeToContents;
    return QStringLiteral("uniform rows: %1, widgets in the viewport: %2")
        .arg(uniform ? QStringLiteral("yes") : QStringLiteral("NO"))
        .arg(view->viewport()->template findChildren<QWidget*>().size());
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("capture"), QStringLiteral("a capture (witty JSON, ...)"));
    parser.addOption({QStringLiteral("repeat"), QStringLiteral("timed runs per figure"), QStringLiteral("N"),
                      QStringLiteral("3")});
    parser.addOption({QStringLiteral("filter"), QStringLiteral("text typed in each filter box"),
                      QStringLiteral("TEXT"), QStringLiteral("python")});
    parser.addOption({QStringLiteral("lists"), QStringLiteral("which lists: browser, advice, threads"),
                      QStringLiteral("LIST,..."), QStringLiteral("browser,advice,threads")});
    parser.addHelpOption();
    parser.process(app);
    if (parser.positionalArguments().size() != 1)
        parser.showHelp(1);
    const int repeat = parser.value(QStringLiteral("repeat")).toInt();
    const QString filter = parser.value(QStringLiteral("filter"));
    const QStringList lists = parser.value(QStringLiteral("lists")).split(QLatin1Char(','));

    QElapsedTimer load;
    load.start();
    const SnapshotPtr snapshot = bench::openSnapshot(parser.positionalArguments().front(), "bench_lists");
    if (!snapshot)
        return 1;
    std::printf("read in %.0f ms (a worker's): %zu processes, %zu threads\n", double(load.elapsed()),
                snapshot->ofKind(EntityKind::Process).size(), snapshot->ofKind(EntityKind::Thread).size());

    // The browser: the whole entity tree.
    if (lists.contains(u"browser")) {
        BrowserPanel panel;
        panel.resize(1000, 700);
        panel.show();
        const bench::Stats fill = bench::measure(repeat, [&] {
            panel.setSnapshot(nullptr);
            panel.setSnapshot(snapshot);
        });
        print("browser", "fill (setSnapshot)", fill, layoutNote(panel.view()));
        EntityTreeModel model;
        print("browser", "  of which the model alone", bench::measure(repeat, [&] {
                  model.setSnapshot(nullptr);
                  model.setSnapshot(snapshot);
              }));
        print("browser", "  of which the CPU figures",
              bench::measure(repeat, [&] { cpuHeatmap(*snapshot); }));
        filterAndClear("browser", panel.filterEdit(), filter, repeat,
                       [&] { return QStringLiteral("%1 top rows").arg(panel.proxy()->rowCount()); });
        for (int column : {int(EntityTreeModel::NameColumn), int(EntityTreeModel::CpuShareColumn)}) {
            const bench::Stats sort = bench::measure(repeat, [&] {
                panel.view()->sortByColumn(column, Qt::AscendingOrder);
                panel.view()->sortByColumn(column, Qt::DescendingOrder);
            });
            print("browser",
                  qPrintable(QStringLiteral("sort up + down by %1")
                                 .arg(panel.model()->headerData(column, Qt::Horizontal).toString())),
                  sort);
        }
    }

    // The Advice tree: the advisor runs on a worker (bench_advice times it); the model is filled on the GUI
    // thread.
    if (lists.contains(u"advice")) {
        QElapsedTimer t;
        t.start();
        const AdvicePtr advice = advise(*snapshot);
        std::printf("advise() in %.0f ms (a worker's): %zu findings\n", double(t.elapsed()),
                    advice ? advice->findings.size() : size_t(0));
        AdvicePanel panel;
        panel.resize(1000, 700);
        panel.show();
        const bench::Stats fill = bench::measure(repeat, [&] {
            panel.model()->setAdvice(nullptr);
            panel.model()->setAdvice(advice);
        });
        print("advice", "fill (setAdvice, groups)", fill, layoutNote(panel.table()));
        panel.table()->expandAll();
        QApplication::processEvents();
        filterAndClear("advice", panel.filterEdit(), filter, repeat,
                       [&] { return QStringLiteral("%1 groups").arg(panel.proxy()->rowCount()); });
        const bench::Stats sort = bench::measure(repeat, [&] {
            panel.table()->sortByColumn(AdviceModel::PidColumn, Qt::AscendingOrder);
            panel.table()->sortByColumn(AdviceModel::PidColumn, Qt::DescendingOrder);
        });
        print("advice", "sort up + down by PID (expanded)", sort);
    }

    // The Threads dock on a file: every thread of the snapshot shown, as on each move of the timeline.
    if (lists.contains(u"threads")) {
        ThreadsPanel panel;
        panel.resize(600, 700);
        panel.show();
        const bench::Stats fill = bench::measure(repeat, [&] {
            panel.setSnapshot(nullptr);
            panel.setSnapshot(snapshot);
        });
        print("threads", "fill (setSnapshot)", fill,
              QStringLiteral("%1 threads; %2")
                  .arg(panel.threadModel()->rowCount())
                  .arg(layoutNote(panel.threadView())));
        filterAndClear("threads", panel.filterEdit(), filter, repeat,
                       [&] { return QStringLiteral("%1 threads").arg(panel.threadProxy()->rowCount()); });
        const bench::Stats sort = bench::measure(repeat, [&] {
            panel.threadView()->sortByColumn(ThreadTableModel::CpuMsColumn, Qt::AscendingOrder);
            panel.threadView()->sortByColumn(ThreadTableModel::CpuMsColumn, Qt::DescendingOrder);
        });
        print("threads", "sort up + down by CPU time", sort);
    }
    return 0;
}
