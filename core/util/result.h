// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <utility>
#include <variant>

namespace numasight {

// Why reading or writing failed, with enough of a place for a person to find it: the file, then a line and
// column (text formats), a byte offset, or a path inside the document ("nodes[12].pid").
struct LoadError
{
    QString file;
    QString message; // what is wrong and, where it helps, what to do
    qint64 offset = -1;
    int line = -1;
    int column = -1;
    QString where; // JSON path or element, when there is no text position
    bool cancelled = false;

    // "graph.json:12:5: expected ',' or '}'" — one line, as compilers print it.
    QString toString() const;
    static LoadError cancel(const QString& file);
};

template <class T>
class Result
{
public:
    Result(T value)
        : m_v(std::move(value))
    {
    }
    Result(LoadError error)
        : m_v(std::move(error))
    {
    }
    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<0>(m_v); }
    T& value() & { return std::get<0>(m_v); }
    T&& value() && { return std::get<0>(std::move(m_v)); }
    const T& operator*() const { return value(); }
    const T* operator->() const { return &value(); }
    const LoadError& error() const { return std::get<1>(m_v); }

private:
    std::variant<T, LoadError> m_v;
};

// Computes 1-based line and column of `offset` in `data`, counting columns in bytes.
void locateOffset(const char* data, qint64 size, qint64 offset, int* line, int* column);

} // namespace numasight
