/* test_load.c — the loader on good input (every field of the fixtures
 * tests/data/isa/good*.yaml and of SCHEMA.md's example) and on bad input:
 * each error class with its message and line:col, isa_load_named and
 * isa_list with another LPNEST_ISA_DIR. */
#include "test_util.h"

static void good_machine(void **state)
{
    (void)state;
    char *diag;
    struct isa *isa = ti_load_fixture("good.yaml", &diag);
    if (!isa)
        fail_msg("good.yaml does not load:\n%s", diag);
    assert_string_equal(diag, "");
    free(diag);
    assert_string_equal(isa_name(isa), "good");
    assert_string_equal(isa_description(isa), "Test core");
    assert_non_null(strstr(isa_path(isa), "good.yaml"));
    assert_int_equal(isa_model(isa), ISA_MODEL_MACHINE);
    assert_true(isa_clock_hz(isa) == 50.5e6);
    assert_string_equal(isa_triple(isa), "riscv32-unknown-elf");
    assert_string_equal(isa_cpu(isa), "generic-rv32");
    assert_string_equal(isa_features(isa), "+m,-c");
    assert_int_equal(isa_nforbidden(isa), 2);
    assert_string_equal(isa_forbidden(isa, 0), "c");
    assert_string_equal(isa_forbidden(isa, 1), "a");
    assert_int_equal(isa_predict(isa), ISA_PREDICT_BTFN);
    assert_int_equal(isa_fetch_wait(isa), 1);
    assert_int_equal(isa_load_wait(isa), 2);
    assert_int_equal(isa_store_wait(isa), 3);
    assert_true(isa_relax(isa));

    const struct isa_insn *in = ti_insn(isa, "lw");
    assert_int_equal(in->kind, ISA_LOAD);
    assert_string_equal(in->class_name, "load");
    assert_int_equal(in->cycles, 1);
    assert_int_equal(in->latency, 3);
    assert_int_equal(in->count, 1);
    assert_true(in->has_dest);
    assert_null(in->expand_to);
    assert_null(in->cycles_formula);
    assert_int_equal(in->expand, ISA_EXPAND_NONE);
    in = ti_insn(isa, "andi.");
    assert_int_equal(in->kind, ISA_ALU);
    in = ti_insn(isa, "beq");
    assert_int_equal(in->kind, ISA_COND_BRANCH);
    assert_int_equal(in->taken, 4);
    assert_int_equal(in->not_taken, 1);
    assert_int_equal(in->mispredict, 2);
    assert_false(in->has_dest);
    assert_null(isa_lookup(isa, "beq+")); /* hints only with branch_prediction: hint */
    assert_true(ti_insn(isa, "jalr")->has_dest); /* has_dest override */
    assert_false(ti_insn(isa, "sw")->has_dest);
    in = ti_insn(isa, "beqlr");
    assert_int_equal(in->kind, ISA_COND_RETURN);
    assert_int_equal(in->taken, 3);
    in = ti_insn(isa, "cpse");
    assert_int_equal(in->kind, ISA_SKIP);
    assert_int_equal(ti_insn(isa, "nop")->kind, ISA_NOP);
    assert_int_equal(ti_insn(isa, "ret")->kind, ISA_RETURN);
    assert_int_equal(ti_insn(isa, "jr")->kind, ISA_INDIRECT_JUMP);

    /* pseudo-instructions */
    in = ti_insn(isa, "li");
    assert_int_equal(in->expand, ISA_EXPAND_RISCV_LI);
    assert_string_equal(in->class_name, "alu");
    assert_int_equal(in->count, 1);
    in = ti_insn(isa, "la");
    assert_int_equal(in->count, 2);
    assert_int_equal(in->cycles, 2);
    in = ti_insn(isa, "call");
    assert_int_equal(in->kind, ISA_CALL);
    assert_int_equal(in->count, 2);
    assert_int_equal(in->cycles, 6);
    assert_true(in->has_dest); /* from jalr */
    assert_string_equal(in->expand_to, "jal");
    assert_string_equal(in->class_name, "pseudo");
    in = ti_insn(isa, "tail");
    assert_int_equal(in->kind, ISA_TAIL_CALL);
    assert_string_equal(in->expand_to, "j");
    in = ti_insn(isa, "bnez2"); /* addi + bne: a conditional sequence */
    assert_int_equal(in->kind, ISA_COND_BRANCH);
    assert_int_equal(in->count, 2);
    assert_int_equal(in->taken, 5);
    assert_int_equal(in->not_taken, 2);

    /* runtime */
    const struct isa_runtime *rt = isa_runtime(isa, "__mulsi3");
    assert_non_null(rt);
    assert_string_equal(rt->symbol, "__mulsi3");
    assert_true(rt->cycles == 120);
    assert_null(rt->formula);
    assert_int_equal(rt->ninstr, 0);
    rt = isa_runtime(isa, "__adddf3");
    assert_true(rt->cycles == 320.5);
    assert_int_equal(rt->ninstr, 180);
    rt = isa_runtime(isa, "folded");
    assert_null(rt->formula);
    assert_true(rt->cycles == 120);
    rt = isa_runtime(isa, "memcpy");
    assert_string_equal(rt->formula, "30 + 12*n");
    assert_string_equal(rt->ninstr_formula, "20 + 8*n");
    assert_true(rt->cycles == 30); /* the value at all names 0 */
    assert_null(isa_runtime(isa, "memset"));
    isa_free(isa);
}

