/* app.c — the source the hand-written reports of tests/report refer to. */
static int mac(int a, int b) {
    return a * b; }

int x[20], h[10], y[10];
unsigned char img[64], pix[64];

static int fir(const int *x, const int *h, int *y) {
    int s = 0;
    for (int n = 0; n < 10; n++)
        for (int k = 0; k < 10; k++)
            y[n] += mac(x[n + k], h[k]);
    return s + y[0];
}

void jpeg_decode(const unsigned char *in, unsigned char *out);

/* offloaded to the jpeg accelerator */
void jpeg_decode(const unsigned char *in, unsigned char *out) {
    out[0] = in[0];
}

/* main: four filter passes and two decodes */



int main(void) {
    int s = 0;
    for (int p = 0; p < 4; p++)
        s += fir(x, h, y);
    jpeg_decode(img, pix);
    jpeg_decode(img, pix);
    return s & 1;
}
