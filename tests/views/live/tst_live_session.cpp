// SPDX-License-Identifier: GPL-3.0-or-later
// Live sessions in the real window, offscreen: recording this test process itself (procfs everywhere,
// eBPF where it can load) through the record dialog, pausing, stopping, saving; closing the window while
// recording; and attaching to loopback witty-profiler servers, one of them refusing.
#include "capture/capture_reader.h"
#include "main_window.h"
#include "support/recording_fixture.h"
#include "support/witty_test_server.h"
#include "util/format.h"
#include "views/browser/browser_panel.h"
#include "views/browser/entity_filter_proxy.h"
#include "views/browser/entity_tree_model.h"
#include "views/common/message_bar.h"
#include "views/common/path_line_edit.h"
#include "views/jobs/save_job.h"
#include "views/live/live_indicator.h"
#include "views/live/log_panel.h"
#include "views/live/process_memory_model.h"
#include "views/live/record_dialog.h"
#include "views/live/recording_controller.h"
#include "views/live/sample_roles.h"
#include "views/live/thread_table_model.h"
#include "views/live/threads_panel.h"
#include "views/live/timeline_bar.h"
#include "views/live/witty_attach_dialog.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <pthread.h>
#include <thread>
#include <unistd.h>

using namespace numasight;
using namespace numasight::testing;

namespace {

constexpr int kTimeout = 30000;

// A thread of this process that keeps a CPU busy, so the recording has CPU time to attribute.
class Spinner
{
public:
    Spinner()
        : m_thread([this] {
            pthread_setname_np(pthread_self(), "live-spinner");
            m_tid = gettid();
            while (!m_stop.load(std::memory_order_relaxed)) {
                volatile double x = 1;
                for (int i = 0; i < 100000; ++i)
                    x = x * 1.0000001;
            }
        })
    {
        while (m_tid.load() == 0)
            std::this_thread::yield();
    }
    ~Spinner()
    {
        m_stop = true;
        m_thread.join();
    }
    qint64 tid() const { return m_tid; }

private:
    std::atomic_bool m_stop = false;
    std::atomic<qint64> m_tid = 0;
    std::thread m_thread;
};

// The clock samples are stamped with (CLOCK_REALTIME).
std::int64_t realtimeNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

int sampleCount(MainWindow& w)
{
    return w.capture() ? int(w.capture()->samples.size()) : 0;
}

// The row of `tid` in the Threads table as shown (through the proxy), or an invalid index.
QModelIndex threadRow(MainWindow& w, qint64 tid, int column)
{
    const auto* proxy = w.threadsPanel()->threadView()->model();
    for (int r = 0; r < proxy->rowCount(); ++r)
        if (proxy->index(r, 0).data(SampleTidRole).toLongLong() == tid)
            return proxy->index(r, column);
    return {};
}

} // namespace

class TestLiveSession : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void recordDialogValidates();
    void recordThisProcess_data();
    void recordThisProcess();
    void closeWhileRecording();
    void openFileStopsRecording();
    void attachWitty();
    void unreachableWitty();
    void recordDialogPathAndLimit();
    void unsavedRecordingOnClose_data();
    void unsavedRecordingOnClose();
    void sizeLimitAsks_data();
    void sizeLimitAsks();

private:
    QTemporaryDir m_dir;
};

void TestLiveSession::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("numasight-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_live_session"));
    QVERIFY(m_dir.isValid());
}

void TestLiveSession::init()
{
    QSettings().clear();
}

