/* Uses an external variable no library provides. */
extern int provided_by_nobody;
int main(void) { return provided_by_nobody; }
