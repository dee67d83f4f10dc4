/* long double (IEEE binary128 on riscv32) a*b + c: clang contracts it to llvm.fmuladd.f128,
 * which the back end expands into libgcc's __multf3, then __addtf3 on the rounded product
 * and c. The reference (qemu-riscv32 on the corpus link, benchmarks/accuracy/blocks
 * --calls) enters __extenddftf2 3 times (153 instructions), __multf3 once (680),
 * __addtf3 once (289), __trunctfdf2 once (97). */
volatile double in_a = 1.5, in_b = 2.25, in_c = -0.5;
volatile double out;
int main(void)
{
    long double a = in_a, b = in_b, c = in_c;
    out = (double)(a * b + c);
    return out == 2.875 ? 0 : 1;
}
