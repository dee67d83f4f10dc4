#include <stdint.h>
#include "bench.h"
int main(int argc, char **argv){
  long n = bench_arg(argc, argv, 10);
  uint64_t x = 1; double d = 1.5;
  for (long i = 0; i < n; i++) { x = x * 6364136223846793005ULL + 1442695040888963407ULL; d = d * 1.25 + 0.5; }
  printf("hello %ld %llu %08lx|%-6s|%5d|%-5d|%05d|%c|%%|%p|%.3s|%zu|%X\n", n, (unsigned long long)(x % 1000000007ULL), (unsigned long)(x>>40), "ab", -42, 42, -42, 'z', (void*)0, "abcdef", (size_t)17, 0xBEEFu);
  printf("%ld %lld\n", (long)(d*100), (long long)(x/ (uint64_t)(n+3)));
  return n == 7 ? 1 : 0;
}
