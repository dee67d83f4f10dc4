/* Reads 400 bytes from a 16-byte array, the program's last zero-initialised global:
 * with --memory=linked the 384 bytes past it read as the board's memory there reads
 * (zeros: the corpus runtime's allocator state, untouched, and heap, up to the stack), as
 * qemu-riscv32 and qemu-ppc read them on the corpus link (e67fb62f); one warning per
 * site. On the AVR the runtime's argv array follows its three allocator pointers
 * (simavr prints cd7e50e5): an error, past those 6 bytes. */
int putchar(int c);
unsigned char last[16];
volatile int n = 400;
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
