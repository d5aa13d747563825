// SPDX-License-Identifier: GPL-3.0-or-later
// packaging/slurm/numasight-record.sh against a real Slurm: a one-node cluster on localhost (munged,
// slurmctld and slurmd as children of the test, with their key, configuration, state and ports of their own)
// records one capture per node, named after the node, under sbatch, under salloc and beside a running job;
// and the script's refusals. Skipped, with the reason, where the Slurm daemons are missing or cannot start.
#include "support/test_process.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace numasight::test;

namespace {

const QString kScript = QStringLiteral(NUMASIGHT_SOURCE_DIR "/packaging/slurm/numasight-record.sh");

// The environment outside any Slurm job: nothing of a job the test itself might run in.
QProcessEnvironment environmentOutsideSlurm()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& key : env.keys())
        if (key.startsWith(QLatin1String("SLURM")) || key.startsWith(QLatin1String("NUMASIGHT_")))
            env.remove(key);
    return env;
}

QString lastLine(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("(no output)");
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    return QString::fromUtf8(lines.last().trimmed());
}

// Two distinct ports nothing listens on now (both are held until both are known).
QList<quint16> freePorts()
{
    QTcpServer a, b;
    if (!a.listen(QHostAddress::Any, 0) || !b.listen(QHostAddress::Any, 0))
        return {};
    return {a.serverPort(), b.serverPort()};
}

// munged, slurmctld and slurmd for one node named after this host, everything in a temporary folder. The
// daemons die with the test (PR_SET_PDEATHSIG) if it crashes; stop() ends them and every job first.
class LocalSlurm
{
public:
    ~LocalSlurm() { stop(); }

