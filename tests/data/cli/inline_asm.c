/* Inline assembly with an output: the engine cannot know what it computes. */
int main(void)
{
    int x = 1;
    __asm__ volatile("" : "+r"(x));
    return x;
}
