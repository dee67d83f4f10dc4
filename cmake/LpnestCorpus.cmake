# LpnestCorpus.cmake — builds C programs for lpnest's four targets: for each program and
# target, the bitcode lpnest reads (<target>/<name>.bc, plus a .ll listing) and an
# executable linked FROM THAT SAME BITCODE (<target>/<name>.elf) with the bare runtime of
# benchmarks/runtime/, so the machine code is exactly what lpnest lowers.
#
#   lpnest_corpus_setup()                  finds the toolchains, builds the runtimes
#   lpnest_corpus_program(NAME SOURCE)     adds one program for every available target
#
# Every program is recorded in the global property LPNEST_CORPUS as
# "<target>|<name>|<bc>|<elf>[|noref]" entries for tests to iterate over ("noref": the
# folder set LPNEST_CORPUS_NO_REF_TEST, tests/e2e adds no separate reference test).
#
# A program of benchmarks/corpus, foreign or embedded built for riscv32 is also built as
# bitcode of the flavours of the RISC-V cores whose RTL references are in benchmarks/cores:
# rv32imc/<name>.bc (-march=rv32imc -mno-relax: Ibex, CV32E40P) and rv32i/<name>.bc
# (-march=rv32i -mno-relax: SERV); they have no ELF here (the ELF is per core, linked by
# benchmarks/cores/run).

set(LPNEST_AVR_MCU atmega2560 CACHE STRING "AVR MCU of the corpus (simavr and clang name)")
set(LPNEST_CORPUS_CFLAGS -O2 -g -std=c11 -Wall -Wextra -nostdlibinc CACHE STRING
    "clang flags for corpus bitcode (the target flags are added per target)")

set(_lpc_flags_x86-64 --target=x86_64-pc-linux-gnu)
set(_lpc_flags_riscv32 --target=riscv32-unknown-elf -march=rv32im -mabi=ilp32)
set(_lpc_flags_ppc --target=powerpc-unknown-eabi -mcpu=ppc -msoft-float)
# DWARF 4: avr-gcc 5.4's ld cannot read the DWARF 5 clang 19 writes by default
set(_lpc_flags_avr --target=avr -mmcu=${LPNEST_AVR_MCU} -gdwarf-4)
# benchmarks/cores (Ibex, CV32E40P; SERV): compressed code (rv32i: none), no relaxation
set(_lpc_flags_rv32imc --target=riscv32-unknown-elf -march=rv32imc -mabi=ilp32 -mno-relax)
set(_lpc_flags_rv32i --target=riscv32-unknown-elf -march=rv32i -mabi=ilp32 -mno-relax)

# Compiles one runtime source for TARGET into an object; appends it to OUTVAR.
function(_lpc_runtime_obj TGT SRC OUTVAR)
  get_filename_component(_n ${SRC} NAME_WE)
  set(_o ${CMAKE_CURRENT_BINARY_DIR}/${TGT}/runtime/${_n}.o)
  set(_rt ${LPNEST_SOURCE_DIR}/benchmarks/runtime)
  if(TGT STREQUAL "avr")
    # avr-gcc, not clang: clang 19 reads stack-passed arguments one byte off on devices
    # with a 3-byte PC (ATmega2560), which breaks a clang-built printf.
    set(_cmd ${LPNEST_AVR_GCC} -mmcu=${LPNEST_AVR_MCU} -O2 -std=c11 -fno-builtin -Wall -Wextra)
  else()
    set(_cmd ${LPNEST_CLANG} ${_lpc_flags_${TGT}} -O2 -fno-builtin -Wall -Wextra)
  endif()
  add_custom_command(OUTPUT ${_o}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/${TGT}/runtime
    COMMAND ${_cmd} -I${_rt} -c ${_rt}/${SRC} -o ${_o}
    DEPENDS ${_rt}/${SRC} ${_rt}/rt.h ${_rt}/softfp.h
    COMMENT "runtime ${TGT}: ${SRC}" VERBATIM)
  set(${OUTVAR} ${${OUTVAR}} ${_o} PARENT_SCOPE)
endfunction()

