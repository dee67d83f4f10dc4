/* calls the backend deletes: a side-effect-free function whose result is unused
 * (CodeGenPrepare removes the call; built without the IR optimiser so that the bitcode
 * still has it); the call that stays is charged */
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
        weight(i);           /* deleted by the backend: never runs */
        used += weight(i + 1); /* runs */
    }
    sink = used;
    return 0;
}
