/* tests/exact: 16-bit clamps in loops whose bounds the back end makes once, before the
 * loop, in a register the clamp's arm copies ("lui s3, 1048568; ..." then "blt s3, s8;
 * mv s8, s3": corpus adpcm.c's clamp16 on riscv32). Which value the arm gives is proven
 * by walking back to the register's definitions through the loop (the arm is entered
 * only from the loop's own blocks) and across calls (a callee-saved register, kept by
 * the ABI); the old binary's walk stopped at both and took the usual shape (the arm
 * copies the bound) on trust, marked exact. A register not proven to hold the bound
 * now makes the arm's count an estimate: --exact holds the walk to proving these (a
 * binary without the guess and without either step estimates the arms on riscv32). */
#include "bench.h"

static int32_t clamp16(int32_t v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : v; }

static __attribute__((noinline)) int32_t noise(uint32_t *seed)
{
    return (int32_t)(bench_rand(seed) % 90001u) - 45000;
}

int main(void)
{
    static int16_t pcm[600];
    uint32_t seed = 94007;
    int32_t acc = 0;
    /* no call in the loop: the bound made before it */
    for (int i = 0; i < 300; i++) {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        pcm[i] = (int16_t)clamp16((int32_t)(seed % 100001u) - 50000 + i * 7);
    }
    /* a call in the loop: the bound kept in a callee-saved register across it */
    for (int i = 300; i < 600; i++)
        pcm[i] = (int16_t)clamp16(noise(&seed) * 2 + i);
    for (int i = 0; i < 600; i++)
        acc += pcm[i] >> 4;
    return acc & 1;
}
