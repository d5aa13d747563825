// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/sample.h"
#include "model/snapshot.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <vector>

class QLabel;
class QLayout;
class QProgressBar;
class QToolButton;
class QVBoxLayout;

namespace numasight {

class DeferredBuild;
class HeatmapJob;
class MessageBar;
struct HeatmapResult;

// The cycle every heatmap panel goes through: an input is set, a build is asked for (DeferredBuild: only
// while the panel is seen, once per event-loop turn), it runs in HeatmapJob, and its result is shown unless a
// newer build superseded it; a failure shows in the panel's message bar and leaves the heatmap shown. A panel
// only says when it has enough to build, what to build, and how to show what came back.
class HeatmapPanelBase : public QWidget
{
    Q_OBJECT
public:
    ~HeatmapPanelBase() override;

    void ensureBuilt(); // builds what is pending even while hidden (an export needs it)
    bool isBuilding() const;
    bool isCurrent() const; // the heatmap shown is of the input set last

    virtual void clear() = 0; // forgets the input and what is shown

    HeatmapJob* job() const { return m_job; }
    virtual MessageBar* errorBar() const = 0;

signals:
    void heatmapShown();

protected:
    // `failure`: what the message bar says when a build gives nothing and no reason.
    HeatmapPanelBase(const QString& failure, QWidget* parent);

    // What the CPU, memory and mismatch heatmaps are built from: a snapshot and the samples of the window.
    struct SampledInput
    {
        SnapshotPtr snapshot;
        std::vector<SamplePtr> samples;
        bool operator==(const SampledInput&) const = default;
    };
    // Sets `input` to `snapshot` and `samples` and asks for a build, or clears the panel when there is no
    // snapshot. Nothing happens when `input` holds them already, unless `fresh` (another capture), which
    // forgets the selection first.
    void setSampledInput(SampledInput& input, SnapshotPtr snapshot, std::vector<SamplePtr> samples,
                         bool fresh);
    virtual void forgetSelection() {}

    // Asks for a build of the input set last, when there is enough to build.
    void scheduleBuild();
    // Forgets the build asked for or running; what is shown stays.
    void stopBuilding();

    // Enough is set to build.
    virtual bool hasInput() const = 0;
    // The build of the input set last, run on the worker from copies of it (empty: nothing to build). The
    // panel notes that input as the one being built.
    virtual std::function<HeatmapResult()> startBuild() = 0;
    // Shows a build's result and notes its input as the one shown; false when the result has nothing for
    // this panel.
    virtual bool showResult(const HeatmapResult& result) = 0;
    // A heatmap is shown and it is of the input set last.
    virtual bool isShownCurrent() const = 0;

    // The caption above a heatmap: its title in bold, where its figures come from, its notes small below.
    static QLabel* newCaption(QWidget* parent, const QString& objectName);
    static QString captionText(const QString& title, const QString& source, const QStringList& notes);
    // The panel's column: its tool row, caption and message bar on top; the caller adds the rest below.
    QVBoxLayout* newPanelLayout(QLayout* toolRow, QLabel* caption, MessageBar* error);
    // Lays out a long job's row, hidden until the job has run a while: what runs, its bar, a Cancel button.
    static void layOutProgressRow(QWidget* row, const QString& text, QProgressBar* bar, QToolButton* cancel);

private:
    void build();
    void onResult(const HeatmapResult& result);

    HeatmapJob* m_job;
    DeferredBuild* m_deferred;
    QString m_failure;
};

} // namespace numasight
