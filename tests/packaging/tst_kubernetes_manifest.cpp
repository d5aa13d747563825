// SPDX-License-Identifier: GPL-3.0-or-later
// packaging/kubernetes/numasight-recorder.yaml against the Kubernetes API schema and numasight's own rules,
// through scripts/validate-k8s-manifest.py: the shipped manifest passes, and each row's edit of it fails
// with the expected message on the edited line (an unknown or misspelt field, a wrong type, a missing
// required field, an API rule, a privilege too many or too few). The validator runs once over every row's
// file: starting the Python client costs about a second.
#include "support/test_process.h"

#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using numasight::test::ProcessRun;
using numasight::test::runProcess;

namespace {

const QString kManifest =
    QStringLiteral(NUMASIGHT_SOURCE_DIR "/packaging/kubernetes/numasight-recorder.yaml");
const QString kValidator = QStringLiteral(NUMASIGHT_SOURCE_DIR "/scripts/validate-k8s-manifest.py");

struct Edit
{
    const char* from; // must occur exactly once in the manifest
    const char* to;
};

struct Row
{
    const char* name;
    QList<Edit> edits;
    const char* error = nullptr; // nullptr: the edited manifest is valid
    const char* line = nullptr;  // the error is reported on the line holding this text (after the edits)
};

const QList<Row>& rows()
{
    static const QList<Row> all = {
        {"the shipped manifest", {}},
        {"capability names with CAP_",
         {{R"("BPF", "PERFMON", "SYS_PTRACE", "DAC_READ_SEARCH")",
           R"("CAP_BPF", "CAP_PERFMON", "CAP_SYS_PTRACE", "CAP_DAC_READ_SEARCH")"}}},
        {"capabilities in another order",
         {{R"("BPF", "PERFMON", "SYS_PTRACE", "DAC_READ_SEARCH")",
           R"("SYS_PTRACE", "DAC_READ_SEARCH", "PERFMON", "BPF")"}}},
        // The schema.
        {"unknown field hostPid",
         {{"hostPID: true", "hostPid: true"}},
         R"(unknown field "hostPid" (did you mean "hostPID"?))",
         "hostPid: true"},
        {"hostPID as a string",
         {{"hostPID: true", R"(hostPID: "yes")"}},
         R"(at spec.template.spec.hostPID: expected a boolean (true or false), got the string "yes")",
         R"(hostPID: "yes")"},
        {"no selector",
         {{"  selector:\n    matchLabels:\n      app.kubernetes.io/name: numasight-recorder\n", ""}},
         R"(at spec: missing required field "selector")"},
        {"a label value that is a number",
         {{"    app.kubernetes.io/part-of: numasight\n    # hostPID",
           "    app.kubernetes.io/part-of: 1\n    # hostPID"}},
         R"(at metadata.labels["app.kubernetes.io/part-of"]: expected a string, got the integer 1: quote it)",
         "app.kubernetes.io/part-of: 1"},
        {"maxUnavailable as a list",
         {{"maxUnavailable: 100%", "maxUnavailable: [1]"}},
         "at spec.updateStrategy.rollingUpdate.maxUnavailable: expected an integer or a string, got a list",
         "maxUnavailable: [1]"},
        {"a memory request in MB",
         {{"memory: 128Mi", "memory: 128MB"}},
         R"(resources.requests.memory: expected a quantity (such as 100m, 1, 128Mi or 1Gi), got the string "128MB")",
         "memory: 128MB"},
        {"a key given twice",
         {{"      hostPID: true\n", "      hostPID: true\n      hostPID: false\n"}},
         R"("hostPID" is given twice: the API keeps only the last one)",
         "hostPID: false"},
        {"extensions/v1beta1",
         {{"apiVersion: apps/v1", "apiVersion: extensions/v1beta1"}},
         "DaemonSet extensions/v1beta1 is not a type of the Kubernetes"},
        {"not YAML", {{"  selector:\n", "  selector: [\n"}}, "not valid YAML"},
        // API rules beyond the schema.
        {"a selector that does not match the labels",
         {{"    matchLabels:\n      app.kubernetes.io/name: numasight-recorder",
           "    matchLabels:\n      app.kubernetes.io/name: recorder"}},
         "at spec.selector: the selector does not match the pod template's labels"},
        {"a mount of no volume",
         {{"            - name: tmp\n              mountPath: /tmp",
           "            - name: scratch\n              mountPath: /tmp"}},
         R"(no volume named "scratch" in the pod)",
         "- name: scratch"},
        {"a request above its limit",
         {{"memory: 16Mi", "memory: 128Mi"}},
         "at spec.template.spec.containers[0].resources.requests.memory: the request is above the limit "
         "(128Mi > 64Mi)"},
        // numasight's rules.
        {"a privileged recorder",
         {{"            runAsUser: 0\n            privileged: false",
           "            runAsUser: 0\n            privileged: true"}},
         "initContainers[0].securityContext.privileged: numasight: privileged must be false",
         "privileged: true"},
        {"three capabilities",
         {{R"("SYS_PTRACE", "DAC_READ_SEARCH"])", R"("SYS_PTRACE"])"}},
         R"(container "recorder" must add exactly BPF, DAC_READ_SEARCH, PERFMON, SYS_PTRACE, not BPF, PERFMON, SYS_PTRACE)"},
        {"SYS_ADMIN besides the four",
         {{R"("DAC_READ_SEARCH"])", R"("DAC_READ_SEARCH", "SYS_ADMIN"])"}},
         R"(container "recorder" must add exactly BPF, DAC_READ_SEARCH, PERFMON, SYS_PTRACE, not BPF, PERFMON, SYS_PTRACE, DAC_READ_SEARCH, SYS_ADMIN)"},
        {"a capability for the captures container",
         {{"              drop: [\"ALL\"]\n          resources:\n            requests:\n              cpu: "
           "10m",
           "              drop: [\"ALL\"]\n              add: [\"SYS_PTRACE\"]\n          resources:\n       "
           "     "
           "requests:\n              cpu: 10m"}},
         R"(container "captures" must add exactly no capability, not SYS_PTRACE)"},
        {"the captures container as root",
         {{"            runAsNonRoot: true\n", ""}},
         "containers[0].securityContext.runAsNonRoot: numasight: runAsNonRoot must be true (missing)"},
        {"/sys/devices writable",
         {{"              mountPath: /sys/devices\n              readOnly: true\n",
           "              mountPath: /sys/devices\n"}},
         "numasight: hostPath /sys/devices must be mounted readOnly"},
        {"the whole of /sys",
         {{"path: /sys/devices", "path: /sys"}},
         "numasight: hostPath /sys is refused: readOnly does not reach the file systems mounted below it"},
        {"no hostPID",
         {{"      hostPID: true\n", ""}},
         "at spec.template.spec.hostPID: numasight: hostPID must be true (missing)"},
        {"hostNetwork",
         {{"      hostPID: true\n", "      hostPID: true\n      hostNetwork: true\n"}},
         "numasight: the recorder needs no hostNetwork",
         "hostNetwork: true"},
        {"a service account token",
         {{"      automountServiceAccountToken: false\n", ""}},
         "numasight: automountServiceAccountToken must be false (missing)"},
        {"seccomp Unconfined",
         {{"type: RuntimeDefault", "type: Unconfined"}},
         R"(container "recorder" runs with seccomp Unconfined: use RuntimeDefault)"},
        {"a capture not named after the node",
         {{R"("/out/$(NODE_NAME).numasight")", R"("/out/capture.numasight")"}},
         "numasight: -o /out/capture.numasight does not name the node"},
        {"a capture outside the mounted folder",
         {{R"("/out/$(NODE_NAME).numasight")", R"("/var/tmp/$(NODE_NAME).numasight")"}},
         "numasight: /var/tmp (where -o /var/tmp/$(NODE_NAME).numasight goes) is not a mounted volume"},
        {"maxUnavailable 1",
         {{"maxUnavailable: 100%", "maxUnavailable: 1"}},
         "numasight: maxUnavailable must be 100% (it is 1)"},
    };
    return all;
}

// The edited manifest, or a message saying which edit no longer applies.
QString edited(const Row& row, QString* problem)
{
    QFile f(kManifest);
    if (!f.open(QIODevice::ReadOnly)) {
        *problem = QStringLiteral("cannot read %1").arg(kManifest);
        return {};
    }
    QString text = QString::fromUtf8(f.readAll());
    for (const Edit& e : row.edits) {
        const QString from = QString::fromUtf8(e.from);
        if (text.count(from) != 1) {
            *problem = QStringLiteral("the manifest holds \"%1\" %2 times, not once: update this row")
                           .arg(from)
                           .arg(text.count(from));
            return {};
        }
        text.replace(from, QString::fromUtf8(e.to));
    }
    return text;
}

// A python3 that has the Kubernetes client and PyYAML: the one on PATH, else Debian's.
QString pythonWithClient()
{
    QStringList candidates{QStandardPaths::findExecutable(QStringLiteral("python3")),
                           QStringLiteral("/usr/bin/python3")};
    for (const QString& python : candidates) {
        if (python.isEmpty() || !QFile::exists(python))
            continue;
        if (runProcess(python, {QStringLiteral("-c"), QStringLiteral("import kubernetes.client, yaml")},
                       60000)
                .exitCode == 0)
            return python;
    }
    return {};
}

} // namespace

