// SPDX-License-Identifier: GPL-3.0-or-later
// The Session alone, without a window: what is shown as a file, a recording of this process and a file again
// follow each other; the timeline's position is clamped and walks samples and snapshots; Apply is allowed
// only for this machine now, and says why not otherwise; so is a measurement, and not while live.
#include "readers/open_input.h"
#include "record/machine_identity.h"
#include "support/capture_samples.h"
#include "support/file_size_limit.h"
#include "support/recording_fixture.h"
#include "support/witty_test_server.h"
#include "views/jobs/save_job.h"
#include "views/live/record_dialog.h"
#include "views/live/recording_controller.h"
#include "views/live/recording_prompts.h"
#include "views/live/session.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace numasight;
using numasight::test::makeRecording;
using numasight::test::recordThisProcess;

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kDgx2 = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/nvidiaDGX2.xml");
constexpr int kTimeout = 30000;

bool openIn(Session& session, const QString& path)
{
    QSignalSpy opened(&session, &Session::opened);
    session.open(path);
    return (opened.wait(kTimeout) || !opened.isEmpty()) && session.capture();
}

// graph.json `rounds` times as JSON Lines: one snapshot a round.
QString makeRounds(const QString& path, int rounds)
{
    QFile in(kWitty);
    QFile out(path);
    if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly))
        return {};
    const QByteArray line = QJsonDocument::fromJson(in.readAll()).toJson(QJsonDocument::Compact) + '\n';
    for (int i = 0; i < rounds; ++i)
        out.write(line);
    return path;
}

} // namespace

class TestSession : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void fileLiveFile_data();
    void fileLiveFile();
    void positions_data();
    void positions();
    void applyAllowed_data();
    void applyAllowed();
    void measureAllowed_data();
    void measureAllowed();
    void closeShowsNothing();
    void sizeLimit();
    void unsavedRecording_data();
    void unsavedRecording();
    void moveRecordingKeepsFiles_data();
    void moveRecordingKeepsFiles();
    void recorderWarningsLogged();
    void saveOnFullDisk_data();
    void saveOnFullDisk();

private:
    QTemporaryDir m_dir;
};

void TestSession::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("numasight-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_session"));
    QVERIFY(m_dir.isValid());
}

void TestSession::fileLiveFile_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::newRow("witty file, recording, hwloc file") << kWitty << kDgx2;
    QTest::newRow("this machine, recording, witty file") << QString::fromLatin1(kLocalMachine) << kWitty;
}

void TestSession::fileLiveFile()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    Session session;
    QSignalSpy captures(&session, &Session::captureChanged);
    QSignalSpy opened(&session, &Session::opened);

    // A file: shown fresh, at its first position, nothing live.
    QVERIFY(openIn(session, before));
    const QString beforePath =
        before == QLatin1String(kLocalMachine) ? before : QFileInfo(before).absoluteFilePath();
    QCOMPARE(opened.size(), 1);
    QCOMPARE(opened.front().front().toString(), beforePath);
    QCOMPARE(captures.size(), 1);
    QCOMPARE(captures.front().at(1).toBool(), true);
    QCOMPARE(session.path(), beforePath);
    QCOMPARE(session.live(), Session::Live::None);
    QCOMPARE(session.position(), 0);
    QCOMPARE(session.snapshotIndex(), 0);
    QVERIFY(!session.isFollowingLatest());
    QVERIFY(!session.showsRecording());

    // A recording: the file stays until its first capture, which is fresh; then it grows and the position
    // follows the newest sample.
    const QString file = m_dir.filePath(QStringLiteral("session-%1.numasight").arg(QTest::currentDataTag()));
    QSignalSpy recorded(&session, &Session::fileRecorded);
    captures.clear();
    QVERIFY(session.startRecording(recordThisProcess(file)));
    QCOMPARE(session.live(), Session::Live::Recording);
    QCOMPARE(session.path(), beforePath);
    QTRY_VERIFY_WITH_TIMEOUT(session.capture() && session.capture()->samples.size() >= 3, kTimeout);
    QCOMPARE(captures.front().at(1).toBool(), true);
    QCOMPARE(captures.back().at(1).toBool(), false);
    QCOMPARE(session.path(), file);
    QVERIFY(session.showsRecording());
    QVERIFY(session.isFollowingLatest());
    QCOMPARE(session.position(), session.positionCount() - 1);
    QCOMPARE(session.positionCount(), int(session.capture()->samples.size()));
    QCOMPARE(session.title(), QFileInfo(file).fileName());

    // Another file ends the recording; what it still writes does not come back over the file.
    QVERIFY(openIn(session, after));
    const CapturePtr shown = session.capture();
    QVERIFY(shown->samples.empty());
    QCOMPARE(session.path(), QFileInfo(after).absoluteFilePath());
    QVERIFY(!session.showsRecording());
    QTRY_VERIFY_WITH_TIMEOUT(session.live() == Session::Live::None, kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(recorded.size(), 1, kTimeout);
    QCOMPARE(recorded.front().front().toString(), file);
    QTest::qWait(300);
    QCOMPARE(session.capture(), shown);
    QCOMPARE(session.position(), 0);
    QVERIFY(!session.isFollowingLatest());
}

