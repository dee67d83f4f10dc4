/* test_loops.c — natural loops of hand-written IR: nesting, headers shared
 * by several back edges, loops entered from several places, unreachable
 * blocks, self loops; cycles summed from machine blocks matched by name,
 * header counts, entries through preheaders, inclusive cycles through calls. */
#include "fixture.h"
#include "support.h"

#include <llvm-c/IRReader.h>

static const char ir[] =
    "define void @nest(i32 %n) {\n"
    "entry:\n"
    "  br label %outer\n"
    "outer:\n"
    "  %i = phi i32 [0, %entry], [%i1, %latch]\n"
    "  br label %inner\n"
    "inner:\n"
    "  %j = phi i32 [0, %outer], [%j1, %inner]\n"
    "  %j1 = add i32 %j, 1\n"
    "  call void @leaf()\n"
    "  %c = icmp slt i32 %j1, %n\n"
    "  br i1 %c, label %inner, label %latch\n"
    "latch:\n"
    "  %i1 = add i32 %i, 1\n"
    "  %c2 = icmp slt i32 %i1, %n\n"
    "  br i1 %c2, label %outer, label %exit\n"
    "exit:\n"
    "  ret void\n"
    "dead:\n"
    "  br label %dead\n"
    "}\n"
    "define void @leaf() {\n"
    "entry:\n"
    "  ret void\n"
    "}\n"
    /* two back edges to one header; entered from two blocks with a branch */
    "define void @two(i1 %a, i1 %b) {\n"
    "entry:\n"
    "  br i1 %a, label %h, label %side\n"
    "side:\n"
    "  br label %h\n"
    "h:\n"
    "  br i1 %b, label %x, label %y\n"
    "x:\n"
    "  br i1 %a, label %h, label %out\n"
    "y:\n"
    "  br label %h\n"
    "out:\n"
    "  ret void\n"
    "}\n";

static void add_block(struct cost_estimate *e, size_t f, const char *ir_name, double count, double cycles)
{
    struct cost_block_cost *b = &e->blocks[e->nblocks++];
    b->func = f;
    b->number = (int)e->nblocks;
    b->ir_name = ir_name ? sup_strdup(ir_name) : NULL;
    b->count = count;
    b->cycles = cycles;
    b->instructions = cycles;
}

static void test_loops(void **state)
{
    (void)state;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, sizeof ir - 1, "t.ll");
    LLVMModuleRef m;
    char *msg = NULL;
    if (LLVMParseIRInContext(ctx, buf, &m, &msg))
        fail_msg("%s", msg);

    struct report_data r = {0};
    struct cost_estimate *e = r.e = sup_xcalloc(1, sizeof *e);
    e->funcs = sup_xcalloc(4, sizeof *e->funcs);
    e->nfuncs = 4;
    const char *names[] = {"nest", "leaf", "two", "missing"};
    for (int i = 0; i < 4; i++)
        e->funcs[i].name = sup_strdup(names[i]);
    e->funcs[1].calls = 100;
    e->funcs[1].inclusive = 300;    /* 3 cycles per call of leaf */
    /* the functions' inclusive cycles bound their loops': their blocks (below) plus leaf's */
    e->funcs[0].calls = e->funcs[2].calls = 1;
    e->funcs[0].self = 2 + 20 + 500 + 60 + 30 + 1 + 7;
    e->funcs[0].inclusive = e->funcs[0].self + 300;
    e->funcs[2].self = e->funcs[2].inclusive = 1 + 9 + 5 + 4 + 1;
    e->blocks = sup_xcalloc(16, sizeof *e->blocks);
    add_block(e, 0, "entry", 1, 2);
    add_block(e, 0, "outer", 10, 20);
    add_block(e, 0, "inner", 100, 500);
    add_block(e, 0, "inner", 60, 60);     /* a second machine block from the same IR block */
    add_block(e, 0, "latch", 10, 30);
    add_block(e, 0, "exit", 1, 1);
    add_block(e, 0, NULL, 5, 7);          /* created by code generation: in no loop */
    add_block(e, 2, "entry", 1, 1);
    add_block(e, 2, "h", 9, 9);
    add_block(e, 2, "x", 5, 5);
    add_block(e, 2, "y", 4, 4);
    add_block(e, 2, "side", 1, 1);
    report_find_loops(&r, m);

    assert_int_equal(r.nloops, 3);
    /* nest: outer first, then the inner loop inside it */
    const struct report_loop_cost *outer = &r.loops[0], *inner = &r.loops[1], *two = &r.loops[2];
    assert_string_equal(outer->header, "outer");
    assert_int_equal(outer->func, 0);
    assert_int_equal(outer->parent, COST_NO_PARENT);
    assert_int_equal(outer->depth, 1);
    assert_int_equal(outer->nblocks, 3);
    assert_true(outer->cycles == 20 + 500 + 60 + 30);
    assert_true(outer->header_count == 10);
    assert_true(outer->entries == 1);            /* entry branches only to the header */
    assert_true(outer->inclusive == outer->cycles + 100 * 3);
    assert_string_equal(inner->header, "inner");
    assert_int_equal(inner->parent, 0);
    assert_int_equal(inner->depth, 2);
    assert_int_equal(inner->nblocks, 1);
    assert_true(inner->cycles == 560);
    assert_true(inner->header_count == 100);     /* the largest machine count of the IR block */
    assert_true(inner->entries == 10);
    assert_true(inner->inclusive == 560 + 300);
    /* two: one loop for both back edges; entered from a block with two successors */
    assert_string_equal(two->header, "h");
    assert_int_equal(two->func, 2);
    assert_int_equal(two->nblocks, 3);
    assert_true(two->cycles == 18);
    assert_true(two->entries < 0);
    char label[256];
    report_loop_label(&r, 0, label, sizeof label);
    assert_string_equal(label, "loop@nest:outer");
    /* no calling contexts: the report says its inclusive cycles rest on averages */
    assert_int_equal(e->nwarnings, 1);
    assert_non_null(strstr(e->warnings[0], "inclusive cycles are estimates"));

    /* the report's cycles split over the loops in the folded stacks */
    e->funcs[0].self = 620;
    e->funcs[2].self = 20;
    e->cycles = 640;
    size_t n;
    struct report_stack *s = report_stacks(&r, &n);
    assert_int_equal(n, 5);
    assert_string_equal(s[0].frames, "nest");
    assert_int_equal(s[0].weight, 10);
    assert_string_equal(s[1].frames, "nest;loop@nest:outer");
    assert_int_equal(s[1].weight, 50);
    assert_string_equal(s[2].frames, "nest;loop@nest:outer;loop@nest:inner");
    assert_int_equal(s[2].weight, 560);
    report_stacks_free(s, n);

    report_clear(&r);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
}

int fx_run_loops(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loops),
    };
    return cmocka_run_group_tests_name("natural loops", tests, NULL, NULL);
}
