/* Calls a function that is neither in the bitcode nor in lpnest's C library. */
int not_in_any_library(int);
int main(void) { return not_in_any_library(3); }
