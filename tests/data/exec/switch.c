/* A switch with a known case histogram: x = i % 7 for i in 0..199 gives
 * case 0: 29, case 1: 29, case 5: 28, case 100: 0, default: 114. */
__attribute__((noinline)) int classify(int x)
{
    switch (x) {
    case 0: return 10;
    case 1: return 11;
    case 5: return 15;
    case 100: return 20;
    default: return -1;
    }
}
int main(void)
{
    int s = 0;
    for (int i = 0; i < 200; i++)
        s += classify(i % 7);
    return s == 29 * 10 + 29 * 11 + 28 * 15 - 114 ? 0 : 1;
}
