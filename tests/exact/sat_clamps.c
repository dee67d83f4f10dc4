/* saturating add and subtract (llvm.{s,u}{add,sub}.sat, from clang's elementwise builtins):
 * code generation branches on each clamp (rv32: one branch per signed clamp, the bound
 * computed in its arm; PowerPC: the overflow comparisons made into values with branches,
 * then the clamp; AVR: per byte). Issue 14 item 5. */
#include <stdint.h>
static volatile int32_t in[96];
static volatile uint32_t uin[96];
int main(void)
{
    uint32_t x = 12345;
    for (int i = 0; i < 96; i++) {
        x = x * 1103515245u + 12345u;
        in[i] = (int32_t)x >> (i % 3);
        uin[i] = x >> (i % 5);
    }
    int32_t s = 0, d = 0;
    uint32_t us = 0, ud = 0xffffffffu;
    for (int i = 0; i < 96; i++) {
        s = __builtin_elementwise_add_sat(s, in[i]);
        d = __builtin_elementwise_sub_sat(d, in[i]);
        us = __builtin_elementwise_add_sat(us, uin[i] >> 3);
        ud = __builtin_elementwise_sub_sat(ud, uin[i] >> 2);
    }
    return (int)((uint32_t)s ^ (uint32_t)d ^ us ^ ud) & 0x7f;
}