void TestLiveSession::recordDialogValidates()
{
    RecordDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // Every mnemonic reaches a field: a label without a buddy would show its "&" as text.
    for (const QLabel* label : dialog.findChildren<QLabel*>()) {
        const QString text = label->text();
        if (text.contains(QLatin1Char('&')) && !text.contains(QStringLiteral("&&")) && !text.contains(u'<')) {
            const QWidget* buddy = label->buddy();
            if (buddy && buddy->focusProxy())
                buddy = buddy->focusProxy();
            QVERIFY2(buddy && buddy->focusPolicy() != Qt::NoFocus, qPrintable(text));
        }
    }
    QPushButton* ok = dialog.buttons()->button(QDialogButtonBox::Ok);
    // The default file is a new name in the cache folder.
    QVERIFY(dialog.outputEdit()->text().startsWith(
        QStandardPaths::writableLocation(QStandardPaths::CacheLocation)));
    QVERIFY(ok->isEnabled());
    dialog.scopeCombo()->setCurrentIndex(dialog.scopeCombo()->findData(int(RecordDialog::ScopeKind::Pids)));
    QVERIFY(!ok->isEnabled()); // no pid yet
    QTest::keyClicks(dialog.pidsEdit(), QStringLiteral("12, x"));
    QVERIFY(!ok->isEnabled());
    QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("recordError"))->text().contains(QStringLiteral("'x'")));
    dialog.pidsEdit()->setText(QStringLiteral("12 13"));
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.options()->scope.pids, (std::vector<std::int64_t>{12, 13}));
    dialog.scopeCombo()->setCurrentIndex(dialog.scopeCombo()->findData(int(RecordDialog::ScopeKind::Comm)));
    QTest::keyClicks(dialog.commEdit(), QStringLiteral("py(thon"));
    QVERIFY(!ok->isEnabled());
    dialog.commEdit()->setText(QStringLiteral("^python"));
    QVERIFY(ok->isEnabled());
    QVERIFY(dialog.options()->scope.comm.match(QStringLiteral("python3")).hasMatch());
    // eBPF's availability is probed in the background and said in words either way.
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.ebpfLabel()->text().startsWith(QStringLiteral("Checking")), 10000);
    QString why;
    if (!makeLocalEnvironment()->ebpfAvailable(&why))
        QVERIFY2(dialog.ebpfLabel()->text().contains(why), qPrintable(dialog.ebpfLabel()->text()));
    // Choices are remembered for the next dialog.
    dialog.intervalSpin()->setValue(250);
    dialog.untilStoppedCheck()->setChecked(false);
    dialog.durationSpin()->setValue(42);
    QTest::mouseClick(ok, Qt::LeftButton);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    RecordDialog again;
    QCOMPARE(again.intervalSpin()->value(), 250);
    QCOMPARE(again.durationSpin()->value(), 42);
    QVERIFY(!again.untilStoppedCheck()->isChecked());
    QCOMPARE(again.commEdit()->text(), QStringLiteral("^python"));
    QCOMPARE(again.options()->durationNs, 42'000'000'000LL);
}

void TestLiveSession::recordThisProcess_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("procfs") << "procfs";
    QTest::newRow("ebpf") << "ebpf";
}

