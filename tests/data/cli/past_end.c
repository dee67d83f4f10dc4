/* Reads one element past a global array: with --memory=linked the read gets the next
 * object's first element (50), as on the board (checked with qemu-riscv32 and simavr). */
int printf(const char *fmt, ...);
int table[4] = {1, 2, 3, 4};
int after[4] = {50, 60, 70, 80};
volatile int n = 4;
int main(void)
{
    int sum = 0;
    for (int i = 0; i <= n; i++)
        sum += table[i];
    printf("%d\n", sum);
    return 0;
}
