// SPDX-License-Identifier: GPL-3.0-or-later
#include "help_actions.h"

#include "allocator.h"
#include "make_action.h"
#include "util/library_versions.h"
#include "version.h"
#include "views/heatmap/heatmap_plot.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QUrl>

namespace numasight {

HelpActions::HelpActions(QWidget* window, std::function<QList<ShortcutEntry>()> shortcuts)
    : QObject(window)
    , m_window(window)
    , m_shortcuts(std::move(shortcuts))
{
    m_shortcutsAction =
        makeAction(this, tr("&Keyboard Shortcuts"), Qt::CTRL | Qt::Key_Slash, &HelpActions::showShortcuts,
                   "help-keyboard-shortcuts", tr("Every shortcut of the window, searchable"));
    m_docsAction =
        makeAction(this, tr("&Documentation"), QKeySequence::HelpContents, &HelpActions::showDocumentation,
                   "help-contents", tr("Open the documentation installed with numasight"));
    m_aboutAction = makeAction(this, tr("&About numasight"), {}, &HelpActions::showAbout, "help-about");
    m_aboutAction->setMenuRole(QAction::AboutRole);
}

ShortcutsDialog* HelpActions::showShortcuts()
{
    auto* dialog = new ShortcutsDialog(m_shortcuts(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

QMessageBox* HelpActions::showAbout()
{
    auto* box =
        new QMessageBox(QMessageBox::NoIcon, tr("About numasight"), aboutText(), QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("aboutBox"));
    box->setIconPixmap(m_window->windowIcon().pixmap(64, 64));
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}

void HelpActions::showDocumentation()
{
    const QString folder = documentationFolder();
    if (folder.isEmpty()) {
        QStringList searched;
        for (const QString& f : documentationFolders())
            searched << QDir::toNativeSeparators(f);
        emit message(
            tr("The documentation was not found: no README.md in %1.").arg(searched.join(tr(" or "))),
            MessageBar::Kind::Warning);
        return;
    }
    const QString readme = QDir(folder).filePath(QStringLiteral("README.md"));
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(readme))) {
        emit message(tr("No program opens %1 here; the documentation is in %2.")
                         .arg(QDir::toNativeSeparators(readme), QDir::toNativeSeparators(folder)),
                     MessageBar::Kind::Information);
        return;
    }
    emit statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(readme)), 5000);
}

QStringList HelpActions::documentationFolders()
{
    QStringList folders{
        QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/doc/numasight"))};
#ifdef NUMASIGHT_SOURCE_DIR
    folders << QDir::cleanPath(QStringLiteral(NUMASIGHT_SOURCE_DIR));
#endif
    return folders;
}

QString HelpActions::documentationFolder()
{
    for (const QString& folder : documentationFolders())
        if (QFileInfo::exists(QDir(folder).filePath(QStringLiteral("README.md"))))
            return folder;
    return {};
}

QString HelpActions::aboutText()
{
    QList<LibraryVersion> libraries = coreLibraryVersions();
    libraries.push_back({QStringLiteral("QCustomPlot"), qcustomplotVersion()});
    libraries.push_back(allocatorVersion());
    QString rows;
    for (const LibraryVersion& library : libraries)
        rows += QStringLiteral("<tr><td>%1</td><td>&nbsp;%2</td></tr>")
                    .arg(library.name.toHtmlEscaped(), library.version.toHtmlEscaped());
    return tr("<h3>numasight %1</h3><p>Shows how AI jobs sit on a machine's NUMA and accelerator "
              "topology.</p>"
              "<p>Reads numasight captures, witty-profiler graphs and hwloc topologies.</p>"
              "<p>Running with:</p><table>%2</table>"
              "<p>Licensed under the GNU GPL, version 3 or later.</p>")
        .arg(versionWithGit().toHtmlEscaped(), rows);
}

} // namespace numasight
