/* walk.c: source of tests/data/lower/walk.*.ll */
static const int data[8] = {5, 8, 13, 2, 7, 40, 1, 6};
volatile int sink;

__attribute__((noinline)) int walk(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        int v = data[i & 7];
        if (v & 1)
            s += v;
        else
            sink = v;
        s = s > 30 ? s - 30 : s;
    }
    return s;
}

__attribute__((noinline)) void pick(int x)
{
    switch (x) {
    case 0: sink = 3; break;
    case 1: sink += 9; break;
    case 2: sink ^= 27; break;
    case 3: sink -= 81; break;
    case 4: sink = sink * 3; break;
    case 5: sink |= 729; break;
    default: sink = 0; break;
    }
}

int main(void)
{
    for (int k = 0; k < 9; k++)
        pick(k % 7);
    return walk(20);
}
