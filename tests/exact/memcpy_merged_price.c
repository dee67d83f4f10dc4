/* tests/exact: two symmetric paths that each end with memcpy (the C library's: the
 * program does not define it); code generation merges the two final calls into one
 * "tail memcpy", which carries neither IR call's location. lpnest runs memcpy's machine
 * code on each call's operands: the merged call makes exactly the executions of the two
 * IR calls no other machine call carries, and is priced on theirs (blocks --routine-exact
 * memcpy: its instructions are the reference's). The old binary priced it at memcpy's
 * mean over the whole run, here dominated by big copies made elsewhere: +70 %. */
typedef __SIZE_TYPE__ size_t;
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);

struct item {
    int key, pos;
};
struct item items[64], tmp[16];
unsigned char big_src[1500], big_dst[1500];
volatile int sink;

__attribute__((noinline)) void copy_big(void)
{
    memcpy(big_dst, big_src, sizeof big_dst);
    sink = big_dst[9];
}

__attribute__((noinline)) void rotate(struct item *a, long left, long right)
{
    if (left <= 16) {
        memcpy(&tmp[0], &a[0], (size_t)left * sizeof *a);
        memmove(&a[0], &a[left], (size_t)right * sizeof *a);
        memcpy(&a[right], &tmp[0], (size_t)left * sizeof *a);
    } else if (right <= 16) {
        memcpy(&tmp[0], &a[left], (size_t)right * sizeof *a);
        memmove(&a[right], &a[0], (size_t)left * sizeof *a);
        memcpy(&a[0], &tmp[0], (size_t)right * sizeof *a);
    } else {
        sink = 1;
    }
}

int main(void)
{
    for (int i = 0; i < 64; i++)
        items[i] = (struct item){64 - i, i};
    for (int r = 0; r < 20; r++) {
        copy_big();
        rotate(items, 1 + r % 16, 40);
        rotate(items, 30, 2 + r % 15);
    }
    sink = items[3].key;
    return 0;
}