function(lpnest_corpus_setup)
  find_program(LPNEST_LLD NAMES ld.lld-19 ld.lld HINTS ${LLVM_TOOLS_BINARY_DIR})
  find_program(LPNEST_LLVM_DIS NAMES llvm-dis-19 llvm-dis HINTS ${LLVM_TOOLS_BINARY_DIR})
  find_program(LPNEST_AVR_GCC avr-gcc)
  file(GLOB _rv_libgcc /usr/lib/gcc/riscv64-unknown-elf/*/rv32im/ilp32/libgcc.a)
  file(GLOB _ppc_libgcc /usr/lib/gcc-cross/powerpc-linux-gnu/*/libgcc.a)
  set(_targets x86-64)
  if(LPNEST_LLD AND _rv_libgcc)
    list(GET _rv_libgcc 0 _rv_libgcc)
    list(APPEND _targets riscv32)
  else()
    lpnest_missing("corpus: no ld.lld-19 or rv32im libgcc.a (gcc-riscv64-unknown-elf): riscv32 skipped")
  endif()
  if(LPNEST_LLD AND _ppc_libgcc)
    list(GET _ppc_libgcc 0 _ppc_libgcc)
    list(APPEND _targets ppc)
  else()
    lpnest_missing("corpus: no ld.lld-19 or powerpc libgcc.a (libgcc-12-dev-powerpc-cross): ppc skipped")
  endif()
  if(LPNEST_AVR_GCC)
    list(APPEND _targets avr)
  else()
    lpnest_missing("corpus: no avr-gcc (gcc-avr, avr-libc): avr skipped")
  endif()
  set(LPNEST_CORPUS_TARGETS ${_targets} CACHE INTERNAL "")
  set(LPNEST_RV_LIBGCC ${_rv_libgcc} CACHE INTERNAL "")
  set(LPNEST_PPC_LIBGCC ${_ppc_libgcc} CACHE INTERNAL "")

  set(_rt_riscv32 "")
  _lpc_runtime_obj(riscv32 start_riscv32.S _rt_riscv32)
  foreach(_s rt_libc.c rt_linux.c rt_math.c rt_int128.c)
    _lpc_runtime_obj(riscv32 ${_s} _rt_riscv32)
  endforeach()
  set(_rt_ppc "")
  _lpc_runtime_obj(ppc start_ppc.S _rt_ppc)
  foreach(_s rt_libc.c rt_linux.c rt_math.c softfp.c rt_int128.c int128_ppc.S)
    _lpc_runtime_obj(ppc ${_s} _rt_ppc)
  endforeach()
  set(_rt_avr "")
  foreach(_s rt_libc.c rt_avr.c)
    _lpc_runtime_obj(avr ${_s} _rt_avr)
  endforeach()
  set(LPNEST_RT_riscv32 ${_rt_riscv32} CACHE INTERNAL "")
  set(LPNEST_RT_ppc ${_rt_ppc} CACHE INTERNAL "")
  set(LPNEST_RT_avr ${_rt_avr} CACHE INTERNAL "")
  add_custom_target(corpus ALL)
endfunction()

