// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/record_dialog.h"

#include "util/format.h"
#include "views/common/save_path_field.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMetaObject>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QThreadPool>
#include <QVBoxLayout>

#include <mutex>

namespace numasight {

namespace {

const QString kScopeKey = QStringLiteral("record/scope");
const QString kPidsKey = QStringLiteral("record/pids");
const QString kChildrenKey = QStringLiteral("record/children");
const QString kCommKey = QStringLiteral("record/comm");
const QString kIntervalKey = QStringLiteral("record/intervalMs");
const QString kDurationKey = QStringLiteral("record/durationS");
const QString kUntilStoppedKey = QStringLiteral("record/untilStopped");
const QString kModeKey = QStringLiteral("record/mode");
const QString kDirKey = QStringLiteral("record/directory");
const QString kSizeLimitKey = QStringLiteral("record/sizeLimitMiB");
constexpr int kDefaultSizeLimitMiB = 1024;

// "Until stopped" is a very long duration: the recorder needs one, and a year is more than anyone records.
constexpr std::int64_t kUntilStoppedNs = 365LL * 24 * 3600 * 1'000'000'000;

// The probe loads a BPF program, which takes a moment: once per session, off the GUI thread.
struct EbpfProbe
{
    std::mutex mutex;
    bool done = false;
    bool available = false;
    QString why;
};
EbpfProbe& probe()
{
    static EbpfProbe p;
    return p;
}

std::optional<RecordOptions> buildOptions(RecordDialog::ScopeKind scope, const QString& pidsText,
                                          bool children, const QString& comm, int intervalMs, int durationS,
                                          bool untilStopped, RecordMode mode, const QString& output,
                                          QString* error)
{
    auto fail = [&](const QString& why) -> std::optional<RecordOptions> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    RecordOptions o;
    o.mode = mode;
    o.intervalNs = std::int64_t(intervalMs) * 1'000'000;
    o.durationNs = untilStopped ? kUntilStoppedNs : std::int64_t(durationS) * 1'000'000'000;
    if (o.durationNs < o.intervalNs)
        return fail(QObject::tr("The duration is shorter than one interval."));
    if (scope == RecordDialog::ScopeKind::Pids) {
        static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
        const QStringList parts = pidsText.split(separators, Qt::SkipEmptyParts);
        if (parts.isEmpty())
            return fail(QObject::tr("Give at least one pid."));
        for (const QString& p : parts) {
            bool ok = false;
            const qlonglong pid = p.toLongLong(&ok);
            if (!ok || pid <= 0)
                return fail(QObject::tr("'%1' is not a pid.").arg(p));
            o.scope.pids.push_back(pid);
        }
        o.scope.includeChildren = children;
    } else if (scope == RecordDialog::ScopeKind::Comm) {
        const QRegularExpression re(comm);
        if (comm.isEmpty())
            return fail(QObject::tr("Give a regular expression for the process names."));
        if (!re.isValid())
            return fail(
                QObject::tr("The name pattern is not a valid regular expression: %1").arg(re.errorString()));
        o.scope.comm = re;
    }
    if (output.trimmed().isEmpty())
        return fail(QObject::tr("Choose a file to record into."));
    const QFileInfo info(output.trimmed());
    if (!info.absoluteDir().exists())
        return fail(QObject::tr("The folder %1 does not exist.").arg(info.absolutePath()));
    o.outputPath = info.absoluteFilePath();
    return o;
}

} // namespace

RecordDialog::RecordDialog(QWidget* parent)
    : QDialog(parent)
    , m_scope(new QComboBox(this))
    , m_pids(new QLineEdit(this))
    , m_children(new QCheckBox(tr("Include their children"), this))
    , m_comm(new QLineEdit(this))
    , m_intervalMs(new QSpinBox(this))
    , m_durationS(new QSpinBox(this))
    , m_untilStopped(new QCheckBox(tr("Until stopped"), this))
    , m_mode(new QComboBox(this))
    , m_ebpf(new QLabel(this))
    , m_outputField(
          new SavePathField(tr("Browse…"), tr("Record Into"), tr("numasight captures (*.numasight)"), this))
    , m_output(m_outputField->lineEdit())
    , m_sizeLimitMiB(new QSpinBox(this))
    , m_stale(new QLabel(this))
    , m_deleteStale(new QPushButton(tr("&Delete Them…"), this))
    , m_error(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("recordDialog"));
    setWindowTitle(tr("Record This Machine"));
    m_scope->setObjectName(QStringLiteral("scopeCombo"));
    m_pids->setObjectName(QStringLiteral("pidsEdit"));
    m_comm->setObjectName(QStringLiteral("commEdit"));
    m_intervalMs->setObjectName(QStringLiteral("intervalSpin"));
    m_durationS->setObjectName(QStringLiteral("durationSpin"));
    m_mode->setObjectName(QStringLiteral("modeCombo"));
    m_ebpf->setObjectName(QStringLiteral("ebpfLabel"));
    m_output->setObjectName(QStringLiteral("outputEdit"));
    m_error->setObjectName(QStringLiteral("recordError"));
    m_sizeLimitMiB->setObjectName(QStringLiteral("sizeLimitSpin"));
    m_sizeLimitMiB->setRange(0, 1024 * 1024);
    m_sizeLimitMiB->setSingleStep(256);
    m_sizeLimitMiB->setSuffix(tr(" MiB"));
    m_sizeLimitMiB->setSpecialValueText(tr("No limit"));
    m_sizeLimitMiB->setToolTip(tr("When the file reaches this size the recording pauses and asks whether to "
                                  "keep recording"));
    m_stale->setObjectName(QStringLiteral("staleLabel"));
    m_stale->setWordWrap(true);
    m_deleteStale->setObjectName(QStringLiteral("deleteStaleButton"));

