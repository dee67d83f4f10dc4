/* Two sites read past the last global, each many times: with --memory=linked one warning
 * per site, in the JSON report's warnings[] too; the board (qemu-riscv32, qemu-ppc on the
 * corpus link) prints 036d1c55, the zeros up to the stack. */
int putchar(int c);
unsigned char last[16];
volatile int n = 24;
int main(void)
{
    unsigned long sum = 7;
    for (int i = 0; i < 16; i++)
        last[i] = (unsigned char)(i + 1);
    for (int i = 0; i < n; i++)
        sum = sum * 3 + last[i];
    for (int i = 0; i < n; i++)
        sum = sum * 5 + last[i + 4];
    for (int s = 28; s >= 0; s -= 4) {
        int d = (int)(sum >> s) & 15;
        putchar(d < 10 ? '0' + d : 'a' + d - 10);
    }
    putchar('\n');
    return 0;
}
