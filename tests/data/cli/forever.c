/* Never stops: only --max-steps ends it. */
int main(void)
{
    volatile unsigned n = 0;
    for (;;)
        n++;
}
