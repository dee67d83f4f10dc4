/* calls of a side-effect-free function (issue 14 item 3), built without the IR optimiser
 * so that the bitcode keeps them (as when a stub's attributes become known only after
 * linking): the one whose value only decides an `if` with an empty body is deleted by the
 * backend (CodeGenPrepare folds the branch, then deletes its condition and the call): it
 * must cost nothing; the one whose value is unused stays a call in LLVM 19's machine code
 * and is charged; the one whose value is used runs. */
__attribute__((const, noinline)) static int weight(int x)
{
    int w = 0;
    for (int k = 0; k < (x & 15); k++)
        w += k * x;
    return w;
}

volatile int sink;

int main(void)
{
    int used = 0;
    for (int i = 0; i < 40; i++) {
        if (weight(i) > 5) { /* deleted with the branch */
        }
        weight(i + 2);          /* kept: a call */
        used += weight(i + 1);  /* used */
    }
    sink = used;
    return 0;
}
