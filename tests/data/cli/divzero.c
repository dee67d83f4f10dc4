/* Integer division by zero. */
int main(int argc, char **argv)
{
    (void)argv;
    volatile int zero = argc - 1;
    return 100 / zero;
}
