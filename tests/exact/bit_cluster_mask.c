/* tests/exact: a word counter's switch on a character (foreign tarscan.c), called from a
 * loop it is inlined into. On x86-64 the cases ' ', '\t', ',', '.' and '\n' become a
 * bit-test cluster, "cmpq $46, %r10; ja; btq %r10, %rbx; jae", whose mask code
 * generation loads once, before the loops, into a callee-saved register ("movabsq
 * $0x500100000200, %rbx"). The old binary did not know the mask nor "bt" and estimated
 * the tree; a callee-saved register whose only write is a constant put in by a block
 * that dominates the tree holds that constant there. */
#include <stdint.h>

static char text[200];

static inline void scan(const char *s, unsigned n, uint32_t *lines, uint32_t *words, uint32_t *longest)
{
    uint32_t cur = 0;
    for (unsigned i = 0; i < n; i++) {
        switch (s[i]) {
        case '\n': (*lines)++; /* fall through */
        case ' ': case '\t': case ',': case '.':
            if (cur) {
                (*words)++;
                if (cur > *longest) *longest = cur;
            }
            cur = 0;
            break;
        default:
            cur++;
        }
    }
    *words += cur != 0;
}

int main(void)
{
    uint32_t seed = 7, sum = 0;
    for (int r = 0; r < 6; r++) {
        unsigned n = 120 + (unsigned)r * 13;
        for (unsigned k = 0; k < n; k++) {
            seed = seed * 1664525u + 1013904223u;
            uint32_t x = (seed >> 24) % 16;
            text[k] = "\n\n  ,.ghijklmnop"[x];
        }
        uint32_t lines = 0, words = 0, longest = 0;
        scan(text, n, &lines, &words, &longest);
        sum = sum * 31 + lines * 7 + words * 13 + longest;
    }
    return (int)(sum & 1);
}
