/* tests/exact: a function whose two paths each end with memcpy then return; code
 * generation turns both into tail calls of the module's own memcpy (memfuncs.c, linked
 * apart) and branch folding merges them into one "tail memcpy", whose location is none of
 * the two IR calls'. Each is a call of the module's memcpy all the same: the machine code
 * enters it twice per swap() that copies (the old binary ran the merged one as the
 * engine's own memcpy: memcpy's blocks counted 10 for 20, marked exact). */
typedef __SIZE_TYPE__ size_t;
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);

unsigned char scratch[256], buf[512];
volatile unsigned char out;

__attribute__((noinline)) void swap(int lo, int hi)
{
    if (lo <= hi) {
        memcpy(scratch, buf, (size_t)lo);
        memmove(buf, buf + lo, (size_t)hi);
        memcpy(buf + hi, scratch, (size_t)lo);
    } else if (lo < 200) {
        memcpy(scratch, buf + hi, (size_t)hi);
        memmove(buf + lo, buf, (size_t)lo);
        memcpy(buf, scratch, (size_t)hi);
    } else {
        for (int i = 0; i < lo; i++)
            buf[i] = (unsigned char)(buf[i] + hi);
    }
}

int main(void)
{
    for (int i = 0; i < 256; i++)
        buf[i] = (unsigned char)i;
    for (int k = 0; k < 6; k++)
        swap(40 + k, 120);
    for (int k = 0; k < 4; k++)
        swap(130 + k, 60);
    swap(220, 3);
    out = buf[7];
    return 0;
}