static void good_ir(void **state)
{
    (void)state;
    char *diag;
    struct isa *isa = ti_load_fixture("good_ir.yaml", &diag);
    if (!isa)
        fail_msg("good_ir.yaml does not load:\n%s", diag);
    free(diag);
    assert_int_equal(isa_model(isa), ISA_MODEL_IR);
    assert_null(isa_triple(isa));
    assert_int_equal(isa_nforbidden(isa), 0);
    uint32_t c, t, nt;
    assert_true(isa_ir_cost(isa, "mul", &c, &t, &nt));
    assert_int_equal(c, 3);
    assert_int_equal(t, 3);
    assert_int_equal(nt, 3);
    assert_true(isa_ir_cost(isa, "mul:i64", &c, NULL, NULL));
    assert_int_equal(c, 7);
    assert_true(isa_ir_cost(isa, "mul:i16", &c, NULL, NULL));
    assert_int_equal(c, 3);
    assert_true(isa_ir_cost(isa, "br", &c, &t, &nt));
    assert_int_equal(c, 2);
    assert_int_equal(t, 3);
    assert_int_equal(nt, 1);
    assert_true(isa_ir_cost(isa, "fadd:double", &c, NULL, NULL));
    assert_int_equal(c, 150);
    assert_false(isa_ir_cost(isa, "fadd:float", &c, NULL, NULL));
    assert_false(isa_ir_cost(isa, "sdiv", &c, NULL, NULL));
    isa_free(isa);
}

/* The example of isa/SCHEMA.md is a valid description. */
static void schema_example(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/SCHEMA.md", ISA_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char text[65536];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *start = strstr(text, "```yaml\n");
    assert_non_null(start);
    start += 8;
    char *end = strstr(start, "```");
    assert_non_null(end);
    *end = '\0';
    char *diag;
    struct isa *isa = ti_load_text(start, &diag);
    if (!isa)
        fail_msg("the example of SCHEMA.md does not load:\n%s", diag);
    free(diag);
    assert_int_equal(ti_insn(isa, "li")->expand, ISA_EXPAND_RISCV_LI);
    assert_string_equal(ti_insn(isa, "call")->expand_to, "jal");
    assert_true(isa_insn_cycles(ti_insn(isa, "slli"), 31) == 14);
    isa_free(isa);
}

struct bad {
    const char *file;
    const char *where;   /* ":line:col: error: " */
    const char *message; /* a part of the message */
};

