/* codec.c — compiled twice (static and shared library) by tests/plugin/data/cmake. */
unsigned checksum(const unsigned char *p, unsigned n)
{
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++)
        s = (s << 5) + s + p[i];
    return s;
}
