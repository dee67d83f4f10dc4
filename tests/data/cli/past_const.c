/* Reads 12 bytes of an 8-byte constant array: with --memory=linked the 4 bytes past it are
 * the first of the constant after it (the linker keeps the order clang emits them in), as
 * qemu-riscv32, qemu-ppc and simavr read them. No string literal: the linker would merge it
 * elsewhere. */
int putchar(int c);
const unsigned char first[8] = {1, 2, 3, 4, 5, 6, 7, 8};
const unsigned char second[8] = {90, 91, 92, 93, 94, 95, 96, 97};
volatile int n = 12;
int main(void)
{
    unsigned long sum = 0;
    for (int i = 0; i < n; i++)
        sum = sum * 31 + first[i];
    for (int s = 28; s >= 0; s -= 4) {
        int d = (int)(sum >> s) & 15;
        putchar(d < 10 ? '0' + d : 'a' + d - 10);
    }
    putchar('\n');
    return second[0] == 90 ? 0 : 1;
}
