/* library_names.c — prints the C library functions lpnest's engine runs when a
 * program calls them (eng_library_name), one a line, for the routine-coverage test
 * (routine_coverage.py): each of them must be priced or deliberately refused on
 * every core, like the routines code generation calls. */
#include "estimator.h"

#include <stdio.h>

int main(void)
{
    for (size_t i = 0; eng_library_name(i); i++)
        printf("%s\n", eng_library_name(i));
    return 0;
}
