// SPDX-License-Identifier: GPL-3.0-or-later
// Graphviz in this process through libgvc. The output is rendered to JSON in memory and read by the
// same parser as the subprocess's, so both methods give the same geometry for the same DOT and the
// benchmark compares only how Graphviz is run.
#include "graphviz_run.h"

#include <QMutex>
#include <QMutexLocker>
#include <QThread>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <atomic>

namespace numasight {

namespace {

// libgvc and cgraph keep global state (the error handler, symbol tables, the context's job list) and are
// not thread-safe: every use goes through this lock.
QMutex& gvcMutex()
{
    static QMutex mutex;
    return mutex;
}

// Messages Graphviz reports while the lock is held; read and cleared under the same lock.
QByteArray& gvcMessages()
{
    static QByteArray messages;
    return messages;
}

int collectMessage(char* text)
{
    gvcMessages() += text;
    return 0;
}

// One context for the life of the process: creating one loads every plugin listed in Graphviz's config
// (tens of milliseconds), and it is only ever used under the lock.
// The library's version, kept when the context is made so that Help ▸ About never waits behind gvcMutex
// for a layout that takes seconds. Null until then.
std::atomic<const char*>& knownVersion()
{
    static std::atomic<const char*> version{nullptr};
    return version;
}

GVC_t* context()
{
    static GVC_t* gvc = [] {
        GVC_t* made = gvContext();
        const char* version = made ? gvcVersion(made) : nullptr;
        knownVersion().store(version ? version : "unavailable");
        return made;
    }();
    return gvc;
}

LoadError gvcError(const QString& engine, const QString& message)
{
    LoadError e;
    e.file = QStringLiteral("Graphviz %1 (libgvc)").arg(engine);
    QByteArray details = gvcMessages().trimmed();
    details.replace('\n', "; ");
    e.message = details.isEmpty() ? message : message + QStringLiteral(": ") + QString::fromUtf8(details);
    return e;
}

} // namespace

Result<QByteArray> runGraphvizInProcess(const QByteArray& dot, const QString& engine,
                                        const Progress& progress)
{
    if (progress.isCancelled())
        return LoadError::cancel(QStringLiteral("Graphviz %1 (libgvc)").arg(engine));
    QMutexLocker lock(&gvcMutex());
    GVC_t* gvc = context();
    if (!gvc)
        return gvcError(engine, QStringLiteral("libgvc could not create a context"));
    gvcMessages().clear();
    agseterr(AGWARN);
    agseterrf(collectMessage);
    agreseterrors();

    Agraph_t* graph = agmemread(dot.constData());
    if (!graph)
        return gvcError(engine, QStringLiteral("Graphviz could not read the DOT text"));
    const QByteArray engineName = engine.toUtf8();
    if (gvLayout(gvc, graph, engineName.constData()) != 0) {
        agclose(graph);
        return gvcError(engine, QStringLiteral("layout with %1 failed (is it a Graphviz engine? dot, neato, "
                                               "fdp, sfdp)")
                                    .arg(engine));
    }
    char* data = nullptr;
    unsigned int length = 0; // Graphviz 2.42 takes unsigned int*, later releases size_t*
    const int rendered = gvRenderData(gvc, graph, "json0", &data, &length);
    QByteArray out;
    if (rendered == 0 && data)
        out = QByteArray(data, qsizetype(length));
    if (data)
        gvFreeRenderData(data);
    gvFreeLayout(gvc, graph);
    agclose(graph);
    if (rendered != 0)
        return gvcError(engine, QStringLiteral("rendering the layout as JSON failed"));
    if (progress.isCancelled())
        return LoadError::cancel(QStringLiteral("Graphviz %1 (libgvc)").arg(engine));
    return out;
}

QString graphvizLibraryVersion()
{
    // A layout holding the mutex has made the context already, or is about to: wait for that, not for it.
    while (!knownVersion().load()) {
        if (gvcMutex().tryLock()) {
            context();
            gvcMutex().unlock();
        } else {
            QThread::msleep(1);
        }
    }
    return QString::fromLatin1(knownVersion().load());
}

} // namespace numasight