static const struct bad bads[] = {
    {"bad_version_missing.yaml", ":1:1: error: ", "missing key 'lpnest_isa'"},
    {"bad_version_wrong.yaml", ":1:13: error: ", "unsupported schema version 2 (this lpnest reads version 1)"},
    {"bad_version_string.yaml", ":1:13: error: ", "expected an integer, found 'one'"},
    {"bad_unknown_key.yaml", ":6:1: error: ", "unknown key 'clok_mhz' in an ISA description"},
    {"bad_type.yaml", ":8:10: error: ", "expected a mapping for classes, found a sequence"},
    {"bad_not_map.yaml", ":1:1: error: ", "expected a mapping for an ISA description, found a sequence"},
    {"bad_string_cycles.yaml", ":9:28: error: ", "expected an integer, found 'one'"},
    {"bad_negative.yaml", ":9:28: error: ", "cycles must not be negative (found -3)"},
    {"bad_runtime_negative.yaml", ":11:13: error: ", "cycles must not be negative (found -4)"},
    {"bad_duplicate_mnemonic.yaml", ":13:22: error: ", "mnemonic 'add' listed twice (first at line 9)"},
    {"bad_undefined_class.yaml", ":11:15: error: ", "pseudo-instruction 'la': class 'alux' is not defined"},
    {"bad_kind.yaml", ":9:15: error: ", "unknown kind 'alus'"},
    {"bad_formula.yaml", ":11:43: error: ", "formula '30 + * n': unexpected '*'"},
    {"bad_formula_name.yaml", ":11:45: error: ", "formula '30 + 2*m': unknown name 'm' (known: a0,"},
    {"bad_formula_paren.yaml", ":11:14: error: ", "formula '(1 + a0': expected ')' at the end"},
    {"bad_formula_function.yaml", ":11:7: error: ", "formula 'sqrt(a0)': unknown function 'sqrt'"},
    {"bad_taken_missing.yaml", ":10:7: error: ", "missing key 'not_taken' in class 'br' (kind cond_branch)"},
    {"bad_cycles_on_branch.yaml", ":10:35: error: ", "class 'br': kind cond_branch is priced by 'taken' and 'not_taken'"},
    {"bad_mispredict_none.yaml", ":10:63: error: ", "class 'br': 'mispredict' needs branch_prediction btfn or hint"},
    {"bad_expand_to.yaml", ":11:33: error: ", "pseudo-instruction 'call': expand_to 'jall' is not a mnemonic of this description"},
    {"bad_sequence.yaml", ":11:21: error: ", "pseudo-instruction 'call': sequence mnemonic 'auipc' is not listed in any class"},
    {"bad_model.yaml", ":6:8: error: ", "unknown model 'asm' (expected machine or ir)"},
    {"bad_yaml.yaml", ":10:1: error: ", "invalid YAML"},
    {"bad_duplicate_key.yaml", ":6:1: error: ", "duplicate key 'clock_mhz' (first at line 5)"},
    {"bad_anchor.yaml", ":9:8: error: ", "YAML anchors (&a) are not supported"},
    {"bad_ir_opcode.yaml", ":9:3: error: ", "unknown LLVM IR opcode 'addd'"},
    {"bad_ir_runtime.yaml", ":8:19: error: ", "ir opcode 'fadd': runtime routine '__addsf3' is not in the runtime: section"},
    {"bad_llvm_missing.yaml", ":1:1: error: ", "missing key 'llvm'"},
    {"bad_features.yaml", ":7:35: error: ", "features 'm,+c': each item must be +NAME or -NAME"},
    {"bad_class_key.yaml", ":9:31: error: ", "unknown key 'latncy' in class 'alu'"},
    {"bad_empty_mnemonics.yaml", ":10:42: error: ", "class 'mul' lists no mnemonics"},
    {"bad_mnemonic_name.yaml", ":9:48: error: ", "'s b' is not a mnemonic"},
    {"bad_clock.yaml", ":5:12: error: ", "clock_mhz must be a positive number of MHz (found 0)"},
    {"bad_ram_bytes.yaml", ":6:21: error: ", "integer 0 is out of range [1, 1099511627776]"},
    {"bad_name.yaml", ":2:7: error: ", "name 'Bad Core' must be lower-case"},
    {"bad_runtime_twice_arg.yaml", ":11:22: error: ", "argument name 'n' is used twice"},
    {"bad_count_branch.yaml", ":12:26: error: ", "pseudo-instruction 'b2': count > 1 needs a class with plain cycles"},
};

