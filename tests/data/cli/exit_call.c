/* exit() from a function main calls: the run ends there with its status (the corpus
 * runtime's exit, priced by its code up to the program's end). */
void exit(int status);
volatile int v = 3;
__attribute__((noinline)) static void bail(int s)
{
    if (v == 3)
        exit(s);
}
int main(void)
{
    bail(2);
    return 0;
}
