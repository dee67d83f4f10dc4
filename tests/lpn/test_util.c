/* test_util.c — the helpers of test_util.h, shared by the lpn unit test
 * executables. */
#include "test_util.h"

struct lpn_model *tl_load(const char *name, bool model, const struct lpn_param *ov, size_t nov)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", model ? LPN_MODELS_DIR : LPN_TEST_DATA, name);
    char *buf = NULL;
    size_t len = 0;
    FILE *diag = open_memstream(&buf, &len);
    struct lpn_model *m = lpn_load_file(path, ov, nov, diag);
    fclose(diag);
    if (!m)
        fail_msg("%s did not load:\n%s", path, buf);
    free(buf);
    return m;
}

struct lpn_model *tl_load_text(const char *yaml, char **diag)
{
    size_t len = 0;
    *diag = NULL;
    FILE *d = open_memstream(diag, &len);
    struct lpn_model *m = lpn_load_string("t.yaml", yaml, strlen(yaml), NULL, 0, d);
    fclose(d);
    return m;
}

struct lpn_sim *tl_sim(const struct lpn_model *m, unsigned flags)
{
    struct lpn_sim *s = lpn_sim_new(m, flags, stderr);
    assert_non_null(s);
    return s;
}

void tl_inject(struct lpn_sim *s, int64_t time, const int64_t *props)
{
    assert_int_equal(lpn_sim_inject(s, lpn_start_place(lpn_sim_model(s)), time, props), 0);
}

struct lpn_tstats tl_stats(const struct lpn_sim *s, const char *name)
{
    int t = lpn_transition_find(lpn_sim_model(s), name);
    if (t < 0)
        fail_msg("no transition '%s'", name);
    struct lpn_tstats st;
    lpn_sim_tstats(s, t, &st);
    return st;
}

static void on_done(void *ctx, int64_t time, const int64_t *props, int nprops)
{
    struct tl_done *d = ctx;
    if (d->n >= 4096)
        return;
    d->time[d->n] = time;
    for (int k = 0; k < nprops && k < 16; k++)
        d->props[d->n][k] = props[k];
    d->n++;
}

void tl_record_done(struct lpn_sim *s, struct tl_done *d)
{
    memset(d, 0, sizeof *d);
    lpn_sim_on_done(s, on_done, d);
}
