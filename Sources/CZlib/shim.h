#ifndef WORKBENCH_CZLIB_SHIM_H
#define WORKBENCH_CZLIB_SHIM_H
// zlib: gzip-compressed trace files (`.gz`), read through gzread.
#include <zlib.h>
#endif