void TestLiveSession::recordThisProcess()
{
    QFETCH(QString, mode);
    if (mode == u"ebpf") {
        QString why;
        if (!makeLocalEnvironment()->ebpfAvailable(&why))
            QSKIP(qPrintable(QStringLiteral("eBPF cannot run here: %1").arg(why)));
    }
    Spinner spinner;
    const qint64 pid = QCoreApplication::applicationPid();
    const QString file = m_dir.filePath(QStringLiteral("live-%1.numasight").arg(mode));

    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QAbstractItemModelTester threadsTester(w.threadsPanel()->threadView()->model(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);

    // Through the dialog, as a user: Ctrl+Shift+A, scope this pid, 100 ms, the mode, a file.
    QTest::keyClick(&w, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    RecordDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = w.findChild<RecordDialog*>()) && dialog->isVisible());
    dialog->scopeCombo()->setCurrentIndex(dialog->scopeCombo()->findData(int(RecordDialog::ScopeKind::Pids)));
    QTest::keyClicks(dialog->pidsEdit(), QString::number(pid));
    dialog->intervalSpin()->setValue(100);
    dialog->untilStoppedCheck()->setChecked(true);
    const RecordMode recordMode = mode == u"ebpf" ? RecordMode::Ebpf : RecordMode::Procfs;
    dialog->modeCombo()->setCurrentIndex(dialog->modeCombo()->findData(int(recordMode)));
    dialog->outputEdit()->setText(file);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(w.isLive());

    // Samples arrive, the views follow them.
    QTRY_VERIFY_WITH_TIMEOUT(sampleCount(w) >= 3, kTimeout);
    QVERIFY2(!w.messageBar()->isVisible() || w.messageBar()->kind() != MessageBar::Kind::Error,
             qPrintable(w.messageBar()->text()));
    QVERIFY(w.isWorkspaceShown());
    QSlider* slider = w.timeline()->slider();
    QVERIFY(w.timeline()->isVisible());
    const int maximum = slider->maximum();
    QTRY_VERIFY_WITH_TIMEOUT(slider->maximum() > maximum, kTimeout);
    QCOMPARE(slider->value(), slider->maximum()); // following the newest
    QCOMPARE(w.capture()->source.mode, mode);
    // The mode, the samples, and where the file is written with its size now.
    const QString indicator = w.liveIndicator()->label()->text();
    const QRegularExpression shape(
        QStringLiteral("^Recording · %1 · \\d+ samples · %2 · [0-9.]+ (B|KiB|MiB)$")
            .arg(mode, QRegularExpression::escape(QFileInfo(file).fileName())));
    QVERIFY2(shape.match(indicator).hasMatch(), qPrintable(indicator));
    QVERIFY(w.liveIndicator()->toolTip().contains(file));
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("sourceLabel"))->text().contains(mode));

    // The Threads dock lists this process's threads, with the spinner's CPU time.
    const qint64 mainTid = gettid();
    QTRY_VERIFY_WITH_TIMEOUT(threadRow(w, spinner.tid(), 0).isValid() && threadRow(w, mainTid, 0).isValid(),
                             kTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(
        threadRow(w, spinner.tid(), ThreadTableModel::CpuMsColumn).data(SampleSortRole).toULongLong() >
            10'000'000,
        kTimeout);
    QCOMPARE(threadRow(w, spinner.tid(), ThreadTableModel::CommColumn).data().toString(),
             QStringLiteral("live-spinner"));
    QCOMPARE(threadRow(w, spinner.tid(), ThreadTableModel::PidColumn).data().toLongLong(), pid);
    QCOMPARE(threadRow(w, spinner.tid(), ThreadTableModel::ModeColumn).data().toString(), mode);
    const int nodeColumns = w.threadsPanel()->threadModel()->nodeCount();
    QVERIFY(nodeColumns >= 1);
    double share = 0;
    for (int n = 0; n < nodeColumns; ++n)
        share += threadRow(w, spinner.tid(), ThreadTableModel::FirstNodeColumn + n)
                     .data(SampleSortRole)
                     .toDouble();
    QVERIFY2(std::abs(share - 1.0) < 1e-6, qPrintable(QString::number(share)));
    QVERIFY(w.threadsPanel()->memoryModel()->rowOfPid(pid) >= 0);

    if (mode == u"procfs") {
        const QString path = QStringLiteral("/tmp/numasight-live.png");
        QVERIFY(w.grab().save(path));
        qInfo("screenshot: %s", qPrintable(path));
    }

    // Picking the spinner's row selects that thread in the entity browser.
    QTableView* table = w.threadsPanel()->threadView();
    const QModelIndex row = threadRow(w, spinner.tid(), ThreadTableModel::CommColumn);
    table->scrollTo(row);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(row).center());
    const EntityId selected =
        w.detailsPane() ? w.browserPanel()->model()->entityAt(w.browserPanel()->proxy()->mapToSource(
                              w.browserPanel()->view()->currentIndex()))
                        : EntityId();
    QVERIFY(selected.isValid());
    QCOMPARE(w.browserPanel()->model()->snapshot()->entity(selected).tid, spinner.tid());

    // Moving the timeline back keeps it there while samples keep coming.
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Home);
    QCOMPARE(slider->value(), 0);
    QVERIFY(w.threadsPanel()->captionLabel()->text().startsWith(QStringLiteral("Sample 1 of")));
    const int grownFrom = slider->maximum();
    QTRY_VERIFY_WITH_TIMEOUT(slider->maximum() > grownFrom, kTimeout);
    QCOMPARE(slider->value(), 0);
    QTest::keyClick(slider, Qt::Key_End);

    // Pause: no samples while paused; Resume: they come again. What was taken when is read from the samples'
    // own times once the recording ended, not from when they reached the window, which a busy machine delays.
    QTest::mouseClick(w.liveIndicator()->pauseButton(), Qt::LeftButton);
    const std::int64_t pausedAtNs = realtimeNs();
    QVERIFY(w.recorder()->isPaused());
    QVERIFY(w.liveIndicator()->label()->text().startsWith(QStringLiteral("Paused")));
    QTest::qWait(600); // six intervals
    const std::int64_t resumedAtNs = realtimeNs();
    const int beforeResume = sampleCount(w);
    QTest::mouseClick(w.liveIndicator()->pauseButton(), Qt::LeftButton);
    QVERIFY(!w.recorder()->isPaused());
    QTRY_VERIFY_WITH_TIMEOUT(sampleCount(w) > beforeResume, kTimeout);

    // Stop ends it cleanly; Save As copies the file, which opens with every sample.
    QTest::mouseClick(w.liveIndicator()->stopButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!w.isLive(), kTimeout);
    QVERIFY(!w.liveIndicator()->isVisible());
    QVERIFY(!w.recorder()->summary().error);
    const int samples = sampleCount(w);
    QCOMPARE(w.recorder()->summary().samples, samples);
    // Only a sample already being taken when Pause was pressed may fall inside the pause.
    const auto& taken = w.capture()->samples;
    const auto duringPause = std::count_if(taken.begin(), taken.end(), [&](const SamplePtr& sample) {
        return sample->timeNs > pausedAtNs && sample->timeNs < resumedAtNs;
    });
    QVERIFY2(duringPause <= 1, qPrintable(QStringLiteral("%1 samples taken while paused").arg(duringPause)));
    QVERIFY(std::any_of(taken.begin(), taken.end(),
                        [&](const SamplePtr& sample) { return sample->timeNs > resumedAtNs; }));
    const QString copy = m_dir.filePath(QStringLiteral("saved-%1.numasight").arg(mode));
    QSignalSpy saved(w.saveJob(), &SaveJob::saved);
    w.saveCaptureAs(copy);
    QVERIFY(saved.wait(kTimeout));
    const auto read = readCaptureFile(copy);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    QCOMPARE(int(read.value()->samples.size()), samples);
    QCOMPARE(read.value()->source.mode, mode);
    QCOMPARE(read.value()->snapshots.size(), w.capture()->snapshots.size());
}

