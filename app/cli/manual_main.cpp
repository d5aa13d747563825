// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-manual: writes the man pages and the bash and zsh completion scripts of numasight and
// numasight-cli from their commands' own descriptions (manual_writer.h). Run by the build; not installed.
#include "manual_writer.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

namespace {

bool write(const QString& path, const QString& text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0 ||
        !file.flush()) {
        QTextStream(stderr) << "numasight-manual: cannot write " << path << ": " << file.errorString()
                            << '\n';
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 2) {
        QTextStream(stderr) << "usage: numasight-manual OUTDIR (writes man/, bash-completion/, zsh/)\n";
        return 2;
    }
    const QDir out(args.at(1));
    using namespace numasight::cli;
    bool ok = true;
    for (const ManualProgram& program : {cliManual(), guiManual()}) {
        ok = write(out.filePath(QStringLiteral("man/%1.1").arg(program.program)), manPage(program)) && ok;
        ok = write(out.filePath(QStringLiteral("bash-completion/%1").arg(program.program)),
                   bashCompletion(program)) &&
             ok;
        ok =
            write(out.filePath(QStringLiteral("zsh/_%1").arg(program.program)), zshCompletion(program)) && ok;
    }
    return ok ? 0 : 1;
}
