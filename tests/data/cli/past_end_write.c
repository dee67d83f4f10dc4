/* Writes one element past a global array: an error, even with --memory=linked. */
int table[4];
int after[4];
volatile int n = 4;
int main(void)
{
    for (int i = 0; i <= n; i++)
        table[i] = i;
    return after[0];
}