static void bad_inputs(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
        char *diag;
        struct isa *isa = ti_load_fixture(bads[i].file, &diag);
        if (isa)
            fail_msg("%s loaded", bads[i].file);
        char want[512];
        snprintf(want, sizeof want, "%s%s%s", bads[i].file, bads[i].where, bads[i].message);
        if (!strstr(diag, want))
            fail_msg("%s: expected \"%s\" in:\n%s", bads[i].file, want, diag);
        /* every line is a located error */
        assert_non_null(strstr(diag, ": error: "));
        free(diag);
    }
}

/* Inline mistakes that the fixtures do not cover, with their locations. */
static const struct {
    const char *yaml, *want;
} inline_bads[] = {
    {"lpnest_isa: 1\nname: x\ndescription: \"a\\nb\"\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {add: 1}\n",
     "t.yaml:3:14: error: 'description' must be a single line"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: \" \"\nclock_mhz: 1\nmodel: ir\nir: {add: 1}\n",
     "t.yaml:4:9: error: 'source' must not be empty"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\n",
     "t.yaml:1:1: error: missing key 'ir'"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {}\n",
     "t.yaml:7:5: error: 'ir' prices no opcode"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {br: {taken: 1}}\n",
     "t.yaml:7:10: error: ir opcode 'br' needs 'cycles', 'runtime' or both 'taken' and 'not_taken'"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {add: 1, add: 2}\n",
     "t.yaml:7:14: error: duplicate key 'add' (first at line 7)"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {add: 1}\n"
     "runtime: {f: {args: [ret], cycles: 1}}\n",
     "t.yaml:8:22: error: argument name 'ret' is reserved"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {add: 1}\n"
     "runtime: {f: {cycles: 1, instr: 3}}\n",
     "t.yaml:8:26: error: unknown key 'instr' in runtime routine 'f'"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {add: 1}\n"
     "runtime: {f: {cycles: \"max(1)\"}}\n",
     "t.yaml:8:24: error: formula 'max(1)': max takes 2 or more arguments, found 1"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {add: 1}\n"
     "runtime: {f: \"1 2\"}\n",
     "t.yaml:8:17: error: formula '1 2': unexpected '2'"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {add: 1}\n"
     "runtime: {f: \"3 - 5\"}\n",
     "t.yaml:8:14: error: cycles '3 - 5' does not give a non-negative number"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {add: 1}\n"
     "classes: {}\n",
     "t.yaml:8:10: error: 'classes' is only for model machine"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\nir: {add: 1}\n",
     "t.yaml:9:5: error: 'ir' is only for model ir"},
    /* pipelines (isa/SCHEMA.md, "Pipelines"): caches, layout, stamps, redirect */
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: riscv32-unknown-elf}\nrelax: false\npipeline: {model: ibex, stamp: retire, charge: next}\n"
     "caches: {instruction: {bytes: 4096, ways: 3, line_bytes: 8}}\nlayout: {text: 0x120000}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\n",
     "t.yaml:10:23: error: caches: instruction: bytes, ways and line_bytes must be powers of two (4096, 3, 8)"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: riscv32-unknown-elf}\nrelax: false\npipeline: {model: ibex, stamp: retire, charge: next}\n"
     "caches: {instruction: {bytes: 4096, ways: 2, line_bytes: 8}}\nlayout: {text: 0x120002}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\n",
     "t.yaml:11:16: error: layout text 0x120002 must be aligned to 4 bytes"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: riscv32-unknown-elf}\nrelax: false\npipeline: {model: ibex, stamp: later, charge: next}\n"
     "caches: {instruction: {bytes: 4096, ways: 2, line_bytes: 8}}\nlayout: {text: 0x120000}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\n",
     "t.yaml:9:32: error: unknown stamp 'later' (expected retire or issue)"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: riscv32-unknown-elf}\nrelax: false\npipeline: {model: ibex, stamp: retire, charge: next}\n"
     "caches: {instruction: {bytes: 4096, ways: 2, line_bytes: 8}}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\n",
     "t.yaml:1:1: error: missing key 'layout' (a pipeline model needs the address of the program's code: layout: {text: ADDRESS})"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: riscv32-unknown-elf}\nrelax: false\npipeline: {model: cv32e40p, stamp: issue, charge: next}\n"
     "caches: {instruction: {bytes: 4096, ways: 2, line_bytes: 8}}\nlayout: {text: 0x120000}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\n",
     "t.yaml:9:11: error: pipeline model 'cv32e40p' has no instruction cache (caches: instruction)"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: riscv32-unknown-elf}\nrelax: false\npipeline: {model: ibex, stamp: retire, charge: next}\n"
     "caches: {instruction: {bytes: 4096, ways: 2, line_bytes: 8}}\nlayout: {text: 0x120000}\n"
     "classes: {a: {kind: alu, cycles: 2, redirect: 1, mnemonics: [x]}}\n",
     "t.yaml:12:47: error: class 'a': 'redirect' is for control transfers, not kind alu"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: load, cycles: 1, cycles_formula: \"n\", mnemonics: [x]}}\n",
     "t.yaml:8:54: error: class 'a': 'cycles_formula' is for kind alu (shifts, dividers), not load"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: alu, cycles: 1, cycles_formula: \"m + 1\", mnemonics: [x]}}\n",
     "t.yaml:8:54: error: formula 'm + 1': unknown name 'm' (known: n, a, b)"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: alu, cycles: 1, taken: 2, mnemonics: [x]}}\n",
     "t.yaml:8:44: error: class 'a': 'taken', 'not_taken' and 'mispredict' are for kinds"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\npseudo: {y: {class: a, sequence: [x, x]}}\n",
     "t.yaml:9:13: error: pseudo-instruction 'y' needs exactly one of 'class' and 'sequence'"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}, j: {kind: jump, cycles: 1, mnemonics: [j]}}\n"
     "pseudo: {y: {sequence: [j, x]}}\n",
     "t.yaml:9:25: error: pseudo-instruction 'y': only the last mnemonic of a sequence may be a control transfer"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}, b: {kind: cond_branch, taken: 1, not_taken: 1, "
     "mnemonics: [b]}}\npseudo: {y: {class: b, kind: jump}}\n",
     "t.yaml:9:30: error: pseudo-instruction 'y': kind jump does not fit costs of kind cond_branch"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\npseudo: {y: {class: a, expand: mips-li}}\n",
     "t.yaml:9:32: error: pseudo-instruction 'y': unknown expand 'mips-li'"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\npseudo: {y: {class: a, expand_to: y}}\n",
     "t.yaml:9:35: error: pseudo-instruction 'y': expand_to 'y' must be a single machine instruction"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\nllvm: {triple: t}\n"
     "classes: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\npseudo: {x: {class: a}}\n",
     "t.yaml:9:10: error: mnemonic 'x' listed twice (first at line 8)"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: t, forbidden_features: [a, +b]}\nclasses: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\n",
     "t.yaml:7:43: error: '+b' is not a feature name (write it without '+' or '-')"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: t}\nbranch_prediction: always\nclasses: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\n",
     "t.yaml:8:20: error: unknown branch_prediction 'always' (expected none, btfn or hint)"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: t}\nmemory: {load_wait: -1}\nclasses: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\n",
     "t.yaml:8:21: error: load_wait must not be negative"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: t}\nrelax: sometimes\nclasses: {a: {kind: alu, cycles: 1, mnemonics: [x]}}\n",
     "t.yaml:8:8: error: expected true or false, found 'sometimes'"},
    {"lpnest_isa: 1\nname: x\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: machine\n"
     "llvm: {triple: t}\nclasses: {a: {kind: alu, cycles: 1000001, mnemonics: [x]}}\n",
     "t.yaml:8:34: error: integer 1000001 is out of range [0, 1000000]"},
    {"", "t.yaml:1:1: error: expected a mapping for an ISA description, found an empty document"},
};

