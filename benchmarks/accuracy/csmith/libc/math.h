/* math.h — for csmith programs built with Debian's csmith runtime headers
 * (csmith-sweep --config debian): the two functions their safe_math.h calls, which clang
 * makes into llvm.fabs (no call). */
#ifndef LPNEST_CSMITH_LIBC_MATH_H
#define LPNEST_CSMITH_LIBC_MATH_H
double fabs(double x);
float fabsf(float x);
#endif