void TestLiveSession::closeWhileRecording()
{
    Spinner spinner;
    const QString file = m_dir.filePath(QStringLiteral("closed.numasight"));
    auto w = std::make_unique<MainWindow>();
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QVERIFY(w->startRecording(numasight::test::recordThisProcess(file)));
    QTRY_VERIFY_WITH_TIMEOUT(sampleCount(*w) >= 2, kTimeout);
    QSignalSpy finished(w->recorder(), &RecordingController::finished);
    QVERIFY(w->close());
    // close() returned with the recording over: collectors stopped, file closed.
    QCOMPARE(finished.size(), 1);
    QCOMPARE(w->recorder()->state(), RecordingController::State::Idle);
    w.reset();
    const auto read = readCaptureFile(file);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    QVERIFY(read.value()->samples.size() >= 2);
    QVERIFY(!QFileInfo::exists(file + QStringLiteral("-journal")));
}

void TestLiveSession::openFileStopsRecording()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const RecordOptions options =
        numasight::test::recordThisProcess(m_dir.filePath(QStringLiteral("superseded.numasight")));
    QVERIFY(w.startRecording(options));
    QTRY_VERIFY_WITH_TIMEOUT(sampleCount(w) >= 1, kTimeout);
    const QString witty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
    w.openPath(witty);
    QTRY_VERIFY_WITH_TIMEOUT(!w.isLive(), kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(w.currentPath(), QFileInfo(witty).absoluteFilePath(), kTimeout);
    // The recording's last samples do not come back over the file.
    QTest::qWait(300);
    QCOMPARE(w.currentPath(), QFileInfo(witty).absoluteFilePath());
    QVERIFY(w.capture()->samples.empty());
    QVERIFY(readCaptureFile(options.outputPath).ok());
}

