/* calls cos, which the bare runtimes of riscv32/ppc do not have (no runtime price on
 * picorv32, ppc405, microblaze), and sqrt, which they price (tests/estimator/unpriced_test.py) */
double cos(double), sqrt(double);
volatile double x = 0.5;
int main(void) {
    double s = 0;
    for (int i = 0; i < 3; i++)
        s += cos(x * i) + sqrt(x + i);
    return s > 4.0 ? 0 : 1;
}
