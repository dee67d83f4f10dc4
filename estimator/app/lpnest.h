/* lpnest.h — the one header an application includes to describe, in C, the
 * tokens an offloaded call gives an accelerator's LPN (the paper's Psi).
 *
 * A system file (`lpnest --accel system.yaml`) may name a token function for
 * an offload: a function of the application with the same parameters as the
 * offloaded function. At every offloaded call, lpnest calls it with the
 * call's arguments (at no cost to the host's cycles) and every lpnest_token
 * it makes becomes one input token of the accelerator's LPN, in order.
 *
 *     static void decode_tokens(const uint8_t *jpg, size_t len, uint8_t *rgb) {
 *         ... for each 8x8 block b:
 *         LPNEST_TOKEN("start", {"symbols", symbols_of(b)});
 *     }
 *
 * Outside lpnest (a native or qemu build) link lpnest_native.c, which writes
 * the same tokens as `lpn sim --input` JSONL to the file named by the
 * environment variable LPNEST_TOKENS (or does nothing without it). */
#ifndef LPNEST_APP_H
#define LPNEST_APP_H

/* One property of a token: its name in the LPN's place type, and its value. */
struct lpnest_prop {
    const char *name;
    long long value;
};

/* Emits one token into PLACE (a place name of the accelerator's model, or
 * NULL/"" for its start place) with NPROPS properties. Every property of the
 * place's type must be given, and nothing else (checked by lpnest, which
 * stops with the call site's location otherwise). */
void lpnest_token(const char *place, const struct lpnest_prop *props, unsigned nprops);

/* LPNEST_TOKEN("start", {"symbols", 37}, {"q", 2}); */
#define LPNEST_TOKEN(place, ...)                                                   \
    do {                                                                           \
        const struct lpnest_prop lpnest_props_[] = {__VA_ARGS__};                  \
        lpnest_token((place), lpnest_props_,                                       \
                     (unsigned)(sizeof lpnest_props_ / sizeof lpnest_props_[0]));  \
    } while (0)

#endif
