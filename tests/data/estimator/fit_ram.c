/* RAM use decided by hand: SIZE bytes of globals, no heap, no call and no local
 * array (the engine's stack high-water mark is 0). The ATmega2560 has 8192 bytes. */
static volatile char buf[SIZE];
int main(void)
{
    buf[SIZE - 1] = 1;
    return buf[0];
}