void TestSession::positions_data()
{
    QTest::addColumn<QString>("capture"); // "rounds" (3 snapshots) or "recording" (4 samples, 2 snapshots)
    QTest::addColumn<int>("asked");
    QTest::addColumn<int>("position");
    QTest::addColumn<int>("snapshot");
    QTest::newRow("rounds: inside") << "rounds" << 1 << 1 << 1;
    QTest::newRow("rounds: below the first") << "rounds" << -5 << 0 << 0;
    QTest::newRow("rounds: after the last") << "rounds" << 9 << 2 << 2;
    QTest::newRow("recording: a sample of snapshot 0") << "recording" << 1 << 1 << 0;
    QTest::newRow("recording: the last sample, of snapshot 1") << "recording" << 3 << 3 << 1;
    QTest::newRow("recording: after the last") << "recording" << 100 << 3 << 1;
    QTest::newRow("recording: below the first") << "recording" << -1 << 0 << 0;
}

void TestSession::positions()
{
    QFETCH(QString, capture);
    QFETCH(int, asked);
    QFETCH(int, position);
    QFETCH(int, snapshot);
    const QString path = capture == u"rounds"
                             ? makeRounds(m_dir.filePath(QStringLiteral("rounds.jsonl")), 3)
                             : makeRecording(m_dir.filePath(QStringLiteral("recording.numasight")));
    QVERIFY(!path.isEmpty());
    Session session;
    QVERIFY(openIn(session, path));
    QCOMPARE(session.positionCount(), capture == u"rounds" ? 3 : 4);
    QCOMPARE(session.position(), 0); // a file starts at its first position

    QSignalSpy moved(&session, &Session::positionChanged);
    QSignalSpy snapshots(&session, &Session::snapshotChanged);
    session.setPosition(asked);
    QCOMPARE(session.position(), position);
    QCOMPARE(session.snapshotIndex(), snapshot);
    QCOMPARE(moved.size(), position != 0 ? 1 : 0);
    if (!moved.isEmpty())
        QCOMPARE(moved.front(), (QList<QVariant>{snapshot, position}));
    QCOMPARE(snapshots.size(), snapshot != 0 ? 1 : 0);
    QCOMPARE(session.isFollowingLatest(), position == session.positionCount() - 1);
    QCOMPARE(session.shown().snapshot(), session.capture()->snapshots[size_t(snapshot)]);
    if (capture == u"recording") {
        QCOMPARE(session.sample(), session.capture()->samples[size_t(position)]);
        QCOMPARE(session.sampleSnapshot(), session.capture()->snapshots[size_t(snapshot)]);
        QVERIFY(session.describePosition(position).startsWith(
            QStringLiteral("Sample %1 of 4").arg(position + 1)));
        QVERIFY(session.sampleCaption().startsWith(QStringLiteral("Sample %1 of 4").arg(position + 1)));
    } else {
        QVERIFY(!session.sample());
        QVERIFY(session.sampleCaption().isEmpty());
        QVERIFY(session.describePosition(position).startsWith(
            QStringLiteral("Snapshot %1 of 3").arg(position + 1)));
        // Without samples the snapshot is the position.
        session.setSnapshotIndex(0);
        QCOMPARE(session.position(), 0);
    }
    QVERIFY(session.describePosition(session.positionCount()).isEmpty());
}

