/* calls the backend makes that the IR does not have: memcpy for a large struct copy,
 * a libcall for a 64-bit divide, soft-float routines; each is charged */
#include <stdint.h>
struct big { uint32_t w[24]; };
static volatile uint32_t seed = 5;
static struct big pool[4];
volatile uint64_t q;
volatile double fsum;
int main(void)
{
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 24; k++)
            pool[i].w[k] = seed * (uint32_t)(i + k);
    struct big cur = pool[0];
    uint64_t n = 0xfedcba9876543ull;
    double f = 1.5;
    for (int i = 0; i < 30; i++) {
        cur = pool[(i + seed) & 3];            /* memcpy */
        n = n / (uint64_t)(seed + i + 3) + cur.w[i % 24];  /* __udivdi3 */
        f = f * 1.25 + (double)cur.w[3];      /* soft-float */
    }
    q = n;
    fsum = f;
    return (int)(cur.w[5] & 0x3f);
}
