/* Reads 32 bytes of a 16-byte array, the program's last zero-initialised global: with
 * --memory=linked the 16 bytes past it read as the board's memory there reads (zeros:
 * the rest of .bss and what follows up to the stack), as qemu-riscv32, qemu-ppc and simavr
 * read them; writing there stays an error. */
int putchar(int c);
unsigned char last[16];
volatile int n = 32;
int main(void)
{
    unsigned long sum = 7;
    for (int i = 0; i < 16; i++)
        last[i] = (unsigned char)(i + 1);
    for (int i = 0; i < n; i++)
        sum = sum * 3 + last[i];
    for (int s = 28; s >= 0; s -= 4) {
        int d = (int)(sum >> s) & 15;
        putchar(d < 10 ? '0' + d : 'a' + d - 10);
    }
    putchar('\n');
    return 0;
}
