/* Null pointer write. */
int main(void)
{
    int *volatile p = 0;
    *p = 1;
    return 0;
}
