/* main.c — the other unit: calls scale.c's function */
int scale(const int *v, int n, int k);

int main(int argc, char **argv)
{
    (void)argv;
    int v[4] = {1, 2, 3, argc};
    return scale(v, 4, 3) & 0x7f;
}
