/* exec_math.h — floating-point functions shared by math intrinsics and the
 * built-in C library, in float and double flavours (host libm, IEEE). */
#ifndef LPNEST_EXEC_MATH_H
#define LPNEST_EXEC_MATH_H

enum mathfn {
    /* one operand */
    MF_SQRT, MF_FLOOR, MF_CEIL, MF_TRUNC, MF_ROUND, MF_ROUNDEVEN, MF_RINT, MF_NEARBYINT, MF_FABS,
    MF_EXP, MF_EXP2, MF_EXP10, MF_LOG, MF_LOG2, MF_LOG10, MF_SIN, MF_COS, MF_TAN, MF_ASIN, MF_ACOS,
    MF_ATAN, MF_SINH, MF_COSH, MF_TANH, MF_EXPM1, MF_LOG1P, MF_CBRT,
    /* two operands */
    MF_POW, MF_COPYSIGN, MF_MINNUM, MF_MAXNUM, MF_MINIMUM, MF_MAXIMUM, MF_FMOD, MF_ATAN2, MF_HYPOT,
    MF_FDIM, MF_LDEXP, MF_POWI, /* (ldexp and powi: the second operand is an int) */
    /* three operands */
    MF_FMA, MF_FMULADD,
    MF_COUNT_
};

double exec_math_d(enum mathfn f, double a, double b, double c);
float exec_math_f(enum mathfn f, float a, float b, float c);
/* Number of operands of F (1..3). */
int exec_math_arity(enum mathfn f);
/* F (ldexp or powi: llvm.powi is libgcc's __powidf2 / __powisf2) of A and the int N. */
double exec_math_di(enum mathfn f, double a, int n);
float exec_math_fi(enum mathfn f, float a, int n);
/* Whether F's second operand is an integer (ldexp, powi). */
static inline int exec_math_int_operand(enum mathfn f) { return f == MF_LDEXP || f == MF_POWI; }
/* Looks up a function by its C name ("sqrt", "sqrtf", "pow"...); *is_float is
 * set for the f-suffixed flavour. Returns -1 when unknown. */
int exec_math_by_name(const char *name, int *is_float);
/* The C name of F in double ("sqrt"; its float form adds an 'f'). */
const char *exec_math_name(enum mathfn f);

#endif
