/* Writes into a string literal, which lives in read-only memory. */
int main(void)
{
    volatile char *s = (char *)"constant";
    s[0] = 'C';
    return 0;
}
