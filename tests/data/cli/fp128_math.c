/* long double on riscv32 (IEEE binary128) and x86-64 (x86_fp80): `a*b + c` (contracted to
 * llvm.fmuladd: multiply, round, add, as the soft-float code __multf3 then __addtf3),
 * __builtin_powi (libgcc's __powitf2 products), and sqrtl, floorl, fmal, ldexpl as library
 * calls; llvm.powi and llvm.ldexp on double and float (clang makes them with
 * -fno-math-errno: ldexp's int operand was read as a float's bits before). The output is
 * the native build's on x86-64 and qemu-riscv32's (the corpus link plus picolibc's libc.a
 * for the long double functions): the same digits. */
int printf(const char *, ...);
long double sqrtl(long double), floorl(long double), fmal(long double, long double, long double);
long double ldexpl(long double, int);
volatile double in_a = 1.5, in_b = 2.25, in_c = -0.5;
volatile int in_n = 7;
int main(void)
{
    long double a = in_a, b = in_b, c = in_c;
    long double m = a * b + c, p = __builtin_powil(a, in_n), q = __builtin_powil(b, -in_n);
    long double s = sqrtl(b), f = floorl(-b), g = fmal(a, b, c), l = ldexpl(a, in_n);
    double d = __builtin_powi(in_a, in_n) + __builtin_ldexp(in_a, in_n);
    float e = __builtin_powif((float)in_b, -3) + __builtin_ldexpf((float)in_b, in_n);
    printf("%d %d %d %d %d %d %d %d %d\n", (int)(m * 1000), (int)(p * 1000), (int)(q * 1e6), (int)(s * 1000),
           (int)f, (int)(g * 1000), (int)l, (int)(d * 1000), (int)(e * 1000));
    return 0;
}
