/* A failed assert: the target C library's helper prints its message on standard error
 * and aborts (exit status 134). Written without <assert.h>: each target's helper. */
#if defined(__AVR__)
void __assert(const char *func, const char *file, int line, const char *expr);
#define check(e) ((e) ? (void)0 : __assert(__func__, "assert_fails.c", __LINE__, #e))
#elif defined(__x86_64__)
void __assert_fail(const char *expr, const char *file, unsigned line, const char *func);
#define check(e) ((e) ? (void)0 : __assert_fail(#e, "assert_fails.c", __LINE__, __func__))
#else
void __assert_func(const char *file, int line, const char *func, const char *expr);
#define check(e) ((e) ? (void)0 : __assert_func("assert_fails.c", __LINE__, __func__, #e))
#endif
int printf(const char *, ...);
volatile int v = 3;
int main(void)
{
    printf("before\n");
    check(v == 4);
    printf("after\n");
    return 0;
}
