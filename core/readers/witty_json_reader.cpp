// SPDX-License-Identifier: GPL-3.0-or-later
// readWittyJson(), readWittyJsonFile(): witty-profiler graphs (one document, an envelope, or JSON Lines) into
// snapshots with simdjson On-Demand. Documents, envelopes, the nodes and edges lists, errors and progress
// here; one entity in witty_entity_reader.cpp, one edge in witty_edge_reader.cpp.
#include "util/memory_budget.h"
#include "witty_graph_reader.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::WittyJsonReader)
};
} // namespace

namespace wittyread {

const char* GraphReader::here() const
{
    const char* at = nullptr;
    if (m_doc && m_doc->current_location().get(at) == simdjson::SUCCESS)
        return at;
    return nullptr;
}

void GraphReader::fail(const char* at, const Where* where, const QString& message) const
{
    LoadError e;
    e.file = m_file;
    e.offset = offsetOf(at);
    locateOffset(m_base, qint64(m_size), e.offset, &e.line, &e.column);
    if (where)
        e.where = where->toString();
    e.message = message;
    throw Failure{std::move(e)};
}

void GraphReader::failSimdjson(error_code error, const Where* where, const char* fallbackAt) const
{
    // A document that ends inside an object or array is cut at its end, whatever simdjson's cursor says.
    const char* at = error == simdjson::INCOMPLETE_ARRAY_OR_OBJECT && m_docEnd ? m_docEnd : here();
    if (!at)
        at = fallbackAt;
    QString message;
    switch (error) {
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT:
    case simdjson::UNCLOSED_STRING:
        message = Tr::tr("unexpected end of the JSON text: the file is truncated or a bracket is missing");
        break;
    case simdjson::TAPE_ERROR:
        message = Tr::tr("malformed JSON: expected a value, ',' or a closing bracket here");
        break;
    case simdjson::NUMBER_ERROR:
        message = Tr::tr("malformed or out-of-range number");
        break;
    case simdjson::MEMALLOC:
        throw std::bad_alloc();
    case simdjson::STRING_ERROR:
        message = Tr::tr("malformed string (bad escape sequence)");
        break;
    case simdjson::UNESCAPED_CHARS:
        message = Tr::tr("control character inside a string: escape it as \\uXXXX");
        break;
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR:
        message = Tr::tr("malformed literal (expected true, false or null)");
        break;
    default:
        message = QStringLiteral("malformed JSON (%1)").arg(QLatin1String(simdjson::error_message(error)));
        break;
    }
    fail(at, where, message);
}

void GraphReader::checkDepth(std::string_view raw, size_t compactLength, const Where* where) const
{
    if (compactLength < kDepthScanThreshold)
        return;
    const qint64 bad = witty::findExcessiveNesting(raw, kMaxDepth);
    if (bad >= 0)
        fail(raw.data() + bad, where,
             Tr::tr("JSON nested deeper than %1 levels: not a witty-profiler graph").arg(kMaxDepth));
}

// A value of the wrong type: a hostile, deeply nested one gets the depth error rather than a type error.
void GraphReader::failType(od::value& value, od::json_type type, const Where* where, const QString& expected)
{
    const char* at = trimRight(value.raw_json_token()).data();
    std::string_view raw;
    od::object object;
    od::array array;
    if (type == od::json_type::object && value.get_object().get(object) == simdjson::SUCCESS &&
        object.raw_json().get(raw) == simdjson::SUCCESS)
        checkDepth(raw, raw.size(), where);
    else if (type == od::json_type::array && value.get_array().get(array) == simdjson::SUCCESS &&
             array.raw_json().get(raw) == simdjson::SUCCESS)
        checkDepth(raw, raw.size(), where);
    fail(at, where, Tr::tr("expected %1, got %2").arg(expected, typeNameOf(type)));
}

std::string_view GraphReader::compact(std::string_view raw, const Where* where)
{
    ++wittyReadPaths().minified;
    m_compact.resize(raw.size() + simdjson::SIMDJSON_PADDING);
    size_t length = 0;
    if (simdjson::minify(raw.data(), raw.size(), m_compact.data(), length) != simdjson::SUCCESS)
        fail(raw.data(), where, Tr::tr("malformed JSON value"));
    checkDepth(raw, length, where);
    // On-demand parsing does not validate what it skips (the rest of an endpoint already read, the inside of
    // a value taken whole) and minify() validates nothing: a stray ':' there was kept and written back by
    // `convert` as invalid JSON.
    if (witty::findStructureError({m_compact.data(), length}) >= 0)
        fail(raw.data(), where, Tr::tr("malformed JSON value"));
    return {m_compact.data(), length};
}

// The file's pages behind the cursor are handed back as the model grows: the model keeps its own copies of
// what it needs, and the peak stays near the model's size instead of the model's plus the file's.
void GraphReader::releaseBehind(const char* at, size_t margin)
{
    constexpr size_t kStep = size_t(1) << 20;
    if (!m_releasable || !at || at < m_base)
        return;
    if (!m_released)
        m_released = m_base;
    if (margin > 0 && size_t(at - m_released) < kStep + margin)
        return;
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    const auto upTo =
        reinterpret_cast<const char*>((reinterpret_cast<std::uintptr_t>(at) - margin) / page * page);
    if (upTo > m_released &&
        ::madvise(const_cast<char*>(m_released), size_t(upTo - m_released), MADV_DONTNEED) == 0)
        m_released = upTo;
}

void GraphReader::tick(const char* at)
{
    if (++m_items % kProgressEvery != 0)
        return;
    releaseBehind(at);
    if (m_progress.isCancelled())
        throw Failure{LoadError::cancel(m_file)};
    if (at && m_size)
        m_progress(double(at - m_base) / double(m_size));
}

template <typename Text>
Text GraphReader::cachedString(StringCache<Text>& cache, std::string_view s)
{
    constexpr size_t kMaxCached = 4096;
    constexpr size_t kMaxCachedLength = 128;
    if (const auto it = cache.strings.find(s); it != cache.strings.end())
        return it->second;
    Text text = fromUtf8(s);
    if (cache.strings.size() < kMaxCached && s.size() <= kMaxCachedLength)
        cache.strings.emplace(std::string(s), text);
    return text;
}
template QString GraphReader::cachedString(StringCache<QString>&, std::string_view);
template CompactString GraphReader::cachedString(StringCache<CompactString>&, std::string_view);

// A string value without escapes is used in place; only escaped ones go through simdjson's unescaping
// buffer, which would otherwise grow by every string of the file.
std::string_view GraphReader::stringOf(od::value& v, std::string_view raw, const Where* where)
{
    if (raw.size() >= 2 && std::memchr(raw.data(), '\\', raw.size()) == nullptr)
        return raw.substr(1, raw.size() - 2);
    return take(v.get_string(), where);
}

SnapshotPtr GraphReader::readDocument(const char* begin, size_t length, SourceInfo& source,
                                      SourceFormat* format, bool envelopeAllowed)
{
    const size_t capacity = capacityAt(begin);
    od::document doc;
    m_docEnd = begin + length;
    m_textEnd = begin + length;
    if (const error_code e = m_parser.iterate(begin, length, capacity).get(doc)) {
        if (e == simdjson::UTF8_ERROR) {
            const qint64 bad = witty::findInvalidUtf8(std::string_view(begin, length));
            const char* at = begin + std::max<qint64>(bad, 0);
            fail(at, nullptr,
                 Tr::tr("invalid UTF-8 (byte 0x%1 at offset %2): witty-profiler writes UTF-8; convert the "
                        "file, e.g. with iconv")
                     .arg(uint(static_cast<unsigned char>(*at)), 2, 16, QLatin1Char('0'))
                     .arg(offsetOf(at)));
        }
        if (e == simdjson::UNCLOSED_STRING)
            fail(begin + length, nullptr,
                 Tr::tr("a string is never closed: the file is truncated or a quote is missing"));
        failSimdjson(e, nullptr, begin);
    }
    m_doc = &doc;
    // witty graphs run about 1.5–3 kB of JSON per entity and 0.7–1.5 kB per edge. (The usual shape is read
    // by readByElement(), which sizes the model from the lists' own lengths; this reader is for the rest.)
    m_builder.reserve(length / 1500 + 16, length / 700 + 16);

    od::json_type rootType;
    if (const error_code e = doc.type().get(rootType))
        failSimdjson(e, nullptr, begin);
    if (rootType != od::json_type::object) {
        std::string_view raw;
        od::array array;
        if (rootType == od::json_type::array && doc.get_array().get(array) == simdjson::SUCCESS &&
            array.raw_json().get(raw) == simdjson::SUCCESS)
            checkDepth(raw, raw.size(), nullptr);
        fail(begin, nullptr,
             Tr::tr("expected a JSON object with \"nodes\" and \"edges\" (a witty-profiler graph), got %1")
                 .arg(typeNameOf(rootType)));
    }
    if (m_progress.isCancelled())
        throw Failure{LoadError::cancel(m_file)};
    od::object root = take(doc.get_object(), nullptr);

    bool sawGraph = false;
    bool sawContent = false;
    *format = SourceFormat::WittyJson;
    const Where rootWhere;
    for (auto fieldResult : root) {
        od::field field = take(std::move(fieldResult), nullptr);
        const std::string_view key = witty::rawKey(field.key().raw());
        od::value value = field.value();
        if (key == "nodes") {
            const Where w{nullptr, "nodes"};
            readNodes(value, &w);
            sawGraph = true;
        } else if (key == "edges") {
            const Where w{nullptr, "edges"};
            readEdges(value, &w);
            sawGraph = true;
        } else if (envelopeAllowed && (key == "content" || key == "env")) {
            const Where w{nullptr, key == "env" ? "env" : "content"};
            od::json_type t = take(value.type(), &w);
            if (t != od::json_type::object)
                fail(value.raw_json_token().data(), &w,
                     Tr::tr("expected an object, got %1").arg(typeNameOf(t)));
            od::object inner = take(value.get_object(), &w);
            if (key == "env") {
                readEnv(inner, source, &w);
            } else {
                readGraph(inner, &w);
                sawContent = true;
            }
            *format = SourceFormat::WittyEnvelope;
        } else {
            // Fields of a newer witty release: skipped, but still checked so hostile nesting cannot hide.
            od::json_type t = take(value.type(), &rootWhere);
            if (t == od::json_type::object || t == od::json_type::array) {
                const Where w{nullptr, "(unknown field)"};
                std::string_view raw = t == od::json_type::object
                                           ? take(take(value.get_object(), &w).raw_json(), &w)
                                           : take(take(value.get_array(), &w).raw_json(), &w);
                checkDepth(raw, raw.size(), &w);
            }
        }
    }
    if (const char* trailing = here())
        fail(
            trailing, nullptr,
            Tr::tr("unexpected text after the end of the graph object (JSON Lines need one graph per line)"));
    if (!sawGraph && !sawContent)
        fail(begin, nullptr,
             Tr::tr("no \"nodes\" or \"edges\" array: this JSON is not a witty-profiler graph"));
    m_doc = nullptr;
    return finishDocument();
}

SnapshotPtr GraphReader::finishDocument()
{
    resolveDevices();
    buildDistances();
    // The text has been read: the lookups built next take the place of its last pages.
    releaseBehind(m_textEnd, 0);
    SnapshotPtr snapshot = m_builder.finish();
    if (const QString problem = snapshot->duplicateNumaNodeProblem(); !problem.isEmpty()) {
        LoadError e;
        e.file = m_file;
        e.message = problem;
        throw Failure{std::move(e)};
    }
    return snapshot;
}

void GraphReader::readEnv(od::object env, SourceInfo& source, const Where* where)
{
    for (auto fieldResult : env) {
        od::field field = take(std::move(fieldResult), where);
        const QString key = fromUtf8(witty::rawKey(field.key().raw()));
        od::value value = field.value();
        const od::json_type t = take(value.type(), where);
        QString text;
        if (t == od::json_type::string) {
            text = fromUtf8(take(value.get_string(), where));
        } else if (t == od::json_type::object) {
            text = fromUtf8(compact(take(take(value.get_object(), where).raw_json(), where), where));
        } else if (t == od::json_type::array) {
            text = fromUtf8(compact(take(take(value.get_array(), where).raw_json(), where), where));
        } else {
            text = fromUtf8(trimRight(value.raw_json_token()));
        }
        if (key == QLatin1String("hostname"))
            source.hostname = text;
        source.extra.insert(key, text);
    }
}

void GraphReader::readGraph(od::object graph, const Where* where)
{
    bool saw = false;
    for (auto fieldResult : graph) {
        od::field field = take(std::move(fieldResult), where);
        const std::string_view key = witty::rawKey(field.key().raw());
        if (key == "nodes") {
            const Where w{where, "nodes"};
            readNodes(field.value(), &w);
            saw = true;
        } else if (key == "edges") {
            const Where w{where, "edges"};
            readEdges(field.value(), &w);
            saw = true;
        }
    }
    if (!saw)
        fail(here(), where, Tr::tr("no \"nodes\" or \"edges\" array in the envelope's content"));
}

template <class Read>
void GraphReader::readArray(od::value list, const Where* where, const QString& expected, Read read)
{
    const od::json_type t = take(list.type(), where);
    if (t != od::json_type::array)
        failType(list, t, where, expected);
    od::array array = take(list.get_array(), where);
    qint64 index = 0;
    for (auto element : array) {
        const Where w{where, nullptr, index++};
        od::value v = take(std::move(element), &w);
        read(v, &w);
    }
}

void GraphReader::readNodes(od::value nodes, const Where* where)
{
    readArray(nodes, where, Tr::tr("an array of entities"),
              [this](od::value& v, const Where* w) { readEntity(v, w, Origin::Nodes); });
}

void GraphReader::readEdges(od::value edges, const Where* where)
{
    readArray(edges, where, Tr::tr("an array of edges"),
              [this](od::value& v, const Where* w) { readEdge(v, w); });
}

namespace {

struct Buffer
{
    const char* data = nullptr;
    size_t size = 0;
    bool releasable = false; // the reader's own mapping or copy of a file
    int fd = -1;             // the mapped file, open: long lists are read from it (FileText)
    // Set for a file's copy, whose pages behind a reader's cursor are handed back: reads [from, from +
    // length) from the file again, or says why it cannot.
    std::function<QString(const char* from, size_t length)> readAgain;
};

// Before a reader reads text that an earlier reader may have handed back.
void restoreText(const Buffer& buffer, const char* from, size_t length, const QString& fileName)
{
    if (!buffer.readAgain)
        return;
    if (const QString problem = buffer.readAgain(from, length); !problem.isEmpty()) {
        LoadError e;
        e.file = fileName;
        e.message = problem;
        throw Failure{e};
    }
}

// One document read element by element; null when it is not of the plain shape, has an error, or is
// followed by more than blanks.
SnapshotPtr readByElement(const Buffer& buffer, const char* begin, size_t length, const QString& fileName,
                          const Progress& progress, SourceInfo& source, SourceFormat* format)
{
    try {
        GraphReader reader(buffer.data, buffer.size, fileName, progress, buffer.releasable);
        if (buffer.fd >= 0)
            reader.readListsFrom(buffer.fd, wittyReadTuning().fileWindow);
        SourceInfo elementSource = source;
        SourceFormat elementFormat = *format;
        SnapshotPtr snapshot = reader.readByElement(begin, length, elementSource, &elementFormat, true);
        source = std::move(elementSource);
        *format = elementFormat;
        ++wittyReadPaths().byElement;
        return snapshot;
    } catch (const Failure& f) {
        if (f.error.cancelled)
            throw;
    } catch (const NotPlain&) {
    }
    return nullptr;
}

// Reads one document: element by element when it has the plain shape and reads without an error, else whole
// (at once when `byElement` is false: the caller already saw the element reader fail on this very text).
// The whole-document reader is the one that speaks for a file with a problem, so every error keeps its one
// message and place.
SnapshotPtr readOne(const Buffer& buffer, const char* begin, size_t length, const QString& fileName,
                    const Progress& progress, SourceInfo& source, SourceFormat* format, bool byElement = true)
{
    if (byElement) {
        if (SnapshotPtr snapshot = readByElement(buffer, begin, length, fileName, progress, source, format))
            return snapshot;
    }
    ++wittyReadPaths().whole;
    restoreText(buffer, begin, length, fileName);
    GraphReader reader(buffer.data, buffer.size, fileName, progress, buffer.releasable);
    return reader.readDocument(begin, length, source, format, true);
}

Result<CapturePtr> readBuffer(Buffer buffer, const QString& fileName, const Progress& progress)
{
    auto capture = std::make_shared<Capture>();
    capture->source.path = fileName;
    capture->source.mode = QStringLiteral("import");
    const char* const begin = buffer.data;
    const char* const end = buffer.data + buffer.size;
    try {
        const char* first = begin;
        // Editors and PowerShell's Out-File start UTF-8 text with a byte order mark; JSON allows none, but
        // the text after it is the graph.
        if (end - first >= 3 && std::memcmp(first, "\xEF\xBB\xBF", 3) == 0)
            first += 3;
        while (first < end && witty::isJsonSpace(*first))
            ++first;
        if (first == end) {
            GraphReader r(begin, buffer.size, fileName, progress);
            LoadError e;
            e.file = fileName;
            e.offset = 0;
            e.line = 1;
            e.column = 1;
            e.message = Tr::tr("the file is empty: expected a witty-profiler graph (a JSON object with "
                               "\"nodes\" and \"edges\")");
            return e;
        }
        if (*first != '{') {
            LoadError e;
            e.file = fileName;
            e.offset = first - begin;
            locateOffset(begin, qint64(buffer.size), e.offset, &e.line, &e.column);
            e.message = Tr::tr("not a witty-profiler graph: expected '{' (a JSON object), found '%1'")
                            .arg(QString::fromLatin1(first, 1).toHtmlEscaped().left(1));
            if (!(static_cast<unsigned char>(*first) >= 0x20 && static_cast<unsigned char>(*first) < 0x7f))
                e.message = Tr::tr("not a witty-profiler graph: expected '{' (a JSON object), found byte "
                                   "0x%1")
                                .arg(uint(static_cast<unsigned char>(*first)), 2, 16, QLatin1Char('0'));
            return e;
        }
        // A graph is one document far more often than JSON lines, so it is read as one first, and its lines
        // are looked for only when that fails (looking first scanned a one-line 200 MB graph for a newline
        // before reading it: a whole pass over the file).
        SourceFormat format = SourceFormat::WittyJson;
        if (SnapshotPtr one = readByElement(buffer, first, size_t(end - first), fileName, progress,
                                            capture->source, &format)) {
            capture->source.format = format;
            capture->snapshots.push_back(std::move(one));
            progress(1.0);
            return CapturePtr(std::move(capture));
        }
        restoreText(buffer, first, size_t(end - first), fileName);
        const std::vector<witty::Line> lines = witty::jsonLines(begin, buffer.size, first);
        if (lines.size() <= 1) {
            auto snapshot = readOne(buffer, first, size_t(end - first), fileName, progress, capture->source,
                                    &format, false);
            capture->source.format = format;
            capture->snapshots.push_back(std::move(snapshot));
        } else {
            capture->source.format = SourceFormat::WittyJsonLines;
            for (const witty::Line& line : lines) {
                // One reader per round keeps the identities of different rounds apart.
                Progress inner;
                inner.cancelled = progress.cancelled;
                inner.report = [&](double) {};
                SourceFormat ignored = SourceFormat::WittyJson;
                SourceInfo lineSource;
                capture->snapshots.push_back(
                    readOne(buffer, line.begin, line.size, fileName, inner, lineSource, &ignored));
                if (capture->source.extra.isEmpty())
                    capture->source.extra = lineSource.extra;
                if (capture->source.hostname.isEmpty())
                    capture->source.hostname = lineSource.hostname;
                if (progress.isCancelled())
                    return LoadError::cancel(fileName);
                progress(double(line.begin + line.size - begin) / double(buffer.size));
            }
        }
    } catch (const Failure& f) {
        return f.error;
    } catch (const std::bad_alloc&) {
        LoadError e;
        e.file = fileName;
        e.message = Tr::tr("out of memory: reading this %1 MB graph needs more memory than this process may "
                           "use; close other programs, raise the limit (ulimit -v, the container's memory "
                           "limit) or open the file on a machine with more memory")
                        .arg(double(buffer.size) / 1e6, 0, 'f', 1);
        return e;
    }
    progress(1.0);
    return CapturePtr(std::move(capture));
}

// A read-only mapping of a whole file followed by at least SIMDJSON_PADDING zero bytes, which simdjson may
// read past the end, held under a read lease. The file is mapped over an anonymous reservation, so the
// padding exists even when the file ends exactly on a page boundary.
//
// The lease is what makes the mapping safe: another program's truncate() or open(O_TRUNC) of the file waits
// until it is given back (at most /proc/sys/fs/lease-break-time, 45 s by default), where it would otherwise
// kill this process with SIGBUS at its next read of a page past the new end. The kernel grants read leases
// to the file's owner (or CAP_LEASE) on local file systems while nobody has the file open for writing;
// without one the file is copied (FileCopy). The lease-break notice comes as SIGURG, ignored unless handled,
// instead of SIGIO, which would end the process.
//
// Mapped rather than copied when it can be: after another program freed much memory (the benchmark's
// python), the copy's 200 MB of fresh pages cost 40–90 ms more than the mapping on the machine measured.
// The mapping starts on a 2 MB boundary and asks for huge pages: a file the page cache reads for it then
// comes in 2 MB folios, mapped 2 MB at a time.
class LeasedMapping
{
public:
    explicit LeasedMapping(const char* path)
    {
        m_fd = ::open(path, O_RDONLY | O_CLOEXEC);
        if (m_fd < 0 || ::fcntl(m_fd, F_SETSIG, SIGURG) != 0 || ::fcntl(m_fd, F_SETLEASE, F_RDLCK) != 0)
            return;
        m_leased = true;
        struct stat st = {};
        if (::fstat(m_fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
            return;
        const size_t page = size_t(sysconf(_SC_PAGESIZE));
        constexpr size_t kHuge = size_t(2) << 20;
        const size_t size = size_t(st.st_size);
        const size_t total = (size + simdjson::SIMDJSON_PADDING + page - 1) / page * page + kHuge;
        void* reserved = ::mmap(nullptr, total, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (reserved == MAP_FAILED)
            return;
        const auto at = (reinterpret_cast<std::uintptr_t>(reserved) + kHuge - 1) & ~(kHuge - 1);
        void* base = reinterpret_cast<void*>(at);
        if (::mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, m_fd, 0) != base) {
            ::munmap(reserved, total);
            return;
        }
        // Both are hints: a kernel without them maps small pages and faults them in as it goes. A file whose
        // lists are read with pread() (FileText) is touched through the mapping only where a reader falls
        // back on it: faulting all of it in first would be spent for nothing.
        ::madvise(base, size, MADV_HUGEPAGE);
        if (size < wittyReadTuning().fileReadFrom)
            ::madvise(base, size, MADV_POPULATE_READ);
        m_data = static_cast<const char*>(base);
        m_size = size;
        m_reserved = reserved;
        m_total = total;
    }
    ~LeasedMapping()
    {
        if (m_data)
            ::munmap(m_reserved, m_total);
        if (m_leased)
            ::fcntl(m_fd, F_SETLEASE, F_UNLCK);
        if (m_fd >= 0)
            ::close(m_fd);
    }
    LeasedMapping(const LeasedMapping&) = delete;
    LeasedMapping& operator=(const LeasedMapping&) = delete;

    // Null without a lease, for a file with no bytes or no regular file, or when it could not be mapped.
    const char* data() const { return m_data; }
    size_t size() const { return m_size; }
    int fd() const { return m_fd; }

private:
    int m_fd = -1;
    bool m_leased = false;
    const char* m_data = nullptr;
    size_t m_size = 0;
    void* m_reserved = nullptr;
    size_t m_total = 0;
};

// A file read whole into anonymous memory, followed by at least SIMDJSON_PADDING zero bytes, which simdjson
// may read past the end.
//
// For a file that cannot be mapped under a lease (LeasedMapping): mapped without one, a file that another
// program truncates while it is parsed kills the process with SIGBUS (and the window with it); a copy keeps
// the bytes as they were, and a file that shrinks under the read is noticed and said. The copy goes into
// 2 MB pages, on two threads for a big file.
class FileCopy
{
public:
    explicit FileCopy(const char* path)
    {
        m_fd = ::open(path, O_RDONLY | O_CLOEXEC);
        if (m_fd < 0 || ::fstat(m_fd, &m_opened) != 0 || !S_ISREG(m_opened.st_mode) || m_opened.st_size <= 0)
            return;
        const size_t page = size_t(sysconf(_SC_PAGESIZE));
        const size_t size = size_t(m_opened.st_size);
        const size_t total = (size + simdjson::SIMDJSON_PADDING + page - 1) / page * page + kHuge;
        void* reserved = ::mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (reserved == MAP_FAILED)
            return;
        m_reserved = reserved;
        m_total = total;
        const auto at = (reinterpret_cast<std::uintptr_t>(reserved) + kHuge - 1) & ~(kHuge - 1);
        m_data = reinterpret_cast<char*>(at);
        m_size = size;
        // A hint: without it the copy lands in small pages, as a mapping would.
        ::madvise(m_data, size, MADV_HUGEPAGE);
        readAgain(m_data, size);
    }
    ~FileCopy()
    {
        if (m_reserved)
            ::munmap(m_reserved, m_total);
        if (m_fd >= 0)
            ::close(m_fd);
    }
    FileCopy(const FileCopy&) = delete;
    FileCopy& operator=(const FileCopy&) = delete;

    // Null when the file is no regular file with bytes in it, or no memory could hold it.
    const char* data() const { return m_data; }
    size_t size() const { return m_size; }
    // Empty, or why the bytes read are not the file's: it failed to read, or shrank while it was read.
    const QString& problem() const { return m_problem; }

    // [from, from + length) read from the file again, after a reader handed its pages back; false (and
    // problem() says why) when the file can no longer give them.
    bool readAgain(const char* from, size_t length)
    {
        const size_t offset = size_t(from - m_data);
        const size_t half = length >= kTwoThreadsFrom ? (length / 2 + kHuge - 1) / kHuge * kHuge : length;
        std::thread second;
        int secondError = 0;
        size_t secondRead = 0;
        if (half < length)
            second = std::thread([&] { secondError = readFully(offset + half, length - half, &secondRead); });
        size_t firstRead = 0;
        const int firstError = readFully(offset, half, &firstRead);
        if (second.joinable())
            second.join();
        struct stat now = m_opened;
        if (firstError || secondError) {
            m_problem =
                Tr::tr("cannot read the file (%1)")
                    .arg(QString::fromLocal8Bit(std::strerror(firstError ? firstError : secondError)));
            return false;
        }
        const bool statted = ::fstat(m_fd, &now) == 0;
        if (firstRead < half || secondRead < length - half || (statted && now.st_size < m_opened.st_size)) {
            m_problem = Tr::tr("the file shrank from %1 to %2 bytes while it was read (another program "
                               "truncated or rewrote it): open it again once that program has finished")
                            .arg(qint64(m_opened.st_size))
                            .arg(qint64(now.st_size));
            return false;
        }
        return true;
    }

private:
    static constexpr size_t kHuge = size_t(2) << 20;
    static constexpr size_t kTwoThreadsFrom = size_t(32) << 20;

    // errno, or 0 with `*done` short of `length` when the file ends first.
    int readFully(size_t offset, size_t length, size_t* done) const
    {
        while (*done < length) {
            const ssize_t n = ::pread(m_fd, m_data + offset + *done, length - *done, off_t(offset + *done));
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                return errno;
            if (n == 0)
                return 0;
            *done += size_t(n);
        }
        return 0;
    }

    int m_fd = -1;
    struct stat m_opened = {};
    char* m_data = nullptr;
    size_t m_size = 0;
    void* m_reserved = nullptr;
    size_t m_total = 0;
    QString m_problem;
};

} // namespace

} // namespace wittyread

WittyReadPaths& wittyReadPaths()
{
    static thread_local WittyReadPaths paths;
    return paths;
}

WittyReadTuning& wittyReadTuning()
{
    static thread_local WittyReadTuning tuning;
    return tuning;
}

Result<CapturePtr> readWittyJson(QByteArrayView data, const QString& fileName, const Progress& progress)
{
    // simdjson reads up to SIMDJSON_PADDING bytes past the end, so the text gets a padded copy.
    simdjson::padded_string padded(data.data(), size_t(data.size()));
    return wittyread::readBuffer({padded.data(), padded.size(), false, -1, {}}, fileName, progress);
}

Result<CapturePtr> readWittyJsonFile(const QString& path, const Progress& progress)
{
    const QFileInfo info(path);
    auto ioError = [&](const QString& what) {
        LoadError e;
        e.file = path;
        e.message = what;
        return e;
    };
    if (!info.exists())
        return ioError(Tr::tr("no such file: check the path"));
    if (info.isDir())
        return ioError(Tr::tr("is a directory, not a witty-profiler JSON file"));
    if (!info.isReadable())
        return ioError(Tr::tr("cannot read the file: permission denied"));
    // Refused before the first byte when it surely cannot fit: the kernel would otherwise kill the process
    // (and the window with it) part way. The file, mapped or copied, stays while it is parsed and the parser
    // indexes it, so half as much again as the file is the least any graph needs.
    constexpr double kLeastBytesPerFileByte = 1.5;
    if (const QString shortfall =
            memoryShortfall(std::uint64_t(info.size()), kLeastBytesPerFileByte, memoryBudget());
        !shortfall.isEmpty())
        return ioError(shortfall);
    const QByteArray native = QFile::encodeName(path);
    if (wittyReadTuning().mapFiles) {
        if (wittyread::LeasedMapping mapped(native.constData()); mapped.data()) {
            ++wittyReadPaths().mapped;
            wittyread::Buffer buffer{mapped.data(), mapped.size(), true, mapped.fd(), {}};
            return wittyread::readBuffer(std::move(buffer), path, progress);
        }
    }
    // Files without a size (pipes, /proc) are read by simdjson instead.
    if (wittyread::FileCopy copy(native.constData()); copy.data()) {
        if (!copy.problem().isEmpty())
            return ioError(copy.problem());
        ++wittyReadPaths().copied;
        wittyread::Buffer buffer{copy.data(), copy.size(), true, -1, {}};
        buffer.readAgain = [&copy](const char* from, size_t length) {
            return copy.readAgain(from, length) ? QString() : copy.problem();
        };
        return wittyread::readBuffer(std::move(buffer), path, progress);
    }
    simdjson::padded_string text;
    if (const simdjson::error_code e =
            simdjson::padded_string::load(std::string_view(native.constData(), size_t(native.size())))
                .get(text))
        return ioError(
            QStringLiteral("cannot read the file (%1)").arg(QLatin1String(simdjson::error_message(e))));
    return wittyread::readBuffer({text.data(), text.size(), false, -1, {}}, path, progress);
}

} // namespace numasight
