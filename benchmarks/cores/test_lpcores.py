#!/usr/bin/env python3
"""test_lpcores -- unit tests of lpcores.py without the RTL: the RV32IMC decoder (encodings
taken from llvm-objdump-19's listing of a linked program), the trace reduction on a
hand-written trace with hand-derived per-PC, edge, call-site and function cycles, the
trailer crt0.S prints, and the data file round trip. ctest cores.lpcores."""
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lpcores  # noqa: E402


def jal(rd, off):
    """the encoding of jal rd, off"""
    o = off & 0x1fffff
    return (((o >> 20) & 1) << 31 | ((o >> 1) & 0x3ff) << 21 | ((o >> 11) & 1) << 20 |
            ((o >> 12) & 0xff) << 12 | rd << 7 | 0x6f)


def jalr(rd, rs1, imm=0):
    return (imm & 0xfff) << 20 | rs1 << 15 | rd << 7 | 0x67


NOP32 = 0x00000013
CSRR_MCYCLE = 0xb0002473


class FakeElf:
    """the two methods of lpcores.Elf the reducer uses, on hand-placed code"""

    def __init__(self, code, symbols):
        self.path = "fake.elf"
        self.mem = {}
        for addr, items in code.items():
            for v, n in items:
                for k in range(n):
                    self.mem[addr + k] = (v >> (8 * k)) & 0xff
                addr += n
        self.syms = symbols
        self.segments = []
        for a in sorted(self.mem):
            if self.segments and self.segments[-1][0] + len(self.segments[-1][1]) == a:
                self.segments[-1][1].append(self.mem[a])
            else:
                self.segments.append([a, bytearray([self.mem[a]]), 0, 5])
        self.segments = [(a, bytes(b), len(b), fl) for a, b, _, fl in self.segments]

    def symbols(self):
        return [(n, v, sz, 2 if sz else 0, 1, 1) for n, v, sz in self.syms]

    def section(self, name):
        return None

    def read(self, addr, n):
        if all(addr + k in self.mem for k in range(n)):
            return bytes(self.mem[addr + k] for k in range(n))
        return None


class Decode(unittest.TestCase):
    def test_compressed_jumps(self):
        # llvm-objdump-19: 120060: a019  j 0x120066; 10017a: bfdd  j 0x100170; 100d2: 8082 ret
        self.assertEqual(lpcores.decode(0xa019, 0), (2, lpcores.K_JUMP, 6))
        self.assertEqual(lpcores.decode(0xbfdd, 0), (2, lpcores.K_JUMP, -10))
        self.assertEqual(lpcores.decode(0x8082, 0)[:2], (2, lpcores.K_RET))
        self.assertEqual(lpcores.decode(0x9602, 0)[:2], (2, lpcores.K_CALL))    # c.jalr a2
        self.assertEqual(lpcores.decode(0x8302, 0)[:2], (2, lpcores.K_JUMPREG))  # c.jr t1
        self.assertEqual(lpcores.decode(0x9002, 0)[:2], (2, lpcores.K_OTHER))    # c.ebreak
        self.assertEqual(lpcores.decode(0xc119, 0)[:2], (2, lpcores.K_BRANCH))   # c.beqz a0
        self.assertEqual(lpcores.decode(0x0001, 0)[:2], (2, lpcores.K_OTHER))    # c.nop

    def test_32bit(self):
        # 100154: eb0080e7 jalr -0x150(ra): a call
        self.assertEqual(lpcores.decode(0x80e7, 0xeb00)[:2], (4, lpcores.K_CALL))
        # 120012: fe0f9ae3 bnez t6: a branch
        self.assertEqual(lpcores.decode(0x9ae3, 0xfe0f)[:2], (4, lpcores.K_BRANCH))
        v = jal(0, -0x40)
        self.assertEqual(lpcores.decode(v & 0xffff, v >> 16), (4, lpcores.K_JUMP, -0x40))
        v = jal(1, 0x7fe)
        self.assertEqual(lpcores.decode(v & 0xffff, v >> 16), (4, lpcores.K_CALL, 0x7fe))
        v = jalr(0, 1)
        self.assertEqual(lpcores.decode(v & 0xffff, v >> 16)[:2], (4, lpcores.K_RET))
        v = jalr(0, 6)
        self.assertEqual(lpcores.decode(v & 0xffff, v >> 16)[:2], (4, lpcores.K_JUMPREG))
        self.assertEqual(lpcores.decode(NOP32 & 0xffff, NOP32 >> 16)[:2], (4, lpcores.K_OTHER))


