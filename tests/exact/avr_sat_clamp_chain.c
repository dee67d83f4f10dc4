/* tests/exact: a GSM 06.10 style quantizer: a Q15 product, a saturating 16-bit add
 * (llvm.sadd.sat.i16), a shift and a two-sided clamp, eight times in one block. On the
 * AVR the saturation's overflow flag is made with a branch ("ldi r24, 1; brlt", else
 * 0), then "cpi r24, 0; movw r24, r16; brne" keeps the bound loaded into r16:r17 once,
 * before the first step, or copies the sum. The old binary took that copy for the bound
 * (it saw no constant loaded in the block) and counted the steps after the first by flow,
 * the wrong way round. */
typedef short word;
typedef long longword;

static word add_sat(word a, word b)
{
    longword s = (longword)a + b;
    return s < -32768 ? -32768 : s > 32767 ? 32767 : (word)s;
}

static word mult_q15(word a, word b)
{
    if (a == -32768 && b == -32768)
        return 32767;
    return (word)(((longword)a * b) >> 15);
}

__attribute__((noinline)) void quantize(word *v)
{
    word t;
#define STEP(A, B, HI, LO)                              \
    t = mult_q15(A, *v);                                \
    t = add_sat(t, B);                                  \
    t = add_sat(t, 256);                                \
    t = t >> 9;                                         \
    *v = t > HI ? HI - LO : (t < LO ? 0 : t - LO);      \
    v++;
    STEP(20480, 0, 31, -32);
    STEP(20480, 0, 31, -32);
    STEP(20480, 2048, 15, -16);
    STEP(20480, -2560, 15, -16);
    STEP(13964, 94, 7, -8);
    STEP(15360, -1792, 7, -8);
    STEP(8534, -341, 3, -4);
    STEP(9036, -1144, 3, -4);
}

volatile word in[8] = {1200, -3000, 700, 32000, -32768, 5, -400, 9000};
volatile word out;

int main(void)
{
    word v[8];
    for (int k = 0; k < 5; k++) {
        for (int i = 0; i < 8; i++)
            v[i] = (word)(in[i] + k * 1500);
        quantize(v);
        out = v[k];
    }
    return 0;
}
