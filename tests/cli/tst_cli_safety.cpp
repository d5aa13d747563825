// SPDX-License-Identifier: GPL-3.0-or-later
// What numasight-cli prints or records must be safe to read and to run: control characters from names, file
// names and command lines are shown escaped in every text output, generated commands end the options before
// a name, and `record --pid` refuses a process that is not there and stops when its processes are gone.
#include "support/test_process.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace numasight::test;

namespace {

ProcessRun cli(const QStringList& args)
{
    return runProcess(QStringLiteral(NUMASIGHT_CLI), args);
}

// Bytes a terminal acts on, other than the line breaks of the output itself: C0, DEL, and C1 as UTF-8.
QByteArray rawControls(const QByteArray& out)
{
    QByteArray found;
    for (qsizetype i = 0; i < out.size(); ++i) {
        const auto b = static_cast<unsigned char>(out[i]);
        const bool c1 = b == 0xc2 && i + 1 < out.size() && static_cast<unsigned char>(out[i + 1]) >= 0x80 &&
                        static_cast<unsigned char>(out[i + 1]) <= 0x9f;
        if ((b < 0x20 && b != '\n') || b == 0x7f || c1)
            found += out.mid(std::max<qsizetype>(0, i - 20), 40) + " | ";
    }
    return found;
}

} // namespace

class TestCliSafety : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void textOutputs_data();
    void textOutputs();
    void recordPid_data();
    void recordPid();

private:
    QTemporaryDir m_dir;
    QString m_hostile; // the witty fixture in an envelope, with hostile names, under a hostile file name
    QString m_plain;   // the fixture as it is
};

void TestCliSafety::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QFile f(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray graph = f.readAll();
    // A container named like a docker option; a worker's command line that sets the terminal title, rings,
    // returns to the start of the line and erases it; a host name that clears the screen.
    graph.replace("docker-cac9af6aa1ee", "--restart=always");
    graph.replace("spawn_main(tracker_fd=25", "spawn_main(\\u001b]0;owned\\u0007\\r\\u001b[2Ktracker_fd=25");
    const QByteArray envelope =
        "{\"env\": {\"local_ip\": \"10.0.0.1\", \"hostname\": \"evil\\u001b[2J\\rhost\"},"
        "\n\"content\": " +
        graph + "}";
    m_hostile = m_dir.filePath(QStringLiteral("bad\x1b]0;t\x07\rname.json"));
    QFile out(m_hostile);
    QVERIFY(out.open(QIODevice::WriteOnly));
    QCOMPARE(out.write(envelope), envelope.size());
    out.close();
    m_plain = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
}

void TestCliSafety::textOutputs_data()
{
    QTest::addColumn<QStringList>("args");     // HOSTILE and PLAIN are replaced by the files
    QTest::addColumn<QStringList>("expected"); // each in stdout
    QTest::newRow("advise") << QStringList{"advise", "HOSTILE"}
                            << QStringList{"spawn_main(\\e]0;owned\\a\\r\\e[2Ktracker_fd=25",
                                           "--cpuset-mems 1,3-4,6 -- '--restart=always'", "shown escaped"};
    QTest::newRow("info") << QStringList{"info", "HOSTILE"}
                          << QStringList{"bad\\e]0;t\\a\\rname.json", "evil\\e[2J\\rhost"};
    QTest::newRow("diff") << QStringList{"diff", "PLAIN", "HOSTILE"}
                          << QStringList{"B: ", "bad\\e]0;t\\a\\rname.json"};
}

void TestCliSafety::textOutputs()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, expected);
    args.replaceInStrings(QStringLiteral("HOSTILE"), m_hostile);
    args.replaceInStrings(QStringLiteral("PLAIN"), m_plain);
    const ProcessRun r = cli(args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QByteArray controls = rawControls(r.out);
    QVERIFY2(controls.isEmpty(), controls.constData());
    for (const QString& e : expected)
        QVERIFY2(r.out.contains(e.toUtf8()),
                 qPrintable(e + QStringLiteral(" not in:\n") + QString::fromUtf8(r.out)));

    // --json is data, not a terminal's text: the exact bytes, JSON-escaped, so the command still runs as is.
    if (args.first() == QLatin1String("advise")) {
        const ProcessRun json = cli(args + QStringList{QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 0);
        QVERIFY(json.out.contains("\\u001b]0;owned\\u0007\\r\\u001b[2K"));
    }
}

void TestCliSafety::recordPid_data()
{
    QTest::addColumn<QString>(
        "target"); // "missing": a pid no process has; "short": a child that exits at once
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no such process") << "missing" << 1 << "pid 999999: no such process";
    QTest::newRow("the process exits") << "short" << 0 << "every watched process has exited";
}

void TestCliSafety::recordPid()
{
    QFETCH(QString, target);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const QString out = m_dir.filePath(QStringLiteral("record-%1.numasight").arg(target));
    QString pid = QStringLiteral("999999");
    QProcess child;
    if (target == QLatin1String("short")) {
        // Long enough for the CLI to start on a loaded machine, far shorter than the recording asked for.
        child.start(QStringLiteral("sleep"), {QStringLiteral("4")});
        QVERIFY(child.waitForStarted());
        pid = QString::number(child.processId());
    } else {
        QVERIFY(!QFileInfo::exists(QStringLiteral("/proc/999999")));
    }
    QElapsedTimer clock;
    clock.start();
    const ProcessRun r =
        cli({QStringLiteral("record"), QStringLiteral("--pid"), pid, QStringLiteral("--mode"),
             QStringLiteral("procfs"), QStringLiteral("--duration"), QStringLiteral("20s"),
             QStringLiteral("--interval"), QStringLiteral("200ms"), QStringLiteral("-o"), out});
    child.waitForFinished();
    QVERIFY2(r.exitCode == exitCode, r.err.constData());
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY2(!r.err.trimmed().contains('\n') || exitCode == 0, r.err.constData());
    if (exitCode != 0) {
        QVERIFY(!QFileInfo::exists(out));
        return;
    }
    // Stopped once the child was gone, long before the 20 s asked for, with its samples kept.
    QVERIFY2(clock.elapsed() < 15000, qPrintable(QString::number(clock.elapsed())));
    const ProcessRun info = cli({QStringLiteral("info"), out, QStringLiteral("--json")});
    QCOMPARE(info.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(info.out).object();
    QVERIFY2(json[u"source"][u"samples"].toInt() >= 1, info.out.left(400).constData());
}

QTEST_GUILESS_MAIN(TestCliSafety)
#include "tst_cli_safety.moc"