class Reduce(unittest.TestCase):
    """main calls f (jal ra), g tail-calls f (j), h is reached from main by an indirect
    tail jump: stamps chosen by hand, every figure derived by hand below"""

    def setUp(self):
        code = {
            0x100100: [(CSRR_MCYCLE, 4), (0x00000097, 4), (jalr(1, 1), 4), (CSRR_MCYCLE, 4)],
            # main: 120000 addi; 120004 jal ra, f; 120008 c.nop; 12000a jal ra, g; 12000e ret (c.jr ra)
            0x120000: [(NOP32, 4), (jal(1, 0x100 - 4), 4), (0x0001, 2), (jal(1, 0x200 - 0xa), 4), (0x8082, 2)],
            # f: 120100 addi; 120104 ret
            0x120100: [(NOP32, 4), (0x8082, 2)],
            # g: 120200 c.nop; 120202 j f
            0x120200: [(0x0001, 2), (jal(0, 0x100 - 0x202), 4)],
        }
        syms = [("__lp_main_read", 0x100100, 0), ("__lp_main_return", 0x10010c, 0), ("main", 0x120000, 0x10),
                ("f", 0x120100, 6), ("g", 0x120200, 6)]
        self.elf = FakeElf(code, syms)
        self.trace = [
            (100, 0x100100), (101, 0x100104), (102, 0x100108),
            (104, 0x120000),                    # main: addi, 1
            (105, 0x120004),                    # jal f, 3
            (108, 0x120100), (109, 0x120104),   # f: addi 1, ret 2
            (111, 0x120008),                    # c.nop, 1
            (112, 0x12000a),                    # jal g, 4
            (116, 0x120200), (117, 0x120202),   # g: c.nop 1, j f 2
            (119, 0x120100), (120, 0x120104),   # f: addi 1, ret 3
            (123, 0x12000e),                    # main's ret, 2
            (125, 0x10010c), (126, 0x100110),   # __lp_main_return
        ]

    def run_trace(self):
        r = lpcores.Reducer(self.elf)
        lines = [b"%x %x\n" % (c, p) for c, p in self.trace]
        lpcores.reduce_stream(lines, r)
        return r

    def test_main_window(self):
        r = self.run_trace()
        self.assertEqual((r.main_start, r.main_end), (104, 125))
        self.assertEqual(r.main_instructions, 11)   # main 5, f 2 + 2, g 2
        self.assertEqual(r.read_stamp, 100)
        self.assertEqual(r.records, len(self.trace))

    def test_per_pc(self):
        r = self.run_trace()
        self.assertEqual(r.pcs, {0x120000: [1, 1], 0x120004: [1, 3], 0x120100: [2, 2], 0x120104: [2, 5],
                                 0x120008: [1, 1], 0x12000a: [1, 4], 0x120200: [1, 1], 0x120202: [1, 2],
                                 0x12000e: [1, 2]})
        self.assertEqual(sum(v[1] for v in r.pcs.values()), 125 - 104)

    def test_edges(self):
        r = self.run_trace()
        self.assertEqual(r.edges, {(0x120004, 0x120100): [1, 3], (0x120104, 0x120008): [1, 2],
                                   (0x12000a, 0x120200): [1, 4], (0x120202, 0x120100): [1, 2],
                                   (0x120104, 0x12000e): [1, 3], (0x12000e, 0x10010c): [1, 2]})

    def test_functions(self):
        r = self.run_trace()
        # f: 108..111 and, inside g's activation, 119..123; g (tail-calls f): 116..123
        self.assertEqual(r.inclusive, {"main": 21, "f": 3 + 4, "g": 7})
        self.assertEqual(r.calls, {"main": 1, "f": 2, "g": 1})
        # the tail call's site too: from f's entry to the return of g's frame
        self.assertEqual(r.sites, {(0x120004, "f"): [1, 3], (0x12000a, "g"): [1, 7], (0x120202, "f"): [1, 4]})

    def test_data(self):
        r = self.run_trace()
        trailer = {"kind": "main", "status": 0, "mcycle": [1000, 1000 + 21 + 4], "minstret": [50, 50 + 11 + 5]}
        orig = lpcores.Elf
        lpcores.Elf = lambda path: self.elf
        orig_code = lpcores.code_lengths
        lpcores.code_lengths = lambda elf: []
        orig_sha = lpcores.sha256_file
        lpcores.sha256_file = lambda p: "0"
        try:
            d = lpcores.make_data("ibex-small", "t", "micro", ["t"], r, trailer, "out", "x.elf", None, "/nonexistent")
        finally:
            lpcores.Elf, lpcores.code_lengths, lpcores.sha256_file = orig, orig_code, orig_sha
        self.assertEqual(d["main"]["cycles"], 21)
        self.assertEqual(d["main"]["call_cycles"], 4)
        self.assertEqual(d["main"]["counter_offset"], [0, 5])
        fs = {f[0]: f[1:] for f in d["functions"]}
        self.assertEqual(fs["main"], [1, 1 + 3 + 1 + 4 + 2, 21, 5])
        self.assertEqual(fs["f"], [2, 7, 7, 4])
        self.assertEqual(fs["g"], [1, 3, 7, 2])
        with tempfile.TemporaryDirectory() as t:
            for name in ("d.json", "d.json.gz"):
                p = os.path.join(t, name)
                lpcores.write_data(p, d)
                self.assertEqual(lpcores.read_data(p), d)
            p = os.path.join(t, "bad.json")
            with open(p, "w") as f:
                f.write("{}")
            with self.assertRaises(lpcores.Error):
                lpcores.read_data(p)

    def test_no_return(self):
        r = lpcores.Reducer(self.elf)
        lpcores.reduce_stream([b"%x %x\n" % (c, p) for c, p in self.trace[:8]], r)
        with self.assertRaises(lpcores.Error) as e:
            lpcores.make_data("ibex-small", "t", "micro", ["t"], r, {"kind": "main", "status": 0,
                                                                       "mcycle": [0, 0], "minstret": [0, 0]},
                              "", "x.elf", None, "/nonexistent")
        self.assertIn("no return from main", str(e.exception))


    def test_c_reduction(self):
        """lp-trace-reduce (LPCORES_REDUCE, set by ctest) gives the Python's results"""
        tool = os.environ.get("LPCORES_REDUCE")
        if not tool or tool == "python":
            self.skipTest("LPCORES_REDUCE names no lp-trace-reduce")
        traces = [self.trace, self.trace[:8], self.trace[:3] + [(103, 0x120000)] + self.trace[3:]]
        for trace in traces:
            lines = ["%x %x%s\n" % (s, p, " t" if k == 2 else "") for k, (s, p) in enumerate(trace)]
            py = lpcores.Reducer(self.elf)
            lpcores.reduce_stream([x.encode() for x in lines], py)
            self.assertEqual(py.traps, [trace[2]])
            c = lpcores.Reducer(self.elf)
            with tempfile.TemporaryDirectory() as t:
                info, tr, out = (os.path.join(t, n) for n in ("info", "trace", "out"))
                names = lpcores.write_reduce_info(c, info)
                with open(tr, "w") as f:
                    f.write("".join(lines))
                subprocess.run([tool, info, tr, out], check=True)
                lpcores.load_reduce_output(c, out, names)
            for a in ("pcs", "edges", "sites", "calls", "inclusive", "traps", "main_start", "main_end",
                      "main_instructions", "read_stamp", "records", "first_stamp", "last_stamp", "main_done"):
                self.assertEqual(getattr(py, a), getattr(c, a), a)


