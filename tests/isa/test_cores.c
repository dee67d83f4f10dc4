/* test_cores.c — the bundled descriptions (the YAML files of isa/): every one loads by
 * name, and lookups give the documented numbers (spot checks against the
 * manuals: PicoRV32 README, PPC405 Core User's Manual appendix C, AVR
 * Instruction Set Manual, MicroBlaze Reference Guide). */
#include "test_util.h"

#include <math.h>

static struct isa *named(const char *name)
{
    struct isa *isa = isa_load_named(name, stderr);
    if (!isa)
        fail_msg("bundled description '%s' does not load", name);
    assert_string_equal(isa_name(isa), name);
    return isa;
}

static void expect(const struct isa *isa, const char *m, enum isa_kind kind, uint32_t cycles)
{
    const struct isa_insn *in = ti_insn(isa, m);
    if (in->kind != kind || in->cycles != cycles)
        fail_msg("%s %s: kind %d cycles %u, expected kind %d cycles %u", isa_name(isa), m, (int)in->kind,
                 in->cycles, (int)kind, cycles);
    assert_string_equal(in->mnemonic, m);
}

static void expect_branch(const struct isa *isa, const char *m, uint32_t taken, uint32_t not_taken)
{
    const struct isa_insn *in = ti_insn(isa, m);
    assert_int_equal(in->kind, ISA_COND_BRANCH);
    assert_int_equal(in->taken, taken);
    assert_int_equal(in->not_taken, not_taken);
}

static void all_bundled_load(void **state)
{
    (void)state;
    static const char *const want[] = {"atmega2560", "microblaze", "picorv32", "picorv32-min", "picorv32-ws1",
                                       "ppc405", NULL};
    const char *const *descs = NULL;
    const char *const *names = isa_list(&descs);
    assert_non_null(names);
    assert_non_null(descs);
    size_t n = 0;
    for (; names[n]; n++) {
        struct isa *isa = named(names[n]);
        assert_string_equal(descs[n], isa_description(isa));
        assert_non_null(strstr(isa_path(isa), names[n]));
        assert_true(isa_clock_hz(isa) > 0);
        isa_free(isa);
    }
    for (size_t i = 0; want[i]; i++) {
        bool found = false;
        for (size_t j = 0; j < n; j++)
            found |= !strcmp(names[j], want[i]);
        if (!found)
            fail_msg("isa_list does not list '%s'", want[i]);
    }
    /* sorted */
    for (size_t i = 1; i < n; i++)
        assert_true(strcmp(names[i - 1], names[i]) < 0);
}