    m_scope->addItem(tr("All processes"), int(ScopeKind::All));
    m_scope->addItem(tr("These pids"), int(ScopeKind::Pids));
    m_scope->addItem(tr("Processes whose name matches"), int(ScopeKind::Comm));
    m_pids->setPlaceholderText(tr("1234, 5678"));
    m_comm->setPlaceholderText(tr("regular expression, e.g. ^(python|vllm)"));
    m_intervalMs->setRange(50, 3'600'000);
    m_intervalMs->setSingleStep(100);
    m_intervalMs->setSuffix(tr(" ms"));
    m_durationS->setRange(1, 7 * 24 * 3600);
    m_durationS->setSuffix(tr(" s"));
    m_mode->addItem(tr("Auto (eBPF when it can run)"), int(RecordMode::Auto));
    m_mode->addItem(tr("eBPF"), int(RecordMode::Ebpf));
    m_mode->addItem(tr("procfs sampling"), int(RecordMode::Procfs));
    m_ebpf->setWordWrap(true);
    m_ebpf->setText(tr("Checking whether eBPF can run here…"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: palette(link);"));

    auto* durationRow = new QHBoxLayout;
    durationRow->addWidget(m_durationS, 1);
    durationRow->addWidget(m_untilStopped);

    auto* form = new QFormLayout;
    form->addRow(tr("&Scope:"), m_scope);
    form->addRow(tr("&Pids:"), m_pids);
    form->addRow(QString(), m_children);
    form->addRow(tr("&Name pattern:"), m_comm);
    form->addRow(tr("&Interval:"), m_intervalMs);
    // A row whose field is a layout gets a label without a buddy, which would show its "&" as text.
    auto* durationLabel = new QLabel(tr("&Duration:"), this);
    durationLabel->setBuddy(m_durationS);
    form->addRow(durationLabel, durationRow);
    form->addRow(tr("&Mode:"), m_mode);
    form->addRow(QString(), m_ebpf);
    form->addRow(tr("&File:"), m_outputField);
    form->addRow(tr("Size &limit:"), m_sizeLimitMiB);
    auto* staleRow = new QHBoxLayout;
    staleRow->addWidget(m_stale, 1);
    staleRow->addWidget(m_deleteStale, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(staleRow);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Record"));

    QSettings settings;
    m_scope->setCurrentIndex(std::max(0, m_scope->findData(settings.value(kScopeKey, 0).toInt())));
    m_pids->setText(settings.value(kPidsKey).toString());
    m_children->setChecked(settings.value(kChildrenKey, true).toBool());
    m_comm->setText(settings.value(kCommKey).toString());
    m_intervalMs->setValue(settings.value(kIntervalKey, 1000).toInt());
    m_durationS->setValue(settings.value(kDurationKey, 60).toInt());
    m_untilStopped->setChecked(settings.value(kUntilStoppedKey, true).toBool());
    m_mode->setCurrentIndex(std::max(0, m_mode->findData(settings.value(kModeKey, 0).toInt())));
    m_sizeLimitMiB->setValue(settings.value(kSizeLimitKey, kDefaultSizeLimitMiB).toInt());
    m_output->setText(defaultOutputPath());
    updateStale();

    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (options()) {
            saveSettings();
            accept();
        }
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_outputField, &SavePathField::chosen, this, &RecordDialog::onOutputChosen);
    connect(m_deleteStale, &QPushButton::clicked, this, &RecordDialog::deleteStale);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &RecordDialog::validate);
    connect(m_untilStopped, &QCheckBox::toggled, this, &RecordDialog::validate);
    for (QLineEdit* e : {m_pids, m_comm, m_output})
        connect(e, &QLineEdit::textChanged, this, &RecordDialog::validate);
    for (QSpinBox* s : {m_intervalMs, m_durationS})
        connect(s, &QSpinBox::valueChanged, this, &RecordDialog::validate);
    validate();

    {
        EbpfProbe& p = probe();
        std::lock_guard lock(p.mutex);
        if (p.done) {
            onEbpfProbed(p.available, p.why);
            return;
        }
    }
    QPointer<RecordDialog> self(this);
    QThreadPool::globalInstance()->start([self] {
        QString why;
        const bool available = makeLocalEnvironment()->ebpfAvailable(&why);
        {
            EbpfProbe& p = probe();
            std::lock_guard lock(p.mutex);
            p.done = true;
            p.available = available;
            p.why = why;
        }
        // qApp outlives every dialog; the pointer check drops the answer for a dialog already closed.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, available, why] {
                if (self)
                    self->onEbpfProbed(available, why);
            },
            Qt::QueuedConnection);
    });
}

