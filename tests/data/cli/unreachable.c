/* Control reaches __builtin_unreachable(). */
int main(int argc, char **argv)
{
    (void)argv;
    if (argc == 1)
        __builtin_unreachable();
    return 0;
}