void TestLiveSession::attachWitty()
{
    const QByteArray graph = fixture();
    QVERIFY(!graph.isEmpty());
    FakeWitty a(Behaviour::Serve, envelope(graph, QStringLiteral("10.0.0.1")));
    FakeWitty b(Behaviour::Serve, envelope(graph, QStringLiteral("10.0.0.2")));
    QVERIFY(a.isListening() && b.isListening());
    const quint16 refused = refusedPort();

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::keyClick(&w, Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
    WittyAttachDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = w.findChild<WittyAttachDialog*>()) && dialog->isVisible());
    QPushButton* ok = dialog->buttons()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled()); // nothing entered yet
    QTest::keyClicks(dialog->urlsEdit(), QStringLiteral("ftp://nope"));
    QVERIFY(!ok->isEnabled());
    dialog->urlsEdit()->clear();
    const QStringList lines{QStringLiteral("127.0.0.1:%1").arg(a.port()),
                            QStringLiteral("http://127.0.0.1:%1").arg(b.port()),
                            QStringLiteral("127.0.0.1:%1").arg(refused)};
    for (const QString& line : lines) {
        QTest::keyClicks(dialog->urlsEdit(), line);
        QTest::keyClick(dialog->urlsEdit(), Qt::Key_Return);
    }
    // The fake servers answer from this thread: rounds far enough apart that a busy machine (a sanitizer
    // build beside other tests) still answers each before the next is due, or that is the message shown.
    dialog->intervalSpin()->setValue(1.5);
    dialog->timeoutSpin()->setValue(3);
    QVERIFY(ok->isEnabled());
    QTest::mouseClick(ok, Qt::LeftButton);
    QVERIFY(w.isLive());
    QVERIFY(w.wittyPoller());

    // Rounds arrive; both hosts' namespaces are in the browser; the refused one is said in the log, and
    // in the live status while it fails, not in a banner.
    QTRY_VERIFY_WITH_TIMEOUT(w.capture() && w.capture()->snapshots.size() >= 2, kTimeout);
    QVERIFY(w.timeline()->isVisible());
    QCOMPARE(w.timeline()->slider()->maximum(), int(w.capture()->snapshots.size()) - 1);
    LogPanel* log = w.findChild<LogPanel*>();
    QVERIFY(log);
    QTRY_COMPARE(log->count(), 1);
    QVERIFY2(log->text(0).contains(QStringLiteral("refused")) &&
                 log->text(0).contains(QString::number(refused)),
             qPrintable(log->text(0)));
    QVERIFY(log->isVisible());
    QVERIFY(!w.messageBar()->isVisible());
    QTRY_VERIFY(w.liveIndicator()->label()->text().contains(
        QStringLiteral("127.0.0.1:%1: connection refused, retrying in 1.5 s").arg(refused)));
    const Snapshot* shown = w.browserPanel()->model()->snapshot();
    QVERIFY(shown);
    for (const QString& ns : {QStringLiteral("10.0.0.1"), QStringLiteral("10.0.0.2")}) {
        const EntityId worker = shown->processByPid(1895087, ns);
        QVERIFY2(worker.isValid(), qPrintable(ns));
        QVERIFY(
            w.browserPanel()->proxy()->mapFromSource(w.browserPanel()->model()->indexOf(worker)).isValid());
    }
    const int rounds = w.timeline()->count();
    QTRY_VERIFY_WITH_TIMEOUT(w.timeline()->count() > rounds, kTimeout); // the others continue
    QCOMPARE(w.timeline()->position(), w.timeline()->count() - 1);
    QVERIFY(w.liveIndicator()->label()->text().startsWith(QStringLiteral("Polling · 3 hosts")));
    QVERIFY(!w.liveIndicator()->pauseButton()->isVisible());
    // The same failure every round is logged once.
    const int now = w.timeline()->count();
    QTRY_VERIFY_WITH_TIMEOUT(w.timeline()->count() > now, kTimeout);
    QCOMPARE(log->count(), 1);
    QVERIFY(!w.messageBar()->isVisible());

    // Going back in the timeline shows an older round.
    w.setTimelinePosition(0);
    QCOMPARE(w.snapshotIndex(), 0);
    QCOMPARE(w.browserPanel()->model()->snapshot(), w.capture()->snapshots[0].get());

    w.activateWindow(); // the dialog had it
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier); // Stop
    QVERIFY(!w.isLive());
    QTRY_VERIFY_WITH_TIMEOUT(!w.wittyPoller()->isRunning(), kTimeout);
    const QString file = m_dir.filePath(QStringLiteral("witty-session.numasight"));
    QSignalSpy saved(w.saveJob(), &SaveJob::saved);
    w.saveCaptureAs(file);
    QVERIFY(saved.wait(kTimeout));
    const auto read = readCaptureFile(file);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    QCOMPARE(int(read.value()->snapshots.size()), w.wittyPoller()->roundsCaptured());
    QCOMPARE(int(read.value()->snapshots.size()), int(w.capture()->snapshots.size()));
    QVERIFY(read.value()->snapshots.back()->processByPid(1895087, QStringLiteral("10.0.0.2")).isValid());
    // The addresses are remembered for the next time.
    QCOMPARE(QSettings().value(QStringLiteral("witty/urls")).toStringList().size(), 3);
}

