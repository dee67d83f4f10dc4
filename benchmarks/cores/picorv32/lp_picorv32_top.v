// lp_picorv32_top.v -- wrapper of ours around PicoRV32 (YosysHQ/picorv32's picorv32.v, not
// modified) for lpnest's RTL reference: the native memory interface and the look-ahead
// signals go out to the C++ testbench (lp_picorv32_tb.cpp), and two observation ports read
// the core's own launch of an instruction (launch_next_insn, next_pc) for the per-PC trace.
// The parameters default to the configuration isa/picorv32.yaml models; -G overrides them.
module lp_picorv32_top #(
	parameter [0:0] ENABLE_COUNTERS = 1,
	parameter [0:0] ENABLE_COUNTERS64 = 1,
	parameter [0:0] ENABLE_REGS_DUALPORT = 1,
	parameter [0:0] LATCHED_MEM_RDATA = 0,
	parameter [0:0] TWO_STAGE_SHIFT = 1,
	parameter [0:0] BARREL_SHIFTER = 1,
	parameter [0:0] TWO_CYCLE_COMPARE = 0,
	parameter [0:0] TWO_CYCLE_ALU = 0,
	parameter [0:0] COMPRESSED_ISA = 0,
	parameter [0:0] CATCH_MISALIGN = 1,
	parameter [0:0] CATCH_ILLINSN = 1,
	parameter [0:0] ENABLE_MUL = 1,
	parameter [0:0] ENABLE_FAST_MUL = 0,
	parameter [0:0] ENABLE_DIV = 1,
	parameter [31:0] PROGADDR_RESET = 32'h0010_0080
) (
	input clk, input resetn, output trap,
	output mem_valid, output mem_instr, input mem_ready,
	output [31:0] mem_addr, output [31:0] mem_wdata, output [3:0] mem_wstrb, input [31:0] mem_rdata,
	output mem_la_read, output mem_la_write, output [31:0] mem_la_addr,
	output [31:0] mem_la_wdata, output [3:0] mem_la_wstrb,
	output lp_launch, output [31:0] lp_pc, output [31:0] lp_insn_addr
);
	picorv32 #(
		.ENABLE_COUNTERS(ENABLE_COUNTERS), .ENABLE_COUNTERS64(ENABLE_COUNTERS64),
		.ENABLE_REGS_DUALPORT(ENABLE_REGS_DUALPORT), .LATCHED_MEM_RDATA(LATCHED_MEM_RDATA),
		.TWO_STAGE_SHIFT(TWO_STAGE_SHIFT), .BARREL_SHIFTER(BARREL_SHIFTER),
		.TWO_CYCLE_COMPARE(TWO_CYCLE_COMPARE), .TWO_CYCLE_ALU(TWO_CYCLE_ALU),
		.COMPRESSED_ISA(COMPRESSED_ISA), .CATCH_MISALIGN(CATCH_MISALIGN), .CATCH_ILLINSN(CATCH_ILLINSN),
		.ENABLE_PCPI(0), .ENABLE_MUL(ENABLE_MUL), .ENABLE_FAST_MUL(ENABLE_FAST_MUL), .ENABLE_DIV(ENABLE_DIV),
		.ENABLE_IRQ(0), .ENABLE_TRACE(0), .PROGADDR_RESET(PROGADDR_RESET), .STACKADDR(32'h001f_f000)
	) uut (
		.clk(clk), .resetn(resetn), .trap(trap),
		.mem_valid(mem_valid), .mem_instr(mem_instr), .mem_ready(mem_ready), .mem_addr(mem_addr),
		.mem_wdata(mem_wdata), .mem_wstrb(mem_wstrb), .mem_rdata(mem_rdata),
		.mem_la_read(mem_la_read), .mem_la_write(mem_la_write), .mem_la_addr(mem_la_addr),
		.mem_la_wdata(mem_la_wdata), .mem_la_wstrb(mem_la_wstrb),
		.pcpi_wr(1'b0), .pcpi_rd(32'b0), .pcpi_wait(1'b0), .pcpi_ready(1'b0),
		.irq(32'b0), .eoi(), .trace_valid(), .trace_data(),
		.pcpi_valid(), .pcpi_insn(), .pcpi_rs1(), .pcpi_rs2()
	);
	assign lp_launch = uut.launch_next_insn;
	assign lp_pc = uut.next_pc;
	assign lp_insn_addr = uut.dbg_insn_addr;
endmodule