    // Empty when the node is idle, else why it cannot run.
    QString start()
    {
        const QStringList sbin{QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")};
        for (const char* daemon : {"munged", "slurmctld", "slurmd"})
            if (QStandardPaths::findExecutable(QString::fromLatin1(daemon), sbin).isEmpty() &&
                QStandardPaths::findExecutable(QString::fromLatin1(daemon)).isEmpty())
                return QStringLiteral(
                           "%1 is not installed (apt-get install slurmctld slurmd slurm-client munge)")
                    .arg(QString::fromLatin1(daemon));
        for (const char* client : {"sbatch", "salloc", "srun", "sinfo", "squeue", "scontrol", "scancel"})
            if (QStandardPaths::findExecutable(QString::fromLatin1(client)).isEmpty())
                return QStringLiteral("%1 is not installed (apt-get install slurm-client)")
                    .arg(QString::fromLatin1(client));
        if (geteuid() != 0)
            return QStringLiteral("needs root: slurmd starts each job step as its user");
        if (!m_dir.isValid())
            return QStringLiteral("no temporary folder");

        QFile key(path(QStringLiteral("munge.key")));
        if (!key.open(QIODevice::WriteOnly) || !key.setPermissions(QFile::ReadOwner | QFile::WriteOwner))
            return QStringLiteral("cannot write %1").arg(key.fileName());
        QByteArray bytes(1024, Qt::Uninitialized);
        QRandomGenerator::system()->fillRange(reinterpret_cast<quint32*>(bytes.data()), bytes.size() / 4);
        key.write(bytes);
        key.close();
        // --force: munged otherwise refuses a socket in a folder that is not world-searchable.
        m_munged = daemon(QStringLiteral("munged"),
                          {QStringLiteral("-F"), QStringLiteral("--force"), QStringLiteral("--num-threads=2"),
                           QStringLiteral("--socket=") + path(QStringLiteral("munge.socket")),
                           QStringLiteral("--key-file=") + key.fileName(),
                           QStringLiteral("--pid-file=") + path(QStringLiteral("munged.pid")),
                           QStringLiteral("--seed-file=") + path(QStringLiteral("munged.seed")),
                           QStringLiteral("--log-file=") + path(QStringLiteral("munged.log"))});
        if (!waitFor([this] { return QFile::exists(path(QStringLiteral("munge.socket"))); }, m_munged.get()))
            return QStringLiteral("munged did not start: %1")
                .arg(lastLine(path(QStringLiteral("munged.out"))));

        const QList<quint16> ports = freePorts();
        if (ports.size() != 2)
            return QStringLiteral("no free TCP ports");
        nodeName = QSysInfo::machineHostName().section(QLatin1Char('.'), 0, 0);
        QDir(m_dir.path()).mkpath(QStringLiteral("state"));
        QDir(m_dir.path()).mkpath(QStringLiteral("spool"));
        QFile(path(QStringLiteral("plugstack.conf"))).open(QIODevice::WriteOnly);
        // One CPU is configured whatever the machine has: a node with fewer than configured is drained.
        // linuxproc and task/none keep the test away from the machine's cgroups; KillWait is short so that a
        // cancelled job ends at once.
        const QString conf =
            QStringLiteral("ClusterName=numasighttest\n"
                           "SlurmctldHost=localhost\n"
                           "SlurmctldPort=%1\n"
                           "SlurmdPort=%2\n"
                           "SlurmUser=root\n"
                           "SlurmdUser=root\n"
                           "AuthType=auth/munge\n"
                           "CredType=cred/munge\n"
                           "AuthInfo=socket=%3/munge.socket\n"
                           "StateSaveLocation=%3/state\n"
                           "SlurmdSpoolDir=%3/spool\n"
                           "SlurmctldPidFile=%3/slurmctld.pid\n"
                           "SlurmdPidFile=%3/slurmd.pid\n"
                           "PlugStackConfig=%3/plugstack.conf\n"
                           "ProctrackType=proctrack/linuxproc\n"
                           "TaskPlugin=task/none\n"
                           "JobAcctGatherType=jobacct_gather/none\n"
                           "AccountingStorageType=accounting_storage/none\n"
                           "JobCompType=jobcomp/none\n"
                           "MpiDefault=none\n"
                           "SwitchType=switch/none\n"
                           "SelectType=select/cons_tres\n"
                           "SelectTypeParameters=CR_Core\n"
                           "SchedulerType=sched/builtin\n"
                           "ReturnToService=2\n"
                           "KillWait=2\n"
                           "NodeName=%4 NodeAddr=127.0.0.1 CPUs=1 State=UNKNOWN\n"
                           "PartitionName=test Nodes=%4 Default=YES MaxTime=INFINITE State=UP\n")
                .arg(ports[0])
                .arg(ports[1])
                .arg(m_dir.path(), nodeName);
        QFile confFile(path(QStringLiteral("slurm.conf")));
        if (!confFile.open(QIODevice::WriteOnly) || confFile.write(conf.toUtf8()) != conf.toUtf8().size())
            return QStringLiteral("cannot write %1").arg(confFile.fileName());
        confFile.close();
        environment = environmentOutsideSlurm();
        environment.insert(QStringLiteral("SLURM_CONF"), confFile.fileName());

        m_slurmctld = daemon(QStringLiteral("slurmctld"),
                             {QStringLiteral("-D"), QStringLiteral("-f"), confFile.fileName()});
        m_slurmd = daemon(QStringLiteral("slurmd"), {QStringLiteral("-D"), QStringLiteral("-f"),
                                                     confFile.fileName(), QStringLiteral("-N"), nodeName});
        QString state;
        const bool settled = waitFor(
            [&] {
                state = QString::fromUtf8(
                    slurm(QStringLiteral("sinfo"), {QStringLiteral("-h"), QStringLiteral("-o"),
                                                    QStringLiteral("%T"), QStringLiteral("-n"), nodeName})
                        .out.trimmed());
                // A node slurmctld refused (inval, drained) stays so: no use waiting.
                return state == QLatin1String("idle") || state.startsWith(QLatin1String("inval")) ||
                       state.startsWith(QLatin1String("drain"));
            },
            m_slurmctld.get(), m_slurmd.get());
        if (!settled || state != QLatin1String("idle")) {
            const QByteArray reason =
                slurm(QStringLiteral("sinfo"), {QStringLiteral("-h"), QStringLiteral("-R"),
                                                QStringLiteral("-o"), QStringLiteral("%E")})
                    .out.trimmed();
            return QStringLiteral("the node did not become idle (state '%1'%2); slurmctld: %3; slurmd: %4")
                .arg(state,
                     reason.isEmpty() ? QString() : QStringLiteral(", reason: ") + QString::fromUtf8(reason),
                     lastLine(path(QStringLiteral("slurmctld.out"))),
                     lastLine(path(QStringLiteral("slurmd.out"))));
        }
        return {};
    }

    // Cancels every job, waits for them to end, then ends the daemons. Returns what was still running from
    // this cluster afterwards (killed now), empty when nothing was.
    QStringList stop()
    {
        if (!m_munged)
            return {};
        const QByteArray jobs = slurm(QStringLiteral("squeue"),
                                      {QStringLiteral("-h"), QStringLiteral("-o"), QStringLiteral("%i")})
                                    .out.trimmed();
        for (const QByteArray& job : jobs.split('\n'))
            if (!job.isEmpty())
                slurm(QStringLiteral("scancel"), {QString::fromLatin1(job)});
        waitFor([this] {
            return slurm(QStringLiteral("squeue"),
                         {QStringLiteral("-h"), QStringLiteral("-o"), QStringLiteral("%i")})
                .out.trimmed()
                .isEmpty();
        });
        for (auto* p : {m_slurmd.get(), m_slurmctld.get(), m_munged.get()}) {
            if (!p)
                continue;
            p->terminate();
            if (!p->waitForFinished(10000)) {
                p->kill();
                p->waitForFinished();
            }
        }
        m_slurmd.reset();
        m_slurmctld.reset();
        m_munged.reset();
        const QStringList leftovers = killLeftovers();
        // slurmstepd leaves slurmd by a double fork and is reparented here (the test is their subreaper):
        // reaping them leaves no zombie to an init that might not.
        QThread::msleep(leftovers.isEmpty() ? 0 : 500);
        while (waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        return leftovers;
    }

    // The exit code of a batch job once it has ended (-1 after 60 s).
    int waitForJob(const QString& job) const
    {
        static const QRegularExpression state(QStringLiteral("\\bJobState=(\\S+)"));
        static const QRegularExpression exitCode(QStringLiteral("\\bExitCode=(\\d+):"));
        static const QStringList ongoing{QStringLiteral("PENDING"), QStringLiteral("CONFIGURING"),
                                         QStringLiteral("RUNNING"), QStringLiteral("COMPLETING"),
                                         QStringLiteral("SUSPENDED")};
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 60000) {
            const QString shown = QString::fromUtf8(
                slurm(QStringLiteral("scontrol"),
                      {QStringLiteral("-o"), QStringLiteral("show"), QStringLiteral("job"), job})
                    .out);
            const QString now = state.match(shown).captured(1);
            if (!now.isEmpty() && !ongoing.contains(now))
                return exitCode.match(shown).hasMatch() ? exitCode.match(shown).captured(1).toInt() : -1;
            QThread::msleep(200);
        }
        return -1;
    }

    ProcessRun slurm(const QString& program, const QStringList& args, int timeoutMs = 60000) const
    {
        return runProcess(environment, program, args, timeoutMs);
    }

    QString path(const QString& name) const { return m_dir.filePath(name); }

    QString nodeName;
    QProcessEnvironment environment;

private:
    std::unique_ptr<QProcess> daemon(const QString& program, const QStringList& args)
    {
        auto p = std::make_unique<QProcess>();
        p->setWorkingDirectory(m_dir.path());
        p->setProcessChannelMode(QProcess::MergedChannels);
        p->setStandardOutputFile(path(program + QStringLiteral(".out")));
        p->setStandardInputFile(QProcess::nullDevice());
        QProcessEnvironment env = environmentOutsideSlurm();
        env.insert(QStringLiteral("PATH"),
                   env.value(QStringLiteral("PATH")) + QStringLiteral(":/usr/sbin:/sbin"));
        p->setProcessEnvironment(env);
        p->setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGKILL); });
        const QString found =
            QStandardPaths::findExecutable(program, {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
        p->start(found.isEmpty() ? program : found, args);
        p->waitForStarted();
        return p;
    }

    // Polls `done` every 200 ms for up to 20 s; gives up at once when one of the daemons has exited.
    static bool waitFor(const std::function<bool()>& done, QProcess* a = nullptr, QProcess* b = nullptr)
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 20000) {
            if (done())
                return true;
            for (QProcess* p : {a, b})
                if (p && (p->state() == QProcess::NotRunning || p->waitForFinished(0)))
                    return false;
            QThread::msleep(200);
        }
        return false;
    }

    // slurmstepd and the jobs' processes are not started by the test: they are found by their working
    // folder (slurmd's, which slurmstepd keeps, and the jobs' --chdir), which is inside the cluster's folder.
    QStringList killLeftovers() const
    {
        QStringList found;
        const QString own = QString::number(getpid());
        const QString folder = QDir(m_dir.path()).canonicalPath();
        for (const QString& pid :
             QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (pid == own || !pid.front().isDigit())
                continue;
            const QString cwd = QFile::symLinkTarget(QStringLiteral("/proc/%1/cwd").arg(pid));
            if (cwd != folder && !cwd.startsWith(folder + QLatin1Char('/')))
                continue;
            QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
            cmdline.open(QIODevice::ReadOnly);
            found << pid + QLatin1Char(' ') +
                         QString::fromUtf8(cmdline.readAll().replace('\0', ' ').trimmed());
            kill(pid.toInt(), SIGKILL);
        }
        return found;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_munged, m_slurmctld, m_slurmd;
};