static void picorv32(void **state)
{
    (void)state;
    struct isa *isa = named("picorv32");
    assert_int_equal(isa_model(isa), ISA_MODEL_MACHINE);
    assert_string_equal(isa_triple(isa), "riscv32-unknown-elf");
    assert_non_null(strstr(isa_features(isa), "+m"));
    assert_true(isa_relax(isa));
    assert_int_equal(isa_predict(isa), ISA_PREDICT_NONE);
    assert_int_equal(isa_fetch_wait(isa), 0);
    /* README CPI table */
    expect(isa, "add", ISA_ALU, 3);
    expect(isa, "addi", ISA_ALU, 3);
    expect(isa, "slli", ISA_ALU, 3); /* BARREL_SHIFTER */
    expect(isa, "lui", ISA_ALU, 3);
    expect(isa, "lw", ISA_LOAD, 5);
    expect(isa, "sw", ISA_STORE, 5);
    expect(isa, "jal", ISA_CALL, 3);
    expect(isa, "jalr", ISA_INDIRECT_CALL, 6);
    expect(isa, "ret", ISA_RETURN, 6);
    expect(isa, "mul", ISA_ALU, 40);
    expect(isa, "mulh", ISA_ALU, 72);
    expect(isa, "mulhu", ISA_ALU, 72);
    expect(isa, "div", ISA_ALU, 40);
    expect(isa, "remu", ISA_ALU, 40);
    expect(isa, "rdcycle", ISA_ALU, 4);
    expect_branch(isa, "bne", 5, 3);
    expect_branch(isa, "beqz", 5, 3);
    expect_branch(isa, "bgtu", 5, 3);
    assert_int_equal(ti_insn(isa, "lw")->latency, 0);
    assert_true(ti_insn(isa, "lw")->has_dest);
    assert_false(ti_insn(isa, "sw")->has_dest);
    assert_false(ti_insn(isa, "bne")->has_dest);
    /* pseudo-instructions */
    const struct isa_insn *li = ti_insn(isa, "li");
    assert_int_equal(li->expand, ISA_EXPAND_RISCV_LI);
    assert_int_equal(li->cycles, 3);
    assert_int_equal(li->count, 1);
    const struct isa_insn *call = ti_insn(isa, "call");
    assert_int_equal(call->kind, ISA_CALL);
    assert_int_equal(call->count, 2);
    assert_int_equal(call->cycles, 9); /* auipc 3 + jalr 6 */
    assert_string_equal(call->expand_to, "jal");
    const struct isa_insn *tail = ti_insn(isa, "tail");
    assert_int_equal(tail->kind, ISA_TAIL_CALL);
    assert_string_equal(tail->expand_to, "j");
    assert_int_equal(ti_insn(isa, "la")->count, 2);
    assert_int_equal(ti_insn(isa, "la")->cycles, 6);
    assert_null(isa_lookup(isa, "fadd.s"));
    assert_null(isa_lookup(isa, "bne+")); /* no hints on RISC-V: bne+ is not an entry */
    assert_null(isa_lookup(isa, ""));
    assert_false(isa_ir_cost(isa, "add", NULL, NULL, NULL));
    isa_free(isa);
}

static void picorv32_ws1(void **state)
{
    (void)state;
    struct isa *isa = named("picorv32-ws1");
    assert_int_equal(isa_fetch_wait(isa), 1);
    assert_int_equal(isa_load_wait(isa), 1);
    assert_int_equal(isa_store_wait(isa), 1);
    expect(isa, "add", ISA_ALU, 4);
    expect(isa, "slli", ISA_ALU, 4);
    expect(isa, "jal", ISA_CALL, 4);
    expect(isa, "lw", ISA_LOAD, 7);
    expect(isa, "sb", ISA_STORE, 7);
    expect(isa, "jalr", ISA_INDIRECT_CALL, 7);
    expect(isa, "mul", ISA_ALU, 40);
    expect(isa, "mulhsu", ISA_ALU, 72);
    expect(isa, "divu", ISA_ALU, 40);
    expect_branch(isa, "blt", 7, 4);
    assert_int_equal(ti_insn(isa, "call")->cycles, 11); /* auipc 4 + jalr 7 */
    isa_free(isa);
}

static void picorv32_min(void **state)
{
    (void)state;
    struct isa *isa = named("picorv32-min");
    assert_null(isa_lookup(isa, "mul"));
    assert_null(isa_lookup(isa, "divu"));
    bool m_forbidden = false;
    for (size_t i = 0; i < isa_nforbidden(isa); i++)
        m_forbidden |= !strcmp(isa_forbidden(isa, i), "m");
    assert_true(m_forbidden);
    assert_null(isa_forbidden(isa, isa_nforbidden(isa)));
    /* no barrel shifter: 4 + floor(n/4) + n mod 4 */
    const struct isa_insn *sl = ti_insn(isa, "slli");
    assert_non_null(sl->cycles_formula);
    assert_true(isa_insn_cycles(sl, 0) == 4);
    assert_true(isa_insn_cycles(sl, 1) == 5);
    assert_true(isa_insn_cycles(sl, 4) == 5);
    assert_true(isa_insn_cycles(sl, 7) == 8);
    assert_true(isa_insn_cycles(sl, 16) == 8);
    assert_true(isa_insn_cycles(sl, 31) == 14);
    assert_true(isa_insn_cycles(ti_insn(isa, "sra"), 13) == 8);
    assert_true(isa_insn_cycles(sl, NAN) == sl->cycles);
    assert_true(isa_insn_cycles(ti_insn(isa, "add"), 31) == 3); /* no formula: cycles */
    assert_non_null(isa_runtime(isa, "__mulsi3"));
    isa_free(isa);
}

