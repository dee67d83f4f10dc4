/* exit() from inside a nested call ends the run with its status. */
void exit(int);
int calls;
__attribute__((noinline)) void leave(int code) { calls++; exit(code); }
int main(void)
{
    for (int i = 0; i < 10; i++)
        if (i == 3)
            leave(42);
    return 0;
}