class TestKubernetesManifest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void manifest_data();
    void manifest();
    void commandLine();

private:
    QString m_python;
    QTemporaryDir m_dir;
    QStringList m_files;    // one per row, empty when its edits did not apply
    QStringList m_problems; // why, per row
    QStringList m_texts;
    ProcessRun m_run;
};

void TestKubernetesManifest::initTestCase()
{
    m_python = pythonWithClient();
    if (m_python.isEmpty())
        QSKIP("python3 with the Kubernetes client is not installed (apt-get install python3-kubernetes "
              "python3-yaml)");
    QVERIFY(m_dir.isValid());
    QStringList args{kValidator};
    for (qsizetype i = 0; i < rows().size(); ++i) {
        QString problem;
        const QString text = edited(rows()[i], &problem);
        const QString path = m_dir.filePath(QStringLiteral("row%1.yaml").arg(i));
        if (problem.isEmpty()) {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text.toUtf8());
            args << path;
        }
        m_files << (problem.isEmpty() ? path : QString());
        m_problems << problem;
        m_texts << text;
    }
    m_run = runProcess(m_python, args, 120000);
    // Some rows are meant to fail.
    QCOMPARE(m_run.exitCode, 1);
}

void TestKubernetesManifest::manifest_data()
{
    QTest::addColumn<int>("row");
    for (qsizetype i = 0; i < rows().size(); ++i)
        QTest::newRow(rows()[i].name) << int(i);
}