// A server that refuses: the status says so and when it retries, the file shown before is not shown under
// the session's name, and stopping leaves no banner behind.
void TestLiveSession::unreachableWitty()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy loaded(w.loader(), &LoadJob::finished);
    w.openPath(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    QVERIFY(loaded.wait(kTimeout));
    QVERIFY(w.windowTitle().contains(QStringLiteral("graph.json")));
    const quint16 refused = refusedPort();
    WittyPollOptions options;
    options.interval = std::chrono::milliseconds(5000);
    options.timeout = std::chrono::milliseconds(3000);
    QVERIFY(w.startWittySession({QUrl(QStringLiteral("http://127.0.0.1:%1").arg(refused))}, options));
    QVERIFY(!w.capture());
    QVERIFY(!w.windowTitle().contains(QStringLiteral("graph.json")));
    QTRY_COMPARE_WITH_TIMEOUT(
        w.liveIndicator()->label()->text(),
        QStringLiteral("Polling · 1 host · 0 rounds · connection refused, retrying in 5 s"), kTimeout);
    QVERIFY(w.liveIndicator()->toolTip().contains(QString::number(refused)));
    QVERIFY(!w.messageBar()->isVisible());
    LogPanel* log = w.findChild<LogPanel*>();
    QVERIFY(log);
    QCOMPARE(log->count(), 1);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier); // Stop
    QVERIFY(!w.isLive());
    QVERIFY(!w.liveIndicator()->isVisible());
    QVERIFY(!w.messageBar()->isVisible());
}

// The file field shows the start of a long path, elided in the middle, the whole path in its tooltip; the
// size limit is remembered; recordings left in the cache are offered for deletion.
void TestLiveSession::recordDialogPathAndLimit()
{
    const QString cache = RecordDialog::cacheFolder();
    QVERIFY(QDir().mkpath(cache));
    const QString stale = cache + QStringLiteral("/recording-20200101-000000.numasight");
    QFile file(stale);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(2048, 'x'));
    file.close();
    QFile wal(stale + QStringLiteral("-wal")); // what a crashed run leaves beside it
    QVERIFY(wal.open(QIODevice::WriteOnly));
    wal.write(QByteArray(1024, 'x'));
    wal.close();
    {
        RecordDialog dialog;
        dialog.resize(420, dialog.sizeHint().height());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* edit = qobject_cast<PathLineEdit*>(dialog.outputEdit());
        QVERIFY(edit);
        const QString path = QStringLiteral("/home/someone/projects/numasight/recordings/of/a/long/run/"
                                            "with/many/folders/recording-20260101-120000.numasight");
        edit->setText(path);
        dialog.buttons()->setFocus();
        QVERIFY(!edit->hasFocus());
        const QString shown = edit->shownText();
        QVERIFY2(shown.startsWith(QStringLiteral("/home/")) && shown.contains(QChar(0x2026)) &&
                     shown.endsWith(QStringLiteral(".numasight")),
                 qPrintable(shown));
        QVERIFY(shown.size() < path.size());
        QCOMPARE(edit->toolTip(), path);
        edit->setFocus();
        QCOMPARE(edit->shownText(), path);               // editing shows it whole
        QCOMPARE(dialog.sizeLimitSpin()->value(), 1024); // MiB, the default
        dialog.sizeLimitSpin()->setValue(64);
        dialog.saveSettings();
        QCOMPARE(RecordDialog::rememberedSizeLimit(), 64LL * 1024 * 1024);
        QVERIFY(dialog.staleLabel()->isVisible());
        QVERIFY(dialog.staleLabel()->text().startsWith(QStringLiteral("1 recording(s) of earlier runs")));
        QVERIFY2(dialog.staleLabel()->text().contains(QStringLiteral("(3 KiB)")), // with its -wal
                 qPrintable(dialog.staleLabel()->text()));
        QCOMPARE(RecordDialog::staleRecordings(), QStringList{stale});
        // Deleting asks first; Cancel keeps the file.
        QTimer::singleShot(0, &dialog, [] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
                box->button(QMessageBox::Cancel)->click();
        });
        dialog.deleteStaleButton()->click();
        QVERIFY(QFileInfo::exists(stale));
        QTimer::singleShot(0, &dialog, [] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
                box->button(QMessageBox::Yes)->click();
        });
        dialog.deleteStaleButton()->click();
        QVERIFY(!QFileInfo::exists(stale));
        QVERIFY(!QFileInfo::exists(stale + QStringLiteral("-wal")));
        QVERIFY(!dialog.staleLabel()->isVisible());
    }
    RecordDialog again;
    QCOMPARE(again.sizeLimitSpin()->value(), 64);
}

