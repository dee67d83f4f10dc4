/* Reads 40 bytes of a 4-byte constant array, the program's only constant: with
 * --memory=linked the 36 bytes past it are what the board's link put after the program's
 * constants (riscv32: libgcc's __clz_tab; the AVR: the runtime's strings), as qemu-riscv32
 * and simavr read them. No string literal: the linker would merge it elsewhere. (On the
 * PowerPC the corpus link puts the .eh_frame there, whose bytes depend on the program's
 * code: not modelled.) */
int putchar(int c);
const unsigned char table[4] = {1, 2, 3, 4};
volatile int n = 40;
static void hex(unsigned long v)
{
    for (int s = 28; s >= 0; s -= 4) {
        int d = (int)(v >> s) & 15;
        putchar(d < 10 ? '0' + d : 'a' + d - 10);
    }
    putchar('\n');
}
int main(void)
{
    unsigned long sum = 0;
    for (int i = 0; i < n; i++)
        sum = sum * 31 + table[i];
    hex(sum);
    return 0;
}