QString RecordDialog::cacheFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/recordings");
}

namespace {
QSet<QString>& recordingsOfThisRun()
{
    static QSet<QString> paths;
    return paths;
}
} // namespace

void RecordDialog::noteRecordingOfThisRun(const QString& path)
{
    recordingsOfThisRun().insert(QFileInfo(path).absoluteFilePath());
}

QStringList RecordDialog::recordingFiles(const QString& path)
{
    return {path, path + QStringLiteral("-wal"), path + QStringLiteral("-shm")};
}

QStringList RecordDialog::staleRecordings()
{
    QStringList out;
    const QFileInfoList files =
        QDir(cacheFolder()).entryInfoList({QStringLiteral("recording-*.numasight")}, QDir::Files, QDir::Time);
    for (const QFileInfo& f : files)
        if (!recordingsOfThisRun().contains(f.absoluteFilePath()))
            out << f.absoluteFilePath();
    return out;
}

qint64 RecordDialog::rememberedSizeLimit()
{
    return qint64(QSettings().value(kSizeLimitKey, kDefaultSizeLimitMiB).toInt()) * 1024 * 1024;
}

void RecordDialog::updateStale()
{
    const QStringList files = staleRecordings();
    qint64 bytes = 0;
    for (const QString& f : files)
        for (const QString& part : recordingFiles(f))
            bytes += QFileInfo(part).size();
    m_stale->setText(tr("%n recording(s) of earlier runs left in %1 (%2).", nullptr, int(files.size()))
                         .arg(QDir::toNativeSeparators(cacheFolder()), formatBytes(double(bytes))));
    m_stale->setToolTip(files.join(QLatin1Char('\n')));
    m_stale->setVisible(!files.isEmpty());
    m_deleteStale->setVisible(!files.isEmpty());
}