static void ppc405(void **state)
{
    (void)state;
    struct isa *isa = named("ppc405");
    assert_string_equal(isa_triple(isa), "powerpc-unknown-eabi");
    assert_string_equal(isa_cpu(isa), "ppc");
    assert_non_null(strstr(isa_features(isa), "-isel"));
    assert_non_null(strstr(isa_features(isa), "-hard-float"));
    bool isel = false, altivec = false, hard = false;
    for (size_t i = 0; i < isa_nforbidden(isa); i++) {
        isel |= !strcmp(isa_forbidden(isa, i), "isel");
        altivec |= !strcmp(isa_forbidden(isa, i), "altivec");
        hard |= !strcmp(isa_forbidden(isa, i), "hard-float");
    }
    assert_true(isel && altivec && hard);
    assert_int_equal(isa_predict(isa), ISA_PREDICT_HINT);
    assert_false(isa_relax(isa));
    /* appendix C */
    expect(isa, "add", ISA_ALU, 1);
    expect(isa, "rlwinm", ISA_ALU, 1);
    expect(isa, "andi.", ISA_ALU, 1);
    expect(isa, "divw", ISA_ALU, 35);
    expect(isa, "divwu", ISA_ALU, 35);
    expect(isa, "mullw", ISA_ALU, 4);
    assert_int_equal(ti_insn(isa, "mullw")->latency, 5);
    assert_int_equal(ti_insn(isa, "mulhwu")->latency, 5);
    expect(isa, "mulli", ISA_ALU, 2);
    assert_int_equal(ti_insn(isa, "mulli")->latency, 3);
    expect(isa, "lwz", ISA_LOAD, 1);
    assert_int_equal(ti_insn(isa, "lwz")->latency, 2); /* load-use */
    assert_true(ti_insn(isa, "lbzu")->has_dest);
    expect(isa, "stw", ISA_STORE, 1);
    assert_false(ti_insn(isa, "stwu")->has_dest);
    assert_false(ti_insn(isa, "cmpwi")->has_dest);
    assert_false(ti_insn(isa, "mtlr")->has_dest);
    assert_true(ti_insn(isa, "mflr")->has_dest);
    expect(isa, "b", ISA_JUMP, 3); /* the seed paper */
    expect(isa, "bl", ISA_CALL, 3);
    expect(isa, "blr", ISA_RETURN, 3);
    expect(isa, "bctr", ISA_INDIRECT_JUMP, 3);
    expect(isa, "bctrl", ISA_INDIRECT_CALL, 3);
    const struct isa_insn *bne = ti_insn(isa, "bne");
    assert_int_equal(bne->taken, 2);
    assert_int_equal(bne->not_taken, 1);
    assert_int_equal(bne->mispredict, 1);
    /* branch hints */
    assert_ptr_equal(isa_lookup(isa, "bne+"), bne);
    assert_ptr_equal(isa_lookup(isa, "bne-"), bne);
    assert_non_null(isa_lookup(isa, "bdnz+"));
    assert_null(isa_lookup(isa, "add+"));
    assert_null(isa_lookup(isa, "+"));
    const struct isa_insn *ret = ti_insn(isa, "beqlr");
    assert_int_equal(ret->kind, ISA_COND_RETURN);
    assert_ptr_equal(isa_lookup(isa, "beqlr+"), ret);
    isa_free(isa);
}