void TestSession::applyAllowed_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("reason"); // a part of it
    QTest::newRow("nothing shown") << "none" << false << "Open a capture of this machine first.";
    QTest::newRow("a file") << "file" << false << "this is a file capture (graph.json)";
    QTest::newRow(":local:") << "local" << true << "";
    QTest::newRow("a recording, running") << "recording" << true << "";
    QTest::newRow("a recording, stopped") << "stopped" << false << "file capture (apply-stopped.numasight)";
    QTest::newRow("witty-profiler servers") << "witty" << false << "witty-profiler session of other hosts";
}

void TestSession::applyAllowed()
{
    QFETCH(QString, source);
    QFETCH(bool, allowed);
    QFETCH(QString, reason);
    Session session;
    QSignalSpy said(&session, &Session::applyAllowedChanged);
    testing::FakeWitty server(testing::Behaviour::Serve,
                              testing::envelope(testing::fixture(), QStringLiteral("10.0.0.9")));
    if (source == u"file" || source == u"local") {
        QVERIFY(openIn(session, source == u"file" ? kWitty : QString::fromLatin1(kLocalMachine)));
    } else if (source == u"recording" || source == u"stopped") {
        QVERIFY(session.startRecording(
            recordThisProcess(m_dir.filePath(QStringLiteral("apply-%1.numasight").arg(source)))));
        QTRY_VERIFY_WITH_TIMEOUT(session.capture() && !session.capture()->samples.empty(), kTimeout);
        if (source == u"stopped") {
            session.stop();
            QTRY_VERIFY_WITH_TIMEOUT(!session.isLive(), kTimeout);
        }
    } else if (source == u"witty") {
        QVERIFY(server.isListening());
        QVERIFY(session.startWitty({QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port()))}, {}));
        QTRY_VERIFY_WITH_TIMEOUT(session.capture(), kTimeout);
    }
    QString why;
    QCOMPARE(session.canApply(&why), allowed);
    QVERIFY2(reason.isEmpty() ? why.isEmpty() : why.contains(reason), qPrintable(why));
    // What the advice is told: the last word said is the state now (said when it changed only).
    if (source != u"none") {
        QVERIFY(!said.isEmpty());
        QCOMPARE(said.back(), (QList<QVariant>{allowed, why}));
    }
    for (int i = 1; i < said.size(); ++i)
        QVERIFY(said[i] != said[i - 1]);
}

void TestSession::measureAllowed_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("reason"); // a part of it
    QTest::newRow("nothing shown") << "none" << false << "Open a capture first.";
    QTest::newRow("a witty file") << "file" << false
                                  << "its source (witty-json) does not say which machine it is of";
    QTest::newRow(":local:") << "local" << true << "";
    QTest::newRow("a recording, running")
        << "recording" << false << "Stop the live session before measuring.";
    QTest::newRow("a recording, stopped") << "stopped" << true << "";
    QTest::newRow("made here, with this machine's id") << "this id" << true << "";
    QTest::newRow("made elsewhere, with its id")
        << "other id" << false << "made on another machine (ascend-01, machine id 4f2c)";
    QTest::newRow("recorded here without an id") << "this host" << true << "";
    QTest::newRow("recorded on another host without an id") << "other host" << false << "of host ascend-01";
}

