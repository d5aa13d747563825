// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "advice/capture_diff.h"
#include "model/snapshot.h"
#include "util/progress.h"
#include "util/result.h"
#include "views/heatmap/heatmap_picture.h"

#include <QByteArray>
#include <QImage>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

// A whole report of one capture, for people who were not at the desk: what was captured, the machine and
// combined diagrams, the CPU and memory heatmaps, the node matrices, the findings, the suggestions with their
// commands and predicted gain, and with a second capture the before/after table. The pictures are the ones
// `export` writes and the window shows (the same builders); written as one self-contained HTML file
// (pictures as data URIs, styles inline) or a PDF with a table of contents and numbered pages.
namespace numasight {

struct ReportPicture
{
    QString anchor; // "machine": the HTML id and the PDF's resource name
    QString title;
    QString caption;   // what the picture shows, one sentence
    QString missing;   // when there is no picture: why (no CPU figures in a topology, one NUMA node, …)
    QByteArray svg;    // the HTML's picture
    QImage image;      // the PDF's picture
    QStringList notes; // what the picture leaves out
    // A heatmap or matrix planned but not drawn yet (drawReportHeatmaps draws it on the GUI thread).
    std::shared_ptr<const HeatmapPicture> heatmap;
};

struct ReportFact
{
    QString name;
    QString value;
};

struct Report
{
    QString title;    // "numasight report: run.numasight"
    QString subtitle; // "generated 2026-12-03 04:30 UTC by numasight 0.1.0 (git …)"
    std::vector<ReportFact> facts;
    std::vector<ReportPicture> pictures;
    AdvicePtr advice;
    CaptureDiffPtr comparison; // null without a second capture
    QString compareLabel;      // the second capture's file name
};

struct ReportInput
{
    CapturePtr capture;
    QString path;       // as given: names the capture in the report and in errors
    CapturePtr compare; // optional: the capture after a change
    QString comparePath;
    int snapshot = -1; // -1: the last, with every sample
};

// Builds every part but the heatmaps' drawing: the facts, the advice, the comparison, the graphs laid out and
// drawn, the heatmaps' and matrices' data. Any thread. `progress` goes from 0 to 1 over the steps and stops
// it (a cancelled error).
Result<Report> planReport(const ReportInput& input, const Progress& progress);
// Draws the planned heatmaps and matrices: GUI thread only (QCustomPlot is a widget), a few dozen ms each.
Result<Report> drawReportHeatmaps(Report report);
// Both, one after the other (numasight-export, tests).
Result<Report> buildReport(const ReportInput& input, const Progress& progress);

// The report as one HTML document: no external file, style or script; prints one section a page.
QString reportHtml(const Report& report);
// The report as PDF bytes: A4 portrait, a table of contents with page numbers, numbered pages, text as text.
Result<QByteArray> reportPdf(const Report& report, const QString& path = {});

// Writes HTML or PDF by `path`'s suffix (.html/.htm or .pdf) as every export does: into a temporary beside
// it, renamed when complete. Returns the bytes written.
Result<qint64> writeReport(const Report& report, const QString& path);

} // namespace numasight