static void atmega2560(void **state)
{
    (void)state;
    struct isa *isa = named("atmega2560");
    assert_true(isa_clock_hz(isa) == 16e6);
    assert_string_equal(isa_triple(isa), "avr");
    assert_string_equal(isa_cpu(isa), "atmega2560");
    /* AVR Instruction Set Manual, 22-bit PC */
    expect(isa, "call", ISA_CALL, 5);
    expect(isa, "rcall", ISA_CALL, 4);
    expect(isa, "icall", ISA_INDIRECT_CALL, 4);
    expect(isa, "eicall", ISA_INDIRECT_CALL, 4);
    expect(isa, "ret", ISA_RETURN, 5);
    expect(isa, "jmp", ISA_JUMP, 3);
    expect(isa, "rjmp", ISA_JUMP, 2);
    expect(isa, "ld", ISA_LOAD, 2);
    expect(isa, "ldd", ISA_LOAD, 2);
    expect(isa, "lds", ISA_LOAD, 2);
    expect(isa, "st", ISA_STORE, 2);
    expect(isa, "sts", ISA_STORE, 2);
    expect(isa, "push", ISA_STORE, 2);
    expect(isa, "pop", ISA_LOAD, 2);
    expect(isa, "lpm", ISA_LOAD, 3);
    expect(isa, "elpm", ISA_LOAD, 3);
    expect(isa, "mul", ISA_ALU, 2);
    expect(isa, "adiw", ISA_ALU, 2);
    expect(isa, "sbiw", ISA_ALU, 2);
    expect(isa, "add", ISA_ALU, 1);
    expect(isa, "movw", ISA_ALU, 1);
    expect_branch(isa, "brne", 2, 1);
    expect_branch(isa, "brlt", 2, 1);
    const struct isa_insn *sk = ti_insn(isa, "sbrc");
    assert_int_equal(sk->kind, ISA_SKIP);
    assert_int_equal(sk->taken, 2);
    assert_int_equal(sk->not_taken, 1);
    assert_false(ti_insn(isa, "cp")->has_dest);
    isa_free(isa);
}

static void microblaze(void **state)
{
    (void)state;
    struct isa *isa = named("microblaze");
    assert_int_equal(isa_model(isa), ISA_MODEL_IR);
    assert_null(isa_triple(isa));
    assert_null(isa_lookup(isa, "add"));
    uint32_t c = 99, t = 99, nt = 99;
    assert_true(isa_ir_cost(isa, "add", &c, &t, &nt));
    assert_int_equal(c, 1);
    assert_true(isa_ir_cost(isa, "udiv", &c, NULL, NULL));
    assert_int_equal(c, 34); /* UG984 idiv, C_AREA_OPTIMIZED=0 */
    assert_true(isa_ir_cost(isa, "add:i32", &c, NULL, NULL)); /* falls back to add */
    assert_int_equal(c, 1);
    assert_true(isa_ir_cost(isa, "add:i64", &c, NULL, NULL));
    assert_int_equal(c, 2);
    assert_true(isa_ir_cost(isa, "br", &c, &t, &nt));
    assert_int_equal(t, 2);
    assert_int_equal(nt, 1);
    assert_true(isa_ir_cost(isa, "phi", &c, NULL, NULL));
    assert_int_equal(c, 0);
    const struct isa_runtime *rt = isa_runtime(isa, "__adddf3");
    assert_non_null(rt);
    assert_true(isa_ir_cost(isa, "fadd:double", &c, NULL, NULL));
    assert_int_equal(c, (uint32_t)(rt->cycles + 0.5));
    assert_false(isa_ir_cost(isa, "fadd", &c, NULL, NULL)); /* only typed entries */
    assert_false(isa_ir_cost(isa, "bogus", &c, NULL, NULL));
    assert_false(isa_ir_cost(isa, "bogus:i32", &c, NULL, NULL));
    isa_free(isa);
}

/* The calibrated runtime tables (isa/calibrate): the routines the corpus calls
 * are there, and every formula evaluates with the names the estimator gives. */
static double rt_eval(const struct isa *isa, const char *sym, double a0, double a1, double a2, double ret,
                      double convs, double digits, bool instructions)
{
    const struct isa_runtime *rt = isa_runtime(isa, sym);
    if (!rt)
        fail_msg("%s: no runtime entry for %s", isa_name(isa), sym);
    /* and the names the estimator computes for some routines (isa/SCHEMA.md): printf's
     * digits by size, strcmp/memcmp's equal prefix, realloc's old size, start-up's data,
     * strcpy's source length */
    static const char *const names[] = {"a0", "a1", "a2", "ret", "convs", "digits", "wide_digits", "digit_bits",
                                        "compared", "old_size", "data_bytes", "bss_bytes", "length"};
    double values[] = {a0, a1, a2, ret, convs, digits, 0, digits * 12, a2, a0, 300, 500, a2};
    double v = instructions ? isa_runtime_eval_ninstr(rt, names, values, 13, stderr)
                            : isa_runtime_eval(rt, names, values, 13, stderr);
    if (!(v >= 0))
        fail_msg("%s: %s does not evaluate", isa_name(isa), sym);
    return v;
}

