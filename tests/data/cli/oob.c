/* Reads far outside every object: a fault, not a host crash. */
int main(void)
{
    volatile int *p = (int *)0x3000000;
    return *p;
}
