/* a computed goto (GNU C labels as values): refused with a reason */
int printf(const char *fmt, ...);

static int run(int op)
{
    static void *const table[] = {&&add, &&done};
    int acc = 1;
    goto *table[op & 1];
add:
    acc += 2;
done:
    return acc;
}

int main(int argc, char **argv)
{
    (void)argv;
    printf("%d\n", run(argc));
    return 0;
}