static void bad_inline(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof inline_bads / sizeof inline_bads[0]; i++) {
        char *diag;
        struct isa *isa = ti_load_text(inline_bads[i].yaml, &diag);
        if (isa)
            fail_msg("case %zu loaded", i);
        if (!strstr(diag, inline_bads[i].want))
            fail_msg("case %zu: expected \"%s\" in:\n%s", i, inline_bads[i].want, diag);
        free(diag);
    }
}

/* Deep nesting is refused by the YAML reader, not by a crash. */
static void deep_nesting(void **state)
{
    (void)state;
    char yaml[2048] = "lpnest_isa: 1\nx: ";
    for (int i = 0; i < 200; i++)
        strcat(yaml, "[");
    char *diag;
    struct isa *isa = ti_load_text(yaml, &diag);
    assert_null(isa);
    assert_non_null(strstr(diag, "error: "));
    free(diag);
}


/* A backend check that accepts everything and counts its calls (isa_list). */
static int backend_checks;
static bool count_check(const char *triple, const char *cpu, const char *features, int *bad, char **why)
{
    (void)triple, (void)cpu, (void)features, (void)bad, (void)why;
    backend_checks++;
    return true;
}

static void named_and_list(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_null(isa_load_named("nope", f));
    assert_null(isa_load_named("../isa/ppc405", f));
    fclose(f);
    assert_non_null(strstr(buf, "error: unknown target 'nope' (available: atmega2560, cv32e40p, ibex-icache, "
                                "ibex-iws1, ibex-maxperf, ibex-small, microblaze, picorv32, picorv32-min, "
                                "picorv32-ws1, ppc405, x86-64)"));
    assert_non_null(strstr(buf, "error: unknown target '../isa/ppc405'"));
    free(buf);

    /* another directory through the environment */
    const char *saved = getenv("LPNEST_ISA_DIR");
    char *keep = strdup(saved);
    setenv("LPNEST_ISA_DIR", ISA_TEST_DATA, 1);
    struct isa *isa = isa_load_named("good", stderr);
    assert_non_null(isa);
    assert_string_equal(isa_name(isa), "good");
    isa_free(isa);
    buf = NULL;
    f = open_memstream(&buf, &len);
    assert_null(isa_load_named("good_ir", f)); /* its name is good-ir */
    fclose(f);
    assert_non_null(strstr(buf, "good_ir.yaml: error: the description is named 'good-ir', not 'good_ir'"));
    free(buf);
    const char *const *descs;
    const char *const *names = isa_list(&descs);
    size_t n = 0, good = 0, broken = 0;
    for (; names[n]; n++) {
        if (!strcmp(names[n], "good")) {
            assert_string_equal(descs[n], "Test core");
            good++;
        }
        if (!strncmp(names[n], "bad_", 4)) {
            assert_non_null(strstr(descs[n], "does not load"));
            broken++;
        }
    }
    assert_int_equal(good, 1);
    assert_true(broken >= 30);
    assert_null(descs[n]);

    /* the names alone load no description (lpnest's check of --target=NAME: each load asks
     * the LLVM backend, 0.13 s for the twelve bundled ones at d746610) */
    backend_checks = 0;
    isa_set_backend_check(count_check);
    names = isa_list(NULL);
    assert_true(names[0] != NULL);
    assert_int_equal(backend_checks, 0);
    names = isa_list(&descs);
    assert_true(backend_checks > 0);
    isa_set_backend_check(NULL);

    setenv("LPNEST_ISA_DIR", "/nonexistent/isa", 1);
    names = isa_list(NULL);
    assert_null(names[0]);
    buf = NULL;
    f = open_memstream(&buf, &len);
    assert_null(isa_load_named("ppc405", f));
    fclose(f);
    assert_non_null(strstr(buf, "unknown target 'ppc405' (available: none; no NAME.yaml in '/nonexistent/isa'"));
    free(buf);
    setenv("LPNEST_ISA_DIR", keep, 1);
    free(keep);
}

