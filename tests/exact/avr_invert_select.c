/* tests/exact: a regular-expression matcher's character-set test inlined into its caller,
 * `(!invert && hit > 0) || (invert && hit <= 0) ? 1 : -1`: a phi of booleans and selects
 * on `invert`; the AVR makes them branch diamonds that test `invert` and the phi one by
 * one and rearrange the values ("r ? 1 : -1", then "invert ? that : -1"). The old binary
 * tied those branches to the selects whose locations they have and counted them by flow,
 * the wrong way. */
static int in_set(const char *set, int len, const char *s)
{
    char c = *s;
    int i = 0, hit = -1, invert = set[0] == '^';
    if (invert)
        set++, len--;
    while (i <= len && set[i] != ']' && hit <= 0) {
        if (set[i] != '-' && set[i + 1] == '-' && set[i + 2] != ']' && set[i + 2] != '\0') {
            hit = c >= set[i] && c <= set[i + 2];
            i += 3;
        } else {
            hit = set[i] == c ? 1 : -1;
            i++;
        }
    }
    return (!invert && hit > 0) || (invert && hit <= 0) ? 1 : -1;
}

__attribute__((noinline)) int match(const char *re, int re_len, const char *s, int s_len)
{
    int i = 0, j = 0, n;
    while (i < re_len && j < s_len) {
        if (re[i] == '[') {
            n = in_set(re + i + 1, re_len - (i + 2), s + j);
            if (n <= 0)
                return -1;
            j += n;
            while (i < re_len && re[i] != ']')
                i++;
            i++;
        } else {
            if (re[i] != s[j])
                return -1;
            i++, j++;
        }
    }
    return j;
}

static const char *const patterns[] = {"[a-m]w", "[^0-4]v", "[xyz]t", "[^k]u"};
static const char *const texts[] = {"cw", "7v", "yt", "bu", "Mw", "3v", "at", "ku", "mw", "xt"};
volatile int out;

int main(void)
{
    int n = 0;
    for (int r = 0; r < 8; r++)
        for (int p = 0; p < 4; p++)
            for (int t = 0; t < 10; t++) {
                int len = 0, sl = 0;
                while (patterns[p][len])
                    len++;
                while (texts[t][sl])
                    sl++;
                n += match(patterns[p], len, texts[t], sl);
            }
    out = n;
    return 0;
}
