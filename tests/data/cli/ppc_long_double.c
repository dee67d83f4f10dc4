/* long double on powerpc-eabi is IBM double-double (ppc_fp128). */
volatile double d = 1.5;
int main(void)
{
    long double y = (long double)d * d;
    return (int)y;
}
