// SPDX-License-Identifier: GPL-3.0-or-later
#include "drawing_helper.h"

#include "cli_support.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace numasight::cli {

namespace {

// Beside numasight-cli in a build tree; in libexec once installed (bin/../libexec/numasight/).
QString helperPath()
{
    const QDir here(QCoreApplication::applicationDirPath());
    const QString beside = here.filePath(QLatin1String(kDrawingHelper));
    if (QFileInfo(beside).isExecutable())
        return beside;
    const QString installed =
        QDir::cleanPath(here.filePath(QStringLiteral("../") + QLatin1String(NUMASIGHT_EXPORT_HELPER_DIR) +
                                      QLatin1Char('/') + QLatin1String(kDrawingHelper)));
    return QFileInfo(installed).isExecutable() ? installed : beside;
}

} // namespace

int runDrawingHelper(const QStringList& helperArguments, const QString& output,
                     const std::function<QString(const QString&)>& whenMissing)
{
    const QString helper = helperPath();
    if (!QFileInfo(helper).isExecutable()) {
        printError(whenMissing(helper));
        return Failed;
    }
    QProcess process;
    process.setProgram(helper);
    process.setArguments(helperArguments);
    // Its output is the command's own: the user sees one tool, with one name in its messages.
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.setInputChannelMode(QProcess::ForwardedInputChannel);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("NUMASIGHT_EXPORT_CALLER"), QStringLiteral("numasight-cli"));
    process.setProcessEnvironment(env);
    // The helper dies with numasight-cli, however that ends (kill -9 included): a drawing nobody waits
    // for must not appear later. SIGTERM makes it remove its temporary file first.
    const pid_t parent = ::getpid();
    process.setChildProcessModifier([parent] {
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) // the parent was gone before the line above
            ::_exit(Terminated);
    });
    process.start();
    if (!process.waitForStarted(-1)) {
        printError(Cli::tr("cannot run %1: %2").arg(helper, process.errorString()));
        return Failed;
    }
    setHelperProcess(process.processId());
    // Ctrl-C sent to numasight-cli alone (not to its process group) must stop the helper too.
    while (!process.waitForFinished(100) && process.state() != QProcess::NotRunning) {
        if (interrupted()) {
            process.terminate();
            if (!process.waitForFinished(5000)) {
                process.kill();
                process.waitForFinished(-1);
            }
            setHelperProcess(0);
            return Cancelled;
        }
    }
    setHelperProcess(0);
    if (interrupted())
        return Cancelled;
    if (process.exitStatus() != QProcess::NormalExit) {
        // Ctrl-C reaches the helper too (same process group): that is an interruption, not a crash.
        if (interrupted())
            return Cancelled;
        printError(Cli::tr("%1 stopped unexpectedly (%2); %3 was not written")
                       .arg(QLatin1String(kDrawingHelper), process.errorString(), output));
        return Failed;
    }
    return process.exitCode();
}

} // namespace numasight::cli