QString outputOf(const ProcessRun& r)
{
    return QString::fromUtf8(r.out + r.err);
}

} // namespace

class TestFleetSlurm : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void refusals_data();
    void refusals();
    void record_data();
    void record();

private:
    std::unique_ptr<LocalSlurm> m_slurm;
    QString m_whyNot;
};

void TestFleetSlurm::initTestCase()
{
    QVERIFY2(QFile::exists(kScript), qPrintable(kScript));
    QElapsedTimer timer;
    timer.start();
    // The daemons' orphans (slurmstepd, the jobs' processes) become the test's children rather than init's.
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    m_slurm = std::make_unique<LocalSlurm>();
    m_whyNot = m_slurm->start();
    if (m_whyNot.isEmpty())
        qInfo("one-node Slurm on %s idle after %lld ms", qPrintable(m_slurm->nodeName), timer.elapsed());
}

void TestFleetSlurm::cleanupTestCase()
{
    const QStringList leftovers = m_slurm->stop();
    QVERIFY2(leftovers.isEmpty(), qPrintable(QStringLiteral("still running after stop, killed: ") +
                                             leftovers.join(QStringLiteral("; "))));
}

// Command lines refused before any Slurm command runs: no cluster needed.
void TestFleetSlurm::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("environment"); // NAME=VALUE
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no output folder") << QStringList{"-d", "2s"} << QStringList{} << 2
                                      << "no output folder: give -o DIR (or NUMASIGHT_OUT_DIR); usage:";
    QTest::newRow("-o without its value") << QStringList{"-o"} << QStringList{} << 2 << "-o needs a value";
    QTest::newRow("unknown argument")
        << QStringList{"-o", "out", "--nodes", "2"} << QStringList{} << 2 << "unexpected argument '--nodes'";
    QTest::newRow("-o among the record options")
        << QStringList{"-o", "out", "--", "--mode", "procfs", "-o", "x.numasight"} << QStringList{} << 2
        << "'-o' among the record options";
    QTest::newRow("--duration among the record options")
        << QStringList{"-o", "out", "--", "--duration=5s"} << QStringList{} << 2
        << "'--duration=5s' among the record options: give -d/--duration and -i/--interval to";
    QTest::newRow("a name without the node")
        << QStringList{"-o", "out", "--name", "run.numasight"} << QStringList{} << 2
        << "--name 'run.numasight' has neither %N nor %h";
    QTest::newRow("a name with a folder")
        << QStringList{"-o", "out", "--name", "x/%N.numasight"} << QStringList{} << 2
        << "--name 'x/%N.numasight' is a file name, not a path: give the folder with -o";
    QTest::newRow("a job id that is not one")
        << QStringList{"-o", "out", "--job", "12;reboot"} << QStringList{} << 2 << "--job takes a job id";
    QTest::newRow("an unmatched quote in NUMASIGHT_RECORD_ARGS")
        << QStringList{"-o", "out"} << QStringList{"NUMASIGHT_RECORD_ARGS=--comm 'python"} << 2
        << "NUMASIGHT_RECORD_ARGS: cannot split";
    QTest::newRow("outside any job")
        << QStringList{"-o", "out"} << QStringList{} << 2
        << "not inside a Slurm job: submit it with sbatch, run it inside salloc, or "
           "give --job ID";
    QTest::newRow("the folder from the environment, still outside any job")
        << QStringList{} << QStringList{"NUMASIGHT_OUT_DIR=/tmp/x"} << 2 << "not inside a Slurm job";
}

