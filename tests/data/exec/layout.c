/* Data layout of the target: sizes, struct offsets and byte order decide
 * the result, so the same IR gives a different answer per target. */
#include <stddef.h>
#include <stdint.h>
struct s { char c; long long ll; short sh; };
int main(void)
{
    uint32_t x = 0x01020304;
    unsigned char first = *(unsigned char *)&x;
    return (int)(sizeof(void *) * 16 + offsetof(struct s, ll) + (first == 1 ? 100 : 0));
}
