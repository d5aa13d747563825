// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/report_job.h"

#include <QCoreApplication>

namespace numasight {

namespace {
// ExportJob's constructor is protected: the writing step is an ExportJob of its own.
class ReportWriter : public ExportJob
{
public:
    explicit ReportWriter(QObject* parent)
        : ExportJob(QStringLiteral("numasight-report-write"), parent)
    {
    }
};
} // namespace

ReportJob::ReportJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-report"), 1, parent, Order::EveryJob)
    , m_writer(new ReportWriter(this))
{
    connect(m_writer, &ExportJob::exported, this, &ReportJob::exported);
    connect(m_writer, &ExportJob::failed, this, &ReportJob::failed);
}

void ReportJob::start(ReportInput input, const QString& path)
{
    run(
        [input = std::move(input)](const Progress& progress) -> std::optional<Result<Report>> {
            Result<Report> planned = planReport(input, progress);
            if (!planned && planned.error().cancelled)
                return std::nullopt;
            return planned;
        },
        [this, path](Result<Report> planned) {
            if (!planned) {
                emit failed(planned.error().toString());
                return;
            }
            Result<Report> drawn = drawReportHeatmaps(std::move(planned).value());
            if (!drawn) {
                emit failed(drawn.error().toString());
                return;
            }
            auto report = std::make_shared<const Report>(std::move(drawn).value());
            m_writer->run([report, path] { return writeReport(*report, path); }, path);
        });
}

} // namespace numasight