void TestFleetSlurm::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, environment);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QProcessEnvironment env = environmentOutsideSlurm();
    for (const QString& setting : environment)
        env.insert(setting.section(QLatin1Char('='), 0, 0), setting.section(QLatin1Char('='), 1));
    const ProcessRun r = runProcess(env, kScript, args, 30000);
    QVERIFY2(r.exitCode == exitCode,
             qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(outputOf(r))));
    QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("numasight-record.sh: ") + message),
             qPrintable(QString::fromUtf8(r.err)));
    QVERIFY(r.out.isEmpty());
}

void TestFleetSlurm::record_data()
{
    if (!m_whyNot.isEmpty())
        QSKIP(qPrintable(m_whyNot));
    // How the script runs: sbatch --wait, inside salloc, or with --job beside a running job's step that holds
    // the node's only CPU. ARGS: <DIR> is the output folder, <FILE> a plain file, <CLI> numasight-cli.
    QTest::addColumn<QString>("launcher");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>(
        "files"); // a regular expression (<NODE>: the node's name) the folder's files match
    QTest::addColumn<QString>("message"); // in the script's output
    const QStringList quick{"--cli", "<CLI>", "-d", "2s", "-i", "500ms", "--", "--mode", "procfs"};
    QTest::newRow("sbatch, one capture named after the node")
        << "sbatch" << QStringList{"-o", "<DIR>"} + quick << 0 << "<NODE>\\.numasight"
        << "numasight-record.sh: 1 of 1 node(s) captured into <DIR>: <NODE>.numasight";
    QTest::newRow("salloc, the job id and the host in the name")
        << "salloc" << QStringList{"-o", "<DIR>", "--name", "run-%j-%h.numasight"} + quick << 0
        << "run-[0-9]+-<NODE>\\.numasight"
        << "numasight-record.sh: 1 of 1 node(s) captured into <DIR>: run-";
    QTest::newRow("--job, a step beside a running job's")
        << "job" << QStringList{"-o", "<DIR>"} + quick << 0 << "<NODE>\\.numasight"
        << "numasight-record.sh: 1 of 1 node(s) captured into <DIR>: <NODE>.numasight";
    QTest::newRow("an output folder that cannot be made")
        << "salloc" << QStringList{"-o", "<FILE>/captures"} + quick << 1 << ""
        << "numasight-record.sh: <NODE>: cannot create the output folder <FILE>/captures: Not a directory";
    QTest::newRow("numasight-cli missing on the node")
        << "salloc" << QStringList{"-o", "<DIR>", "--cli", "/nonexistent/numasight-cli"} << 127 << ""
        << "numasight-record.sh: <NODE>: /nonexistent/numasight-cli not found: install numasight on every "
           "node or "
           "give --cli PATH";
    QTest::newRow("a record option numasight-cli refuses")
        << "salloc" << QStringList{"-o", "<DIR>", "--cli", "<CLI>", "-d", "2s", "--", "--mode", "bogus"} << 2
        << ""
        << "numasight-record.sh: <NODE>: no capture, numasight-cli record exited with 2";
    QTest::newRow("--job of a job that does not exist")
        << "direct" << QStringList{"-o", "<DIR>", "--job", "999999"} + quick << 1 << ""
        << "numasight-record.sh: squeue could not read job 999999";
}