static void runtime_tables(void **state)
{
    (void)state;
    static const struct {
        const char *core;
        const char *syms[16];
    } want[] = {
        {"picorv32", {"printf", "memcpy", "memset", "memcmp", "malloc", "free", "__adddf3", "__muldf3", "__divdf3",
                      "__udivdi3", "__udivti3", "floor", "__fixdfsi", "__floatsidf", "strlen", NULL}},
        {"picorv32-ws1", {"printf", "memcpy", "__adddf3", "__udivdi3", NULL}},
        {"picorv32-min", {"__mulsi3", "__divsi3", "__udivsi3", "__modsi3", "__umodsi3", "__muldi3", "printf",
                          "__adddf3", NULL}},
        {"ppc405", {"printf", "memcpy", "memset", "__adddf3", "__subdf3", "__muldf3", "__divdf3", "__ledf2",
                    "__fixdfdi", "__udivdi3", "__udivti3", "__umodti3", "floor", "sqrt", NULL}},
        {"atmega2560", {"printf", "memcpy", "__mulsi3", "__udivmodsi4", "__divmodsi4", "__divmodhi4",
                        "__udivmodhi4", "__addsf3", "__mulsf3", "__divsf3", "__fixsfsi", "__muldi3", "__udivdi3",
                        "floorf", NULL}},
    };
    for (size_t c = 0; c < sizeof want / sizeof want[0]; c++) {
        struct isa *isa = named(want[c].core);
        for (size_t i = 0; want[c].syms[i]; i++) {
            double small = rt_eval(isa, want[c].syms[i], 1000, 7, 16, 10, 1, 3, false);
            double ins = rt_eval(isa, want[c].syms[i], 1000, 7, 16, 10, 1, 3, true);
            assert_true(small > 0);
            assert_true(ins > 0);
        }
        /* costs that grow with their argument */
        assert_true(rt_eval(isa, "memcpy", 0, 0, 200, 0, 0, 0, false) >
                    rt_eval(isa, "memcpy", 0, 0, 10, 0, 0, 0, false) + 190);
        assert_true(rt_eval(isa, "printf", 0, 0, 0, 20, 2, 8, false) > rt_eval(isa, "printf", 0, 0, 0, 5, 1, 1, false));
        /* strcpy by its source's length (given here as a2) */
        assert_true(rt_eval(isa, "strcpy", 0, 0, 60, 0, 0, 0, false) >
                    rt_eval(isa, "strcpy", 0, 0, 5, 0, 0, 0, false) + 55);
        /* a 64-bit division by a wide divisor: the formula reads 64-bit values */
        rt_eval(isa, "__udivdi3", 1e19, 3e15, 0, 0, 0, 0, false);
        /* the start-up code, once per run */
        assert_true(rt_eval(isa, "_start", 0, 0, 0, 0, 0, 0, false) > 0);
        isa_free(isa);
    }
    /* MicroBlaze: constants derived from the rv32im routines */
    struct isa *isa = named("microblaze");
    assert_non_null(isa_runtime(isa, "__adddf3"));
    assert_null(isa_runtime(isa, "__adddf3")->formula);
    isa_free(isa);
}

int ti_run_cores(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(all_bundled_load), cmocka_unit_test(picorv32), cmocka_unit_test(picorv32_ws1),
        cmocka_unit_test(picorv32_min),     cmocka_unit_test(ppc405),   cmocka_unit_test(atmega2560),
        cmocka_unit_test(microblaze),       cmocka_unit_test(runtime_tables),
    };
    return cmocka_run_group_tests_name("isa cores", tests, NULL, NULL);
}