void TestKubernetesManifest::manifest()
{
    QFETCH(int, row);
    const Row& r = rows()[row];
    QVERIFY2(m_problems[row].isEmpty(), qPrintable(m_problems[row]));
    const QString file = m_files[row];
    QStringList errors, valid;
    for (const QString& line : QString::fromUtf8(m_run.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (line.startsWith(file + QLatin1Char(':')))
            errors << line;
    for (const QString& line : QString::fromUtf8(m_run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (line.startsWith(file + QLatin1String(": valid (Namespace v1, DaemonSet apps/v1)")))
            valid << line;
    if (!r.error) {
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(valid.size(), 1);
        return;
    }
    QVERIFY2(valid.isEmpty(), qPrintable(valid.join(QLatin1Char('\n'))));
    const QString expected = QString::fromUtf8(r.error);
    QString prefix = file + QLatin1Char(':');
    if (r.line) {
        const QStringList lines = m_texts[row].split(QLatin1Char('\n'));
        qsizetype at = -1;
        for (qsizetype i = 0; i < lines.size() && at < 0; ++i)
            if (lines[i].contains(QString::fromUtf8(r.line)))
                at = i;
        QVERIFY2(at >= 0, r.line);
        prefix += QString::number(at + 1) + QLatin1Char(':');
    }
    bool found = false;
    for (const QString& line : errors)
        found = found || (line.startsWith(prefix) && line.contains(expected));
    QVERIFY2(found, qPrintable(QStringLiteral("expected \"%1\" at %2, got:\n%3")
                                   .arg(expected, prefix, errors.join(QLatin1Char('\n')))));
}

void TestKubernetesManifest::commandLine()
{
    // No file: the usage, exit 2.
    ProcessRun r = runProcess(m_python, {kValidator}, 60000);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("usage: scripts/validate-k8s-manifest.py"), r.err.constData());
    // The shipped manifest alone: exit 0, one line on stdout, nothing on stderr.
    r = runProcess(m_python, {kValidator, kManifest}, 60000);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    QVERIFY2(r.out.contains(": valid (Namespace v1, DaemonSet apps/v1) against the Kubernetes 1."),
             r.out.constData());
    // A missing file: exit 1, named.
    r = runProcess(m_python, {kValidator, m_dir.filePath(QStringLiteral("missing.yaml"))}, 60000);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("missing.yaml: No such file or directory"), r.err.constData());
    // Without the site packages (python -S) the client cannot be imported: exit 3, saying what to install.
    r = runProcess(m_python, {QStringLiteral("-S"), kValidator, kManifest}, 60000);
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("apt-get install python3-kubernetes python3-yaml"), r.err.constData());
}

QTEST_GUILESS_MAIN(TestKubernetesManifest)
#include "tst_kubernetes_manifest.moc"
