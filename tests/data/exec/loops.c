/* Known trip counts: loop(10) + loop(0) + loop(5) runs the body 15 times. */
int sink;
__attribute__((noinline)) void loop(int n)
{
    for (int i = 0; i < n; i++)
        sink += i;
}
int main(void)
{
    loop(10);
    loop(0);
    loop(5);
    return sink == 55 ? 0 : 1;
}