void TestSession::measureAllowed()
{
    QFETCH(QString, source);
    QFETCH(bool, allowed);
    QFETCH(QString, reason);
    if (thisMachineId().isEmpty() && source.endsWith(u"id"))
        QSKIP("this machine has no /etc/machine-id");
    Session session;
    if (source == u"file" || source == u"local") {
        QVERIFY(openIn(session, source == u"file" ? kWitty : QString::fromLatin1(kLocalMachine)));
    } else if (source == u"recording" || source == u"stopped") {
        QVERIFY(session.startRecording(
            recordThisProcess(m_dir.filePath(QStringLiteral("measure-%1.numasight").arg(source)))));
        QTRY_VERIFY_WITH_TIMEOUT(session.capture() && !session.capture()->samples.empty(), kTimeout);
        if (source == u"stopped") {
            session.stop();
            QTRY_VERIFY_WITH_TIMEOUT(!session.isLive(), kTimeout);
        }
    } else if (source != u"none") {
        // A recording's source as each machine and numasight version writes it.
        Capture capture = test::richRecording();
        capture.source.extra.clear();
        if (source == u"this id")
            capture.source.extra.insert(QLatin1String(kMachineIdKey), thisMachineId());
        else if (source == u"other id")
            capture.source.extra.insert(QLatin1String(kMachineIdKey), QStringLiteral("4f2c"));
        if (source == u"this host")
            capture.source.hostname = QSysInfo::machineHostName();
        const QString path = m_dir.filePath(QStringLiteral("measure-%1.numasight").arg(source));
        QVERIFY(!writeCaptureFile(capture, path));
        QVERIFY(openIn(session, path));
    }
    QString why;
    QCOMPARE(session.canMeasure(&why), allowed);
    QVERIFY2(reason.isEmpty() ? why.isEmpty() : why.contains(reason), qPrintable(why));
}

void TestSession::closeShowsNothing()
{
    Session session;
    QVERIFY(openIn(session, kWitty));
    QSignalSpy captures(&session, &Session::captureChanged);
    QSignalSpy moved(&session, &Session::positionChanged);
    session.close();
    QVERIFY(!session.capture());
    QVERIFY(session.path().isEmpty());
    QCOMPARE(captures.size(), 1);
    QVERIFY(!captures.front().front().value<CapturePtr>());
    QCOMPARE(moved.size(), 1);
    QCOMPARE(moved.front(), (QList<QVariant>{-1, -1}));
    QVERIFY(!session.shown().isValid());
    QCOMPARE(session.positionCount(), 0);
    session.setPosition(2); // nothing to move
    QCOMPARE(session.position(), -1);
}

// At the limit the recording pauses and asks once; keeping on doubles the limit and resumes.
void TestSession::sizeLimit()
{
    Session session;
    QSignalSpy reached(&session, &Session::sizeLimitReached);
    QVERIFY(session.startRecording(recordThisProcess(m_dir.filePath(QStringLiteral("limit.numasight")))));
    QCOMPARE(session.recordingSizeLimit(), 1024LL * 1024 * 1024); // the dialog's default
    session.setRecordingSizeLimit(1);
    QTRY_COMPARE_WITH_TIMEOUT(reached.size(), 1, kTimeout);
    const qint64 bytes = reached.front().at(0).toLongLong();
    QVERIFY(bytes >= 1);
    QCOMPARE(reached.front().at(1).toLongLong(), 1);
    QVERIFY(session.recorder()->isPaused());
    QVERIFY(session.liveStatus().text.startsWith(QStringLiteral("Paused at the size limit · ")));
    QVERIFY(session.liveStatus().text.contains(QStringLiteral("limit.numasight")));
    QVERIFY(session.liveStatus().toolTip.contains(m_dir.filePath(QStringLiteral("limit.numasight"))));
    QTest::qWait(300); // paused: it is not asked again
    QCOMPARE(reached.size(), 1);
    session.keepRecordingPastLimit();
    QVERIFY(!session.recorder()->isPaused());
    QVERIFY(session.recordingSizeLimit() > bytes);
    QCOMPARE(session.recordingSizeLimit() & (session.recordingSizeLimit() - 1), 0); // 1 doubled
    session.setRecordingSizeLimit(0);                                               // none: never asked
    const int samples = session.recorder()->sampleCount();
    QTRY_VERIFY_WITH_TIMEOUT(session.recorder()->sampleCount() > samples + 1, kTimeout);
    QCOMPARE(reached.size(), 1);
    session.stopAndWait();
}

