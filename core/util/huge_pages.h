// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <sys/mman.h>
#include <vector>

namespace numasight {

// Asks for transparent huge pages over a large array's storage before it is filled, where the system gives
// them on request ("madvise" mode, Debian's default): one fault per 2 MB instead of one per 4 kB. Faulting
// and zeroing fresh pages was the largest cost of reading a big graph. Only whole 2 MB pages inside the block
// are advised; a system without THP ignores it.
template <class T>
void adviseHugePages(const std::vector<T>& v)
{
    constexpr std::uintptr_t kHuge = std::uintptr_t(2) << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
    const std::uintptr_t end = begin + v.capacity() * sizeof(T);
    const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
    const std::uintptr_t last = end & ~(kHuge - 1);
    if (last > first)
        ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

} // namespace numasight
