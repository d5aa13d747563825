// SPDX-License-Identifier: GPL-3.0-or-later
// One pass over a big file's bytes, the ways the witty reader could take them: through a fresh mapping
// (first and second pass), through a mapping faulted in first (MADV_POPULATE_READ), and with pread() into a
// window used again (FileText, what the reader does for long lists). Each round maps the file anew, so its
// pages are first touches again. The pass adds the bytes up, 64 at a time, as cheap as any scan can be.
//
//   bench_file_pass FILE [ROUNDS]

#include "readers/witty_list_walk.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using numasight::wittyread::FileText;

namespace {

std::uint64_t sum(const char* p, size_t n)
{
    std::uint64_t total = 0;
    for (size_t i = 0; i + 8 <= n; i += 64) {
        std::uint64_t word;
        std::memcpy(&word, p + i, 8);
        total += word;
    }
    return total;
}

double msSince(const QElapsedTimer& t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

struct Row
{
    const char* name;
    std::vector<double> ms;
};

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_file_pass FILE [ROUNDS]\n");
        return 2;
    }
    const int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    const int fd = ::open(argv[1], O_RDONLY | O_CLOEXEC);
    struct stat st = {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || st.st_size <= 0) {
        std::fprintf(stderr, "bench_file_pass: cannot read %s\n", argv[1]);
        return 1;
    }
    const size_t size = size_t(st.st_size);
    Row first{"mapping, first pass", {}}, second{"mapping, second pass", {}};
    Row populated{"mapping faulted in first (populate + pass)", {}}, windowed{"pread() through 1 MB", {}};
    std::uint64_t check = 0;
    for (int round = 0; round < rounds; ++round) {
        void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map == MAP_FAILED) {
            std::perror("mmap");
            return 1;
        }
        const char* p = static_cast<const char*>(map);
        QElapsedTimer t;
        t.start();
        check += sum(p, size);
        first.ms.push_back(msSince(t));
        t.restart();
        check += sum(p, size);
        second.ms.push_back(msSince(t));
        ::munmap(map, size);

        map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
        t.restart();
        ::madvise(map, size, MADV_POPULATE_READ);
        check += sum(static_cast<const char*>(map), size);
        populated.ms.push_back(msSince(t));
        ::munmap(map, size);

        // The addresses stand for the file's bytes only: nothing is read through them.
        const char* base = reinterpret_cast<const char*>(std::uintptr_t(1) << 40);
        const FileText file{fd, base, size, size_t(1) << 20};
        std::vector<char> window;
        t.restart();
        for (size_t at = 0; at < size; at += file.window) {
            const size_t n = std::min(file.window, size - at);
            if (!file.read(base + at, n, window)) {
                std::fprintf(stderr, "bench_file_pass: pread failed\n");
                return 1;
            }
            check += sum(window.data(), n);
        }
        windowed.ms.push_back(msSince(t));
    }
    std::printf("%s: %.1f MB, %d rounds (checksum %llx)\n", argv[1], double(size) / 1e6, rounds,
                static_cast<unsigned long long>(check));
    for (Row* row : {&first, &second, &populated, &windowed}) {
        std::sort(row->ms.begin(), row->ms.end());
        std::printf("  %-44s median %7.1f ms  min %7.1f  max %7.1f\n", row->name, row->ms[row->ms.size() / 2],
                    row->ms.front(), row->ms.back());
    }
    return 0;
}
