/* free() of a pointer malloc never returned. */
void free(void *);
int g;
int main(void)
{
    free(&g);
    return 0;
}