static void unreadable(void **state)
{
    (void)state;
    char *diag;
    assert_null(ti_load_fixture("no_such_file.yaml", &diag));
    assert_non_null(strstr(diag, "no_such_file.yaml: error: "));
    free(diag);
    isa_free(NULL);
}

/* runtime_code: the file's bytes (adjacent lines joined, zero-filled ranges) and entries */
static void runtime_code(void **state)
{
    (void)state;
    char *diag;
    struct isa *isa = ti_load_fixture("code_good.yaml", &diag);
    assert_non_null(isa);
    free(diag);
    const struct isa_code *c = isa_runtime_code(isa);
    assert_non_null(c);
    assert_int_equal(isa_code_arch(c), ISA_CODE_RV32);
    uint32_t entry = 0, avail = 0;
    assert_true(isa_code_entry(c, "f", &entry));
    assert_int_equal(entry, 0x100);
    assert_false(isa_code_entry(c, "g", &entry));
    const uint8_t *p = isa_code_bytes(c, 0x102, 4, &avail); /* across the two lines */
    assert_non_null(p);
    assert_int_equal(avail, 6);
    assert_int_equal(p[0], 0x05);
    assert_int_equal(p[2], 0x67);
    assert_null(isa_code_bytes(c, 0x106, 4, NULL));
    assert_null(isa_code_bytes(c, 0xfc, 4, NULL));
    p = isa_code_bytes(c, 0x20c, 4, NULL);
    assert_non_null(p);
    assert_int_equal(p[0] | p[1] | p[2] | p[3], 0);
    assert_null(isa_code_bytes(c, 0x20e, 4, NULL));
    isa_free(isa);
    /* a description without the key has none */
    isa = ti_load_fixture("code_ppc_good.yaml", &diag);
    assert_non_null(isa);
    free(diag);
    c = isa_runtime_code(isa);
    assert_int_equal(isa_code_arch(c), ISA_CODE_PPC);
    assert_true(isa_code_entry(c, "f", &entry));
    assert_int_equal(entry, 0x100);
    p = isa_code_bytes(c, 0x104, 4, NULL); /* blr, most significant byte first */
    assert_non_null(p);
    assert_int_equal(p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3], 0x4e800020);
    isa_free(isa);
    isa = ti_load_fixture("good.yaml", &diag);
    free(diag);
    assert_null(isa_runtime_code(isa));
    isa_free(isa);
    static const struct {
        const char *file, *want;
    } bad[] = {
        {"code_bad_hex.yaml", "code_bad_hex.code:2: not a hexadecimal byte"},
        {"code_overlap.yaml", "code_overlap.code: overlapping bytes"},
        {"code_arch.yaml", "code_arch.code:1: unknown arch (this lpnest runs rv32, ppc and avr)"},
        {"code_missing.yaml", "cannot read runtime code '"},
        {"code_ppc_triple.yaml", "code_ppc_triple.code:2: its arch is not the instruction set of the description's"},
        {"code_ppc_align.yaml", "code_ppc_align.code:3: an entry not aligned to an instruction"},
        {"code_ppc_noarch.yaml", "code_ppc_noarch.code:2: an entry before the 'arch' line"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_null(ti_load_fixture(bad[i].file, &diag));
        char where[128];
        snprintf(where, sizeof where, "%s:10:15: error: ", bad[i].file);
        if (!strstr(diag, where) || !strstr(diag, bad[i].want))
            fail_msg("%s: expected \"%s...%s\" in:\n%s", bad[i].file, where, bad[i].want, diag);
        free(diag);
    }
}

int ti_run_loader(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_machine), cmocka_unit_test(good_ir),      cmocka_unit_test(schema_example),
        cmocka_unit_test(bad_inputs),   cmocka_unit_test(bad_inline),   cmocka_unit_test(deep_nesting),
        cmocka_unit_test(named_and_list), cmocka_unit_test(unreadable), cmocka_unit_test(runtime_code),
    };
    return cmocka_run_group_tests_name("isa loader", tests, NULL, NULL);
}
