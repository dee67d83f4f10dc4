/* test_isa.c — the isa module's cmocka executable: shared helpers and main,
 * which runs the groups (bundled cores, loader, formulas). */
#include "test_util.h"

static char *capture_end(FILE *f, char **buf)
{
    fclose(f);
    return *buf;
}

struct isa *ti_load_fixture(const char *name, char **diag)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", ISA_TEST_DATA, name);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    struct isa *isa = isa_load_file(path, f);
    *diag = capture_end(f, &buf);
    return isa;
}

struct isa *ti_load_text(const char *yaml, char **diag)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    struct isa *isa = isa_load_string("t.yaml", yaml, strlen(yaml), f);
    *diag = capture_end(f, &buf);
    return isa;
}

const struct isa_insn *ti_insn(const struct isa *isa, const char *mnemonic)
{
    const struct isa_insn *in = isa_lookup(isa, mnemonic);
    if (!in)
        fail_msg("%s: mnemonic '%s' is unknown", isa_name(isa), mnemonic);
    return in;
}

int main(void)
{
    /* the bundled descriptions, whatever the environment says */
    setenv("LPNEST_ISA_DIR", ISA_SOURCE_DIR, 1);
    int failed = 0;
    failed += ti_run_cores();
    failed += ti_run_loader();
    failed += ti_run_formula();
    return failed ? 1 : 0;
}