# lpnest_corpus_program(NAME SOURCE [INCLUDES dir...])
# A folder may shadow LPNEST_CORPUS_TARGETS (the targets), LPNEST_CORPUS_X86_LIBS (extra
# libraries of the native link) and LPNEST_CORPUS_NO_REF_TEST with normal variables.
function(lpnest_corpus_program NAME SOURCE)
  get_filename_component(_src ${SOURCE} ABSOLUTE)
  set(_bench_h ${CMAKE_CURRENT_SOURCE_DIR}/bench.h)
  if(NOT EXISTS ${_bench_h})
    set(_bench_h ${LPNEST_SOURCE_DIR}/benchmarks/corpus/bench.h)
  endif()
  set(_outs "")
  foreach(_t ${LPNEST_CORPUS_TARGETS})
    set(_d ${CMAKE_CURRENT_BINARY_DIR}/${_t})
    set(_bc ${_d}/${NAME}.bc)
    set(_ll ${_d}/${NAME}.ll)
    set(_obj ${_d}/${NAME}.o)
    set(_elf ${_d}/${NAME}.elf)
    add_custom_command(OUTPUT ${_bc}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${_d}
      COMMAND ${LPNEST_CLANG} ${_lpc_flags_${_t}} ${LPNEST_CORPUS_CFLAGS}
              -I${CMAKE_CURRENT_SOURCE_DIR} -I${LPNEST_SOURCE_DIR}/benchmarks/corpus
              -emit-llvm -c ${_src} -o ${_bc}
      DEPENDS ${_src} ${_bench_h}
      COMMENT "corpus ${_t}: ${NAME}.bc" VERBATIM)
    add_custom_command(OUTPUT ${_ll}
      COMMAND ${LPNEST_LLVM_DIS} ${_bc} -o ${_ll}
      DEPENDS ${_bc} VERBATIM)
    # The executable comes from the bitcode above, never from the C source again,
    # and only through code generation: `clang -O2 -c x.bc` alone would run the
    # -O2 middle-end a second time and execute a different program than the IR
    # lpnest counts (a normal `clang -O2 -c x.c` optimises once).
    add_custom_command(OUTPUT ${_obj}
      COMMAND ${LPNEST_CLANG} ${_lpc_flags_${_t}} -O2 -Xclang -disable-llvm-passes -c ${_bc} -o ${_obj}
      DEPENDS ${_bc} VERBATIM)
    if(_t STREQUAL "x86-64")
      set(_link ${LPNEST_CLANG} ${_lpc_flags_${_t}} ${_obj} -o ${_elf} -lm ${LPNEST_CORPUS_X86_LIBS})
    elseif(_t STREQUAL "riscv32")
      set(_link ${LPNEST_LLD} -static -e _start ${LPNEST_RT_riscv32} ${_obj}
                ${LPNEST_RV_LIBGCC} -o ${_elf})
    elseif(_t STREQUAL "ppc")
      set(_link ${LPNEST_LLD} -static -e _start ${LPNEST_RT_ppc} ${_obj}
                ${LPNEST_PPC_LIBGCC} -o ${_elf})
    else()
      set(_link ${LPNEST_AVR_GCC} -mmcu=${LPNEST_AVR_MCU} -Wl,--wrap=main ${_obj}
                ${LPNEST_RT_avr} -lm -o ${_elf})
    endif()
    add_custom_command(OUTPUT ${_elf}
      COMMAND ${_link}
      DEPENDS ${_obj} ${LPNEST_RT_${_t}} VERBATIM)
    list(APPEND _outs ${_bc} ${_ll} ${_elf})
    if(LPNEST_CORPUS_NO_REF_TEST)
      set_property(GLOBAL APPEND PROPERTY LPNEST_CORPUS "${_t}|${NAME}|${_bc}|${_elf}|noref")
    else()
      set_property(GLOBAL APPEND PROPERTY LPNEST_CORPUS "${_t}|${NAME}|${_bc}|${_elf}")
    endif()
  endforeach()
  get_filename_component(_folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  if("riscv32" IN_LIST LPNEST_CORPUS_TARGETS AND _folder MATCHES "^(corpus|foreign|embedded)$")
    foreach(_f rv32imc rv32i)
      set(_d ${CMAKE_CURRENT_BINARY_DIR}/${_f})
      set(_bc ${_d}/${NAME}.bc)
      add_custom_command(OUTPUT ${_bc}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${_d}
        COMMAND ${LPNEST_CLANG} ${_lpc_flags_${_f}} ${LPNEST_CORPUS_CFLAGS}
                -I${CMAKE_CURRENT_SOURCE_DIR} -I${LPNEST_SOURCE_DIR}/benchmarks/corpus
                -emit-llvm -c ${_src} -o ${_bc}
        DEPENDS ${_src} ${_bench_h}
        COMMENT "corpus ${_f}: ${NAME}.bc" VERBATIM)
      list(APPEND _outs ${_bc})
    endforeach()
  endif()
  add_custom_target(corpus-${NAME} DEPENDS ${_outs})
  add_dependencies(corpus corpus-${NAME})
endfunction()
