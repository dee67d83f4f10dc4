/* abort() is a fault. */
void abort(void);
int main(void) { abort(); }