void TestSession::unsavedRecording_data()
{
    QTest::addColumn<bool>("inCache");
    QTest::addColumn<bool>("saved");
    QTest::addColumn<bool>("unsaved");
    QTest::newRow("in the cache") << true << false << true;
    QTest::newRow("in the cache, saved as") << true << true << false;
    QTest::newRow("a file the user named") << false << false << false;
}

void TestSession::unsavedRecording()
{
    QFETCH(bool, inCache);
    QFETCH(bool, saved);
    QFETCH(bool, unsaved);
    QVERIFY(QDir().mkpath(RecordDialog::cacheFolder()));
    const QString path =
        inCache ? RecordDialog::defaultOutputPath()
                : m_dir.filePath(QStringLiteral("named-%1.numasight").arg(QTest::currentDataTag()));
    Session session;
    QVERIFY(session.startRecording(recordThisProcess(path)));
    QTRY_VERIFY_WITH_TIMEOUT(session.capture() && session.capture()->samples.size() >= 2, kTimeout);
    session.stop();
    QTRY_VERIFY_WITH_TIMEOUT(!session.isLive(), kTimeout);
    if (saved) {
        QSignalSpy done(session.saveJob(), &SaveJob::saved);
        session.saveAs(m_dir.filePath(QStringLiteral("copy.numasight")));
        QVERIFY(done.wait(kTimeout));
    }
    QCOMPARE(session.unsavedRecording(), unsaved ? QFileInfo(path).absoluteFilePath() : QString());
    if (!unsaved) {
        QFile::remove(path);
        return;
    }
    // The one recorded in this run is not offered as left by an earlier run; a file an earlier run left is.
    QVERIFY(QFileInfo(path).absolutePath() == QFileInfo(RecordDialog::cacheFolder()).absoluteFilePath());
    QVERIFY(!RecordDialog::staleRecordings().contains(QFileInfo(path).absoluteFilePath()));
    const QString earlier =
        RecordDialog::cacheFolder() + QStringLiteral("/recording-19990101-000000.numasight");
    QFile file(earlier);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QVERIFY(RecordDialog::staleRecordings().contains(QFileInfo(earlier).absoluteFilePath()));
    QVERIFY(QFile::remove(earlier));
    session.discardRecording();
    QVERIFY(!QFileInfo::exists(path));
    QVERIFY(!session.capture());
    QVERIFY(session.unsavedRecording().isEmpty());
}

void TestSession::moveRecordingKeepsFiles_data()
{
    QTest::addColumn<QString>("target"); // relative to the test's folder
    QTest::addColumn<bool>("targetExists");
    QTest::addColumn<bool>("moved");
    QTest::addColumn<QString>("error");
    QTest::newRow("new file") << "saved.numasight" << false << true << QString();
    QTest::newRow("replaces an existing file") << "saved.numasight" << true << true << QString();
    QTest::newRow("missing folder: both kept")
        << "no/such/folder/saved.numasight" << false << false << "No such file or directory";
}

