// SPDX-License-Identifier: GPL-3.0-or-later
/* The reference pointer chase for bench_measure: the textbook dependent-load latency test in plain C, with
 * no numasight code, so that the prober's figure can be checked against something independent. Run it under
 * numactl, which does the binding:
 *
 *     numactl --cpunodebind=0 --membind=0 pointer_chase [MiB] [repeats]
 *
 * It lays one random cycle through every 64-byte line of a buffer (Sattolo's algorithm), follows it, and
 * prints the best ns per load over the repeats. The buffer is 2 MiB-aligned and advised to use transparent
 * huge pages, as the prober's is: the two measure the same thing (memory, not page walks), so they can be
 * compared. Time is the thread's own CPU time (a stalled load keeps it on the CPU), so that other work
 * sharing the CPU does not count; the wall-clock figure is printed beside it. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define LINE 64
#define HUGE_PAGE (2u << 20)

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

/* xorshift64*: fast and good enough to shuffle; not the prober's generator, on purpose. */
static uint64_t next_random(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}

static double now_ns(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void* volatile sink;
static double last_wall_ns;

static double chase(void** start, uint64_t loads)
{
    void** p = start;
    const double w0 = now_ns(CLOCK_MONOTONIC);
    const double t0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
    for (uint64_t i = 0; i < loads; i += 4) {
        p = (void**)*p;
        p = (void**)*p;
        p = (void**)*p;
        p = (void**)*p;
    }
    const double t1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
    last_wall_ns = (now_ns(CLOCK_MONOTONIC) - w0) / (double)loads;
    sink = p;
    return (t1 - t0) / (double)loads;
}

int main(int argc, char** argv)
{
    const uint64_t mib = argc > 1 ? strtoull(argv[1], NULL, 10) : 256;
    const int repeats = argc > 2 ? atoi(argv[2]) : 5;
    if (mib < 2 || repeats < 1) {
        fprintf(stderr, "usage: pointer_chase [MiB >= 2] [repeats >= 1]\n");
        return 2;
    }
    const uint64_t bytes = mib << 20;
    char* map = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    char* buf = (char*)(((uintptr_t)map + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    madvise(buf, bytes, MADV_HUGEPAGE);

    const uint64_t lines = bytes / LINE;
    uint32_t* order = malloc(lines * sizeof *order);
    if (!order) {
        perror("malloc");
        return 1;
    }
    for (uint64_t i = 0; i < lines; ++i)
        order[i] = (uint32_t)i;
    /* Sattolo: swapping only with earlier positions leaves a single cycle through all lines. */
    for (uint64_t i = lines - 1; i > 0; --i) {
        const uint64_t j = next_random() % i;
        const uint32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (uint64_t i = 0; i < lines; ++i)
        *(void**)(buf + i * LINE) = buf + (uint64_t)order[i] * LINE;
    free(order);

    uint64_t loads = lines < (1u << 20) ? (1u << 20) : lines > (1u << 22) ? (1u << 22) : lines;
    loads &= ~(uint64_t)3;
    chase((void**)buf, lines < (1u << 20) ? lines & ~(uint64_t)3 : (1u << 20)); /* warm-up */
    double best = 0, best_wall = 0;
    printf("pointer_chase: %llu MiB, %llu loads per repeat, ns/load (CPU time / wall):",
           (unsigned long long)mib, (unsigned long long)loads);
    for (int r = 0; r < repeats; ++r) {
        const double ns = chase((void**)buf, loads);
        printf(" %.1f/%.1f", ns, last_wall_ns);
        if (r == 0 || ns < best)
            best = ns;
        if (r == 0 || last_wall_ns < best_wall)
            best_wall = last_wall_ns;
    }
    printf("\nbest %.2f ns/load (wall clock: best %.2f)\n", best, best_wall);
    munmap(map, bytes + HUGE_PAGE);
    return 0;
}