class Output(unittest.TestCase):
    def test_trailers(self):
        out, t = lpcores.parse_output("hello\n\x02LPNEST main 00000001 0000000a 00000014 00000002 00000009\n")
        self.assertEqual(out, "hello\n")
        self.assertEqual(t, {"kind": "main", "status": 1, "mcycle": [10, 20], "minstret": [2, 9]})
        out, t = lpcores.parse_output("x\x02LPNEST main ffffffff 0 1 2 3\n")
        self.assertEqual((out, t["status"]), ("x", -1))
        self.assertEqual(lpcores.parse_output("\x02LPNEST trap 00000002 00120000 00000000\n")[1],
                         {"kind": "trap", "mcause": 2, "mepc": 0x120000, "mtval": 0})
        self.assertEqual(lpcores.parse_output("\x02LPNEST exit 00000003\n")[1], {"kind": "exit", "status": 3})
        self.assertEqual(lpcores.parse_output("no trailer"), ("no trailer", None))

    def test_ghdl_reports(self):
        """GHDL's reports on NEORV32's stdout are not the program's output"""
        self.assertTrue(lpcores.GHDL_REPORT.match(
            "/x/rtl/core/neorv32_top.vhd:455:5:@0ms:(assertion note): [NEORV32] BOOT_MODE_SELECT 1\n"))
        self.assertTrue(lpcores.GHDL_REPORT.match("simulation finished @84135ns with status 0\n"))
        self.assertFalse(lpcores.GHDL_REPORT.match("crc32: 4096 bytes crc32=a5dfe6f1\n"))
        self.assertFalse(lpcores.GHDL_REPORT.match("a:1:2:@x: not a report\n"))


if __name__ == "__main__":
    unittest.main()
