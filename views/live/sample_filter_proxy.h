#pragma once

#include <QSortFilterProxyModel>

namespace numasight {

// Sorts and filters the tables of one sample with the entity browser's filter semantics: the text is a
// case-insensitive substring of comm, pid or tid, and "cpu:N" (or "cpu N") keeps the rows that ran on
// CPU N in the sample. Sorting is by SampleSortRole, numbers as numbers.
class SampleFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit SampleFilterProxy(QObject* parent = nullptr);

    void setFilterText(const QString& text);
    QString filterText() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QString m_text; // lower case, trimmed
    int m_cpu = -1;
};

} // namespace numasight
