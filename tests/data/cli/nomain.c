/* A module without main. */
int helper(int x) { return x + 1; }
