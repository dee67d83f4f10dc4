// lp_picorv32_tb.cpp -- C++ testbench of ours for PicoRV32 under Verilator (lpnest's RTL
// reference, benchmarks/cores): 2 MiB of RAM from address 0 loaded from a byte hex file
// (+firmware=FILE, objcopy -O verilog's format), the platform's MMIO (plat.c LP_PICORV32:
// a character stored to 0x40000004 is printed, the status stored to 0x40000008 kept, a
// store to 0x90000000 ends the run), and the per-PC trace (+lp_trace=FILE): "CYCLE PC" in hex
// for every instruction the core launches (launch_next_insn), CYCLE counting rising edges
// since reset release.
//
// Memory timing (+mem=MODE):
//   nola (default): PicoRV32's testbench.v memory: mem_ready is registered, it rises on the
//        edge after mem_valid (plus +mem_wait=N further edges) with the data, and falls
//        on the next; that is "memory that can accommodate requests within one clock
//        cycle" of PicoRV32's README.
//   la:  dhrystone/testbench.v's: mem_ready always 1, the data registered from the
//        look-ahead address (mem_la_read), writes from mem_la_write.
// Exit: 0 at the halt store, 2 on a trap of the core, 3 at +max_cycles.
#include "Vlp_picorv32_top.h"
#include "verilated.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <string>
#include <vector>

static const uint32_t RAM_SIZE = 2u << 20;
static const uint32_t LP_OUT = 0x40000004u, LP_STATUS = 0x40000008u, LP_HALT = 0x90000000u;

static std::vector<uint8_t> ram(RAM_SIZE, 0);

static bool load_hex(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) { fprintf(stderr, "TB: cannot open %s\n", path); return false; }
    uint32_t addr = 0;
    char tok[64];
    while (fscanf(f, "%63s", tok) == 1) {
        if (tok[0] == '@') { addr = (uint32_t)strtoul(tok + 1, nullptr, 16); continue; }
        if (addr >= RAM_SIZE) { fprintf(stderr, "TB: %s: address %#x beyond the RAM\n", path, addr); fclose(f); return false; }
        ram[addr++] = (uint8_t)strtoul(tok, nullptr, 16);
    }
    fclose(f);
    return true;
}

static int status = 0;
static bool halted = false;

static uint32_t rd(uint32_t a)
{
    a &= ~3u;
    if (a + 3 < RAM_SIZE) return ram[a] | ram[a + 1] << 8 | ram[a + 2] << 16 | (uint32_t)ram[a + 3] << 24;
    return 0;
}

static void wr(uint32_t a, uint32_t d, unsigned strb)
{
    if (a == LP_OUT) { putchar((int)(d & 0xff)); return; }
    if (a == LP_STATUS) { status = (int)d; return; }
    if (a == LP_HALT) { halted = true; return; }
    a &= ~3u;
    if (a + 3 >= RAM_SIZE) { fprintf(stderr, "TB: store to %#x beyond the RAM ignored\n", a); return; }
    for (int k = 0; k < 4; k++)
        if (strb >> k & 1) ram[a + k] = (uint8_t)(d >> 8 * k);
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    const char *fw = nullptr, *tr = nullptr, *mode = "nola";
    unsigned long long max_cycles = 2000000000ull;
    unsigned wait = 0;
    for (int k = 1; k < argc; k++) {
        if (!strncmp(argv[k], "+firmware=", 10)) fw = argv[k] + 10;
        else if (!strncmp(argv[k], "+lp_trace=", 10)) tr = argv[k] + 10;
        else if (!strncmp(argv[k], "+max_cycles=", 12)) max_cycles = strtoull(argv[k] + 12, nullptr, 10);
        else if (!strncmp(argv[k], "+mem_wait=", 10)) wait = (unsigned)strtoul(argv[k] + 10, nullptr, 10);
        else if (!strncmp(argv[k], "+mem=", 5)) mode = argv[k] + 5;
    }
    bool la = !strcmp(mode, "la");
    if (!la && strcmp(mode, "nola")) { fprintf(stderr, "TB: +mem=%s: nola or la\n", mode); return 1; }
    if (la && wait) { fprintf(stderr, "TB: +mem_wait needs +mem=nola\n"); return 1; }
    if (!fw) { fprintf(stderr, "TB: usage: %s +firmware=FILE.hex [+lp_trace=FILE] [+max_cycles=N] [+mem=nola|la] [+mem_wait=N]\n", argv[0]); return 1; }
    if (!load_hex(fw)) return 1;
    FILE *trace = nullptr;
    static char tbuf[1 << 20];
    if (tr) {
        trace = fopen(tr, "w");
        if (!trace) { fprintf(stderr, "TB: cannot open %s\n", tr); return 1; }
        setvbuf(trace, tbuf, _IOFBF, sizeof tbuf);
    }
    Vlp_picorv32_top *top = new Vlp_picorv32_top;
    top->clk = 0;
    top->resetn = 0;
    top->mem_ready = la ? 1 : 0;
    top->mem_rdata = 0;
    top->eval();
    for (int k = 0; k < 10; k++) {     // reset held for 10 edges
        top->clk = 1; top->eval();
        top->clk = 0; top->eval();
    }
    top->resetn = 1;
    top->eval();
    unsigned long long cycle = 0;
    unsigned waited = 0;
    int rc = 0;
    bool ready = false;
    for (;;) {
        // the state after the last edge, inputs set: what the core does on the next edge
        if (top->trap) {
            fflush(stdout);
            fprintf(stderr, "TB: trap of the core at pc %#x, cycle %llu\n", (unsigned)top->lp_insn_addr, cycle);
            rc = 2;
            break;
        }
        if (trace && top->lp_launch)
            fprintf(trace, "%llx %x\n", cycle, (unsigned)top->lp_pc);
        uint32_t next_rdata = top->mem_rdata;
        bool next_ready = false;
        if (la) {
            if (top->mem_la_read) next_rdata = rd(top->mem_la_addr);
            if (top->mem_la_write) wr(top->mem_la_addr, top->mem_la_wdata, top->mem_la_wstrb);
            next_ready = true;
        } else if (top->mem_valid && !ready) {
            if (waited < wait) {
                waited++;
            } else {
                waited = 0;
                if (top->mem_wstrb) wr(top->mem_addr, top->mem_wdata, top->mem_wstrb);
                else next_rdata = rd(top->mem_addr);
                next_ready = true;
            }
        }
        top->clk = 1; top->eval();     // the edge, with the inputs of before it
        cycle++;
        ready = next_ready;
        top->mem_ready = ready ? 1 : 0;
        top->mem_rdata = next_rdata;
        top->clk = 0; top->eval();
        if (halted) break;
        if (cycle >= max_cycles) {
            fflush(stdout);
            fprintf(stderr, "TB: no end after %llu cycles\n", cycle);
            rc = 3;
            break;
        }
    }
    fflush(stdout);
    if (trace) fclose(trace);
    if (halted) fprintf(stderr, "TB: halt at cycle %llu, status %d\n", cycle, status);
    top->final();
    delete top;
    return rc;
}
