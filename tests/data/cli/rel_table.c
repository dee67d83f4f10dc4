/* a switch that returns string constants: on x86-64 LLVM turns it into a table of
 * 32-bit offsets read by llvm.load.relative (the relative lookup table converter) */
#include <stdio.h>

static const char *name_of(int k)
{
    switch (k) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return "two";
    case 3: return "three";
    case 4: return "four";
    default: return "many";
    }
}

int main(int argc, char **argv)
{
    (void)argv;
    for (int k = argc - 1; k < 6; k++)
        puts(name_of(k));
    return 0;
}
