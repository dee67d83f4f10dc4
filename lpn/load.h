/* load.h — state shared by the two halves of the YAML loader: load.c
 * (document, parameters, types, places, tokens) and load_trans.c
 * (transitions, edges, capacity places, expressions). Internal. */
#ifndef LPNEST_LPN_LOAD_H
#define LPNEST_LPN_LOAD_H

#include "lpn_impl.h"
#include "yamltree.h"

/* One edge as written: in a transition's in:/out: list or in edges:. */
struct lpn_espec {
    int place;
    const struct sup_ynode *node;   /* the map with its options, or the scalar/pair */
    bool is_map;                    /* node is a mapping with options */
};

struct lpn_tspec {
    const struct sup_ynode *node;   /* the transition's mapping */
    struct lpn_espec *in, *out;
    int nin, nout, capin, capout;
};

struct lpn_loader {
    struct lpn_model *m;
    struct sup_ydoc *doc;
    const struct sup_ynode *root;
    const struct lpn_param *ov;
    size_t nov;
    struct lpn_tspec *ts;           /* one per declared transition */
    int nts;                        /* entries allocated in ts */
    int ndeclared_places;           /* places before generated capacity places */
};

/* Checks that NODE is a scalar usable as a name; reports and returns NULL if not. */
const char *lpn__load_ident(struct lpn_loader *L, const struct sup_ynode *node, const char *what);
/* Declares NAME (a string owned by the model) found at NODE; reports a clash. */
bool lpn__load_declare(struct lpn_loader *L, const struct sup_ynode *node, const char *name, int kind, int idx);
/* Looks up a place by the scalar NODE; reports "unknown place" etc. and returns -1. */
int lpn__load_place_ref(struct lpn_loader *L, const struct sup_ynode *node, const char *what);

/* load_trans.c: declares transitions (names), collects every edge, adds the
 * capacity places and their edges, then compiles every expression. */
void lpn__load_trans_declare(struct lpn_loader *L);
void lpn__load_edges(struct lpn_loader *L);
void lpn__load_capacity(struct lpn_loader *L);
void lpn__load_trans_compile(struct lpn_loader *L);
void lpn__load_finish_trans(struct lpn_loader *L);
void lpn__load_free_specs(struct lpn_loader *L);

#endif