void RecordDialog::deleteStale()
{
    const QStringList files = staleRecordings();
    if (files.isEmpty())
        return;
    const auto answer = QMessageBox::question(
        this, tr("Delete Earlier Recordings"),
        tr("Delete %n recording(s) left in %1 by earlier runs? Copies saved elsewhere are kept.", nullptr,
           int(files.size()))
            .arg(QDir::toNativeSeparators(cacheFolder())),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Yes)
        return;
    for (const QString& f : files)
        for (const QString& part : recordingFiles(f))
            QFile::remove(part);
    updateStale();
}

QString RecordDialog::defaultOutputPath()
{
    QString dir = QSettings().value(kDirKey).toString();
    if (dir.isEmpty() || !QFileInfo(dir).isDir()) {
        dir = cacheFolder();
        QDir().mkpath(dir);
    }
    return QDir(dir).filePath(
        QStringLiteral("recording-%1.numasight")
            .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
}

std::optional<RecordOptions> RecordDialog::options(QString* error) const
{
    return buildOptions(ScopeKind(m_scope->currentData().toInt()), m_pids->text(), m_children->isChecked(),
                        m_comm->text(), m_intervalMs->value(), m_durationS->value(),
                        m_untilStopped->isChecked(), RecordMode(m_mode->currentData().toInt()),
                        m_output->text(), error);
}

std::optional<RecordOptions> RecordDialog::rememberedOptions(QString* error)
{
    QSettings s;
    return buildOptions(ScopeKind(s.value(kScopeKey, 0).toInt()), s.value(kPidsKey).toString(),
                        s.value(kChildrenKey, true).toBool(), s.value(kCommKey).toString(),
                        s.value(kIntervalKey, 1000).toInt(), s.value(kDurationKey, 60).toInt(),
                        s.value(kUntilStoppedKey, true).toBool(), RecordMode(s.value(kModeKey, 0).toInt()),
                        defaultOutputPath(), error);
}

void RecordDialog::saveSettings() const
{
    QSettings s;
    s.setValue(kScopeKey, m_scope->currentData().toInt());
    s.setValue(kPidsKey, m_pids->text());
    s.setValue(kChildrenKey, m_children->isChecked());
    s.setValue(kCommKey, m_comm->text());
    s.setValue(kIntervalKey, m_intervalMs->value());
    s.setValue(kDurationKey, m_durationS->value());
    s.setValue(kUntilStoppedKey, m_untilStopped->isChecked());
    s.setValue(kModeKey, m_mode->currentData().toInt());
    s.setValue(kSizeLimitKey, m_sizeLimitMiB->value());
}

void RecordDialog::validate()
{
    const auto scope = ScopeKind(m_scope->currentData().toInt());
    m_pids->setEnabled(scope == ScopeKind::Pids);
    m_children->setEnabled(scope == ScopeKind::Pids);
    m_comm->setEnabled(scope == ScopeKind::Comm);
    m_durationS->setEnabled(!m_untilStopped->isChecked());
    QString error;
    const bool ok = options(&error).has_value();
    m_error->setText(ok ? QString() : error);
    m_error->setVisible(!ok);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

void RecordDialog::onEbpfProbed(bool available, const QString& why)
{
    auto* model = qobject_cast<QStandardItemModel*>(m_mode->model());
    QStandardItem* item = model ? model->item(m_mode->findData(int(RecordMode::Ebpf))) : nullptr;
    if (available) {
        m_ebpf->setText(tr("eBPF can run here: CPU time is measured per CPU at every context switch."));
        m_ebpf->setToolTip(why);
    } else {
        m_ebpf->setText(tr("eBPF is unavailable: %1. Auto records with procfs sampling.").arg(why));
        if (item) {
            item->setEnabled(false);
            item->setToolTip(why);
        }
        if (RecordMode(m_mode->currentData().toInt()) == RecordMode::Ebpf)
            m_mode->setCurrentIndex(m_mode->findData(int(RecordMode::Auto)));
    }
}

void RecordDialog::onOutputChosen(const QString& path)
{
    m_output->setText(path.endsWith(QLatin1String(".numasight")) ? path
                                                                 : path + QStringLiteral(".numasight"));
    QSettings().setValue(kDirKey, QFileInfo(path).absolutePath());
}

} // namespace numasight
