/* writes past the last global: an error, even with --memory=linked */
unsigned char last[16];
volatile int n = 17;
int main(void)
{
    for (int i = 0; i < n; i++)
        last[i] = (unsigned char)i;
    return last[3];
}
