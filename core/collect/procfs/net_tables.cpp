// SPDX-License-Identifier: GPL-3.0-or-later
#include "net_tables.h"

#include "text_fields.h"

#include <cstring>

namespace numasight {

using namespace procfs;

namespace {

// The kernel prints each 32-bit word of the address as the integer it reads from memory: converting the
// hex back to an integer and storing it restores the network-order bytes on any byte order.
bool addressBytes(std::string_view hex, unsigned char* out, size_t words)
{
    for (size_t w = 0; w < words; ++w) {
        const auto v = toU64(hex.substr(w * 8, 8), 16);
        if (!v)
            return false;
        const std::uint32_t word = std::uint32_t(*v);
        std::memcpy(out + 4 * w, &word, 4);
    }
    return true;
}

QString ipv4Text(const unsigned char* b)
{
    return QStringLiteral("%1.%2.%3.%4").arg(b[0]).arg(b[1]).arg(b[2]).arg(b[3]);
}

// RFC 5952: lower case, the longest run of two or more zero groups as "::", IPv4-mapped as ::ffff:a.b.c.d.
QString ipv6Text(const unsigned char* b)
{
    std::uint16_t g[8];
    for (int i = 0; i < 8; ++i)
        g[i] = std::uint16_t(b[2 * i] << 8 | b[2 * i + 1]);
    if (g[0] == 0 && g[1] == 0 && g[2] == 0 && g[3] == 0 && g[4] == 0 && g[5] == 0xffff)
        return QStringLiteral("::ffff:") + ipv4Text(b + 12);
    int bestStart = -1, bestLen = 0;
    for (int i = 0; i < 8;) {
        if (g[i] != 0) {
            ++i;
            continue;
        }
        int j = i;
        while (j < 8 && g[j] == 0)
            ++j;
        if (j - i > bestLen && j - i >= 2) {
            bestStart = i;
            bestLen = j - i;
        }
        i = j;
    }
    QString out;
    for (int i = 0; i < 8; ++i) {
        if (i == bestStart) {
            out += QLatin1String("::");
            i += bestLen - 1;
            continue;
        }
        if (!out.isEmpty() && !out.endsWith(QLatin1Char(':')))
            out += QLatin1Char(':');
        out += QString::number(g[i], 16);
    }
    return out;
}

} // namespace

std::optional<std::pair<QString, int>> parseNetAddress(std::string_view text)
{
    const size_t colon = text.find(':');
    if (colon == std::string_view::npos)
        return std::nullopt;
    const std::string_view hex = text.substr(0, colon);
    const std::string_view portHex = text.substr(colon + 1);
    const auto port = toU64(portHex, 16);
    if (!port || *port > 0xffff || portHex.size() > 4)
        return std::nullopt;
    unsigned char bytes[16];
    if (hex.size() == 8 && addressBytes(hex, bytes, 1))
        return std::pair(ipv4Text(bytes), int(*port));
    if (hex.size() == 32 && addressBytes(hex, bytes, 4))
        return std::pair(ipv6Text(bytes), int(*port));
    return std::nullopt;
}

std::vector<NetEndpoint> parseNetTable(std::string_view text, const QString& protocol)
{
    std::vector<NetEndpoint> out;
    forEachLine(text, [&](std::string_view line) {
        // "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  0  0 1065 1 …"
        const std::vector<std::string_view> w = splitWords(line);
        if (w.size() < 10 || !w[0].ends_with(':') || !toU64(w[0].substr(0, w[0].size() - 1)))
            return;
        const auto local = parseNetAddress(w[1]);
        const auto remote = parseNetAddress(w[2]);
        const auto state = toU64(w[3], 16);
        const auto inode = toU64(w[9]);
        if (!local || !remote || !state || !inode)
            return;
        NetEndpoint e;
        e.protocol = protocol;
        e.ipv6 = w[1].size() > 13;
        e.localAddress = local->first;
        e.localPort = local->second;
        e.remoteAddress = remote->first;
        e.remotePort = remote->second;
        e.state = int(*state & 0xff);
        e.inode = *inode;
        out.push_back(std::move(e));
    });
    return out;
}

std::vector<UnixEndpoint> parseUnixTable(std::string_view text)
{
    std::vector<UnixEndpoint> out;
    forEachLine(text, [&](std::string_view line) {
        // "000000002af84d6c: 00000003 00000000 00000000 0001 03  1061 /run/x.sock"
        const std::vector<std::string_view> w = splitWords(line);
        if (w.size() < 7 || !w[0].ends_with(':') || !toU64(w[0].substr(0, w[0].size() - 1), 16))
            return;
        const auto type = toU64(w[4], 16);
        const auto state = toU64(w[5], 16);
        const auto inode = toU64(w[6]);
        if (!type || !state || !inode)
            return;
        UnixEndpoint e;
        e.inode = *inode;
        e.type = int(*type & 0xffff);
        e.state = int(*state & 0xff);
        if (w.size() > 7) {
            // The path is the rest of the line: it may contain spaces.
            const size_t at = size_t(w[7].data() - line.data());
            const std::string_view path = trimmed(line.substr(at));
            e.path = QString::fromUtf8(path.data(), qsizetype(path.size()));
        }
        out.push_back(std::move(e));
    });
    return out;
}

NetTables readNetTables(const FsRoot& root, std::int64_t pid)
{
    NetTables tables;
    const QString dir = pid >= 0 ? root.pidPath(pid, u"net/") : root.proc(u"net/");
    const auto view = [](const FileText& f) {
        return std::string_view(f.text.constData(), size_t(f.text.size()));
    };
    for (const char* name : {"tcp", "tcp6", "udp", "udp6"}) {
        const QString protocol = name[0] == 't' ? QStringLiteral("TCP") : QStringLiteral("UDP");
        const FileText file = readFileText(dir + QLatin1String(name));
        for (NetEndpoint& e : parseNetTable(view(file), protocol))
            if (e.inode != 0) // TIME_WAIT rows belong to no fd
                tables.inet.insert(e.inode, std::move(e));
    }
    const FileText unixFile = readFileText(dir + QLatin1String("unix"));
    for (UnixEndpoint& e : parseUnixTable(view(unixFile)))
        tables.unixSockets.insert(e.inode, std::move(e));
    return tables;
}

} // namespace numasight