// Saving the recording on quit puts it in place before anything is replaced: a failure loses neither the
// recording nor the file the user picked.
void TestSession::moveRecordingKeepsFiles()
{
    QFETCH(QString, target);
    QFETCH(bool, targetExists);
    QFETCH(bool, moved);
    QFETCH(QString, error);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString recording = dir.filePath(QStringLiteral("recording-1.numasight"));
    const auto write = [](const QString& path, const QByteArray& bytes) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    };
    QVERIFY(write(recording, QByteArray("the recording")));
    const QString to = dir.filePath(target);
    if (targetExists)
        QVERIFY(write(to, QByteArray("the user's file")));
    QString why;
    QCOMPARE(moveRecording(nullptr, recording, to, &why), moved);
    const auto read = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    if (moved) {
        QCOMPARE(read(to), QByteArray("the recording"));
        QVERIFY(!QFileInfo::exists(recording));
        QVERIFY(!QFileInfo::exists(to + QStringLiteral(".part")));
    } else {
        QVERIFY2(why.contains(error), qPrintable(why));
        QCOMPARE(read(recording), QByteArray("the recording"));
    }
}

// What the recorder warns goes to the log once per kind, never to the message bar.
void TestSession::recorderWarningsLogged()
{
    Session session;
    QSignalSpy logged(&session, &Session::logged);
    QSignalSpy messages(&session, &Session::message);
    QVERIFY(session.startRecording(recordThisProcess(m_dir.filePath(QStringLiteral("warn.numasight")))));
    const RecordingController* recorder = session.recorder();
    for (const char* w :
         {"pid 1: cannot read numa_maps: Permission denied",
          "pid 2: cannot read numa_maps: Permission denied", "pid 1: cannot read fd: Permission denied"})
        QMetaObject::invokeMethod(const_cast<RecordingController*>(recorder), "warning",
                                  Q_ARG(QString, QString::fromLatin1(w)));
    QCOMPARE(logged.size(), 2); // numa_maps once, fd once
    QVERIFY(logged[0].at(0).toString().contains(QStringLiteral("numa_maps")));
    QVERIFY(logged[0].at(0).toString().contains(QStringLiteral("CAP_SYS_PTRACE")));
    QVERIFY(logged[1].at(0).toString().contains(QStringLiteral("Cannot read fd")));
    QVERIFY(messages.isEmpty());
    session.stopAndWait();
}

// Save As… copies the recording through a temporary that replaces the target only when the disk took every
// byte: a full disk (here a file size limit) leaves the old file as it was and no temporary behind.
void TestSession::saveOnFullDisk_data()
{
    QTest::addColumn<int>("limit");
    QTest::addColumn<bool>("targetExists");
    QTest::newRow("old file kept") << 64 * 1024 << true;
    QTest::newRow("no half file") << 64 * 1024 << false;
    QTest::newRow("nothing fits") << 0 << true;
}

void TestSession::saveOnFullDisk()
{
    QFETCH(int, limit);
    QFETCH(bool, targetExists);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString source = dir.filePath(QStringLiteral("recording.numasight"));
    const QString target = dir.filePath(QStringLiteral("saved.numasight"));
    {
        QFile f(source);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.write(QByteArray(300 * 1024, 'r')) == 300 * 1024);
    }
    const QByteArray old = "the capture saved before\n";
    if (targetExists) {
        QFile f(target);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(old), old.size());
    }
    QString error;
    {
        const numasight::test::FileSizeLimit full{rlim_t(limit)};
        QVERIFY(full.ok());
        error = copyFileAtomically(source, target);
    }
    QVERIFY2(error.contains(target) && error.contains(QLatin1String("cannot write")), qPrintable(error));
    QCOMPARE(error.count(QLatin1Char('\n')), 0);
    if (targetExists) {
        QFile f(target);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), old);
    } else {
        QVERIFY(!QFileInfo::exists(target));
    }
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), targetExists ? 2 : 1);
}

QTEST_MAIN(TestSession)
#include "tst_session.moc"
