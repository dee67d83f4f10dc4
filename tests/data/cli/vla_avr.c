/* a variable-length array: LLVM 19 places dynamic allocas one byte low on the AVR */
#include <stdio.h>

int main(int argc, char **argv)
{
    (void)argv;
    int n = argc + 3;
    volatile char buf[n];
    for (int i = 0; i < n; i++)
        buf[i] = (char)('a' + i);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += buf[i];
    printf("%d\n", s);
    return 0;
}