void TestFleetSlurm::record()
{
    QFETCH(QString, launcher);
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, files);
    QFETCH(QString, message);

    QTemporaryDir work(m_slurm->path(QStringLiteral("work-XXXXXX")));
    QVERIFY(work.isValid());
    const QString dir = work.filePath(QStringLiteral("captures"));
    const QString file = work.filePath(QStringLiteral("plain-file"));
    QFile(file).open(QIODevice::WriteOnly);
    args.replaceInStrings(QRegularExpression(QStringLiteral("^<DIR>")), dir);
    args.replaceInStrings(QRegularExpression(QStringLiteral("^<FILE>")), file);
    args.replaceInStrings(QRegularExpression(QStringLiteral("^<CLI>$")), QStringLiteral(NUMASIGHT_CLI));
    message.replace(QLatin1String("<NODE>"), m_slurm->nodeName)
        .replace(QLatin1String("<DIR>"), dir)
        .replace(QLatin1String("<FILE>"), file);
    files.replace(QLatin1String("<NODE>"), QRegularExpression::escape(m_slurm->nodeName));

    QElapsedTimer timer;
    timer.start();
    ProcessRun r;
    QString holder; // the job --job records beside
    if (launcher == QLatin1String("sbatch")) {
        // What sbatch --wait does, polled every 200 ms instead of its 2, 4, 8… seconds.
        const QString output = work.filePath(QStringLiteral("job.out"));
        const ProcessRun submitted = m_slurm->slurm(
            QStringLiteral("sbatch"), QStringList{QStringLiteral("--parsable"), QStringLiteral("--chdir"),
                                                  work.path(), QStringLiteral("--output"), output, kScript} +
                                          args);
        QVERIFY2(submitted.exitCode == 0, qPrintable(outputOf(submitted)));
        const QString job = QString::fromUtf8(submitted.out.trimmed()).section(QLatin1Char(';'), 0, 0);
        r.exitCode = m_slurm->waitForJob(job);
        QFile out(output);
        QVERIFY2(out.open(QIODevice::ReadOnly), qPrintable(output));
        r.out = out.readAll();
    } else if (launcher == QLatin1String("salloc")) {
        r = m_slurm->slurm(
            QStringLiteral("salloc"),
            QStringList{QStringLiteral("--chdir"), work.path(), QStringLiteral("--nodes=1"), kScript} + args);
    } else {
        if (launcher == QLatin1String("job")) {
            holder =
                QString::fromUtf8(m_slurm
                                      ->slurm(QStringLiteral("sbatch"),
                                              {QStringLiteral("--parsable"), QStringLiteral("--chdir"),
                                               work.path(), QStringLiteral("--output=/dev/null"),
                                               QStringLiteral("--wrap"), QStringLiteral("srun sleep 120")})
                                      .out.trimmed());
            QVERIFY2(!holder.isEmpty(), "sbatch gave no job id");
            // Its step is running: the recorder's step has to overlap it to get the node's one CPU.
            QTRY_VERIFY_WITH_TIMEOUT(
                m_slurm
                    ->slurm(QStringLiteral("squeue"),
                            {QStringLiteral("-h"), QStringLiteral("-s"), QStringLiteral("-j"), holder,
                             QStringLiteral("-o"), QStringLiteral("%i")})
                    .out.contains(holder.toUtf8() + ".0"),
                20000);
            // Before the record options, which start at "--".
            args.insert(args.indexOf(QStringLiteral("--")), QStringLiteral("--job"));
            args.insert(args.indexOf(QStringLiteral("--")), holder);
        }
        r = m_slurm->slurm(kScript, args);
    }
    if (!holder.isEmpty())
        m_slurm->slurm(QStringLiteral("scancel"), {holder});
    qInfo("%s: exit %d after %lld ms", qPrintable(launcher), r.exitCode, timer.elapsed());

    const QString output = outputOf(r);
    QVERIFY2(r.exitCode == exitCode, qPrintable(QStringLiteral("exit %1:\n%2").arg(r.exitCode).arg(output)));
    QVERIFY2(output.contains(message), qPrintable(output));
    const QStringList written = QDir(dir).entryList(QDir::Files);
    if (files.isEmpty()) {
        QVERIFY2(written.isEmpty(), qPrintable(written.join(QLatin1Char(' '))));
        return;
    }
    QCOMPARE(written.size(), 1);
    QVERIFY2(QRegularExpression(QRegularExpression::anchoredPattern(files)).match(written[0]).hasMatch(),
             qPrintable(written[0]));
    const ProcessRun info =
        runProcess(QStringLiteral(NUMASIGHT_CLI),
                   {QStringLiteral("info"), QDir(dir).filePath(written[0]), QStringLiteral("--json")});
    QVERIFY2(info.exitCode == 0, info.err.constData());
    const QJsonObject source =
        QJsonDocument::fromJson(info.out).object().value(QStringLiteral("source")).toObject();
    QVERIFY2(source.value(QStringLiteral("samples")).toInt() > 0, info.out.constData());
    QCOMPARE(source.value(QStringLiteral("mode")).toString(), QStringLiteral("procfs"));
}

QTEST_GUILESS_MAIN(TestFleetSlurm)
#include "tst_fleet_slurm.moc"