namespace {

// Answers the next modal box with `button`; it looks every 20 ms, so a slow machine opening it late is
// still answered.
void answerModal(QMessageBox::StandardButton button)
{
    auto* timer = new QTimer(qApp);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, button] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            box->button(button)->click();
            timer->deleteLater();
        }
    });
    timer->start(20);
}

} // namespace

// Quitting with a recording that is only in the cache asks: Cancel keeps the window and the recording,
// Discard deletes the file.
void TestLiveSession::unsavedRecordingOnClose_data()
{
    QTest::addColumn<int>("answer");
    QTest::addColumn<bool>("closed");
    QTest::newRow("cancel") << int(QMessageBox::Cancel) << false;
    QTest::newRow("discard") << int(QMessageBox::Discard) << true;
}

void TestLiveSession::unsavedRecordingOnClose()
{
    QFETCH(int, answer);
    QFETCH(bool, closed);
    QVERIFY(QDir().mkpath(RecordDialog::cacheFolder()));
    const QString path =
        RecordDialog::cacheFolder() + QStringLiteral("/recording-%1.numasight").arg(QTest::currentDataTag());
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.startRecording(numasight::test::recordThisProcess(path)));
    QTRY_VERIFY_WITH_TIMEOUT(sampleCount(w) >= 2, kTimeout);
    answerModal(QMessageBox::StandardButton(answer));
    QCOMPARE(w.close(), closed);
    if (!closed) {
        QVERIFY(w.isLive());
        QVERIFY(QFileInfo::exists(path));
        w.session()->discardRecording();
        QVERIFY(!QFileInfo::exists(path));
        return;
    }
    QVERIFY(!QFileInfo::exists(path));
}

void TestLiveSession::sizeLimitAsks_data()
{
    QTest::addColumn<QString>("answer");
    QTest::addColumn<bool>("recording"); // after the answer
    QTest::newRow("Keep Recording") << "keep" << true;
    QTest::newRow("Resume in the window") << "resume" << true;
    QTest::newRow("Stop in the window") << "stop" << false;
}

// At the size limit the recording pauses and a question opens; Keep Recording resumes it. Answered in the
// window instead, the question closes, so that a later click cannot act on a recording that went on.
void TestLiveSession::sizeLimitAsks()
{
    QFETCH(QString, answer);
    QFETCH(bool, recording);
    QSettings().setValue(QStringLiteral("record/sizeLimitMiB"), 64);
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.startRecording(
        numasight::test::recordThisProcess(m_dir.filePath(QStringLiteral("limited.numasight")))));
    QTRY_VERIFY_WITH_TIMEOUT(sampleCount(w) >= 1, kTimeout);
    w.session()->setRecordingSizeLimit(1);
    QPointer<QMessageBox> box;
    QTRY_VERIFY_WITH_TIMEOUT((box = w.findChild<QMessageBox*>(QStringLiteral("sizeLimitBox"))), kTimeout);
    QVERIFY(w.recorder()->isPaused());
    QVERIFY(w.liveIndicator()->label()->text().startsWith(QStringLiteral("Paused at the size limit")));
    // The next question comes at the limit Keep Recording will set, past what is written already.
    const qint64 next = Session::nextSizeLimit(1, w.session()->recordingBytes());
    QVERIFY(next > w.session()->recordingBytes());
    QVERIFY2(box->informativeText().contains(formatBytes(double(next))), qPrintable(box->informativeText()));
    if (answer == QLatin1String("keep"))
        box->findChild<QPushButton*>(QStringLiteral("keepRecordingButton"))->click();
    else if (answer == QLatin1String("resume"))
        w.session()->setRecordingPaused(false);
    else
        w.session()->stop();
    QTRY_VERIFY(!box || !box->isVisible());
    if (recording) {
        QVERIFY(w.recorder()->isActive() && !w.recorder()->isPaused());
        QCOMPARE(w.session()->recordingSizeLimit(), next);
    } else {
        QTRY_VERIFY_WITH_TIMEOUT(!w.recorder()->isActive(), kTimeout);
    }
    w.session()->stopAndWait();
}

QTEST_MAIN(TestLiveSession)
#include "tst_live_session.moc"
