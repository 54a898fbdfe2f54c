#ifndef WORKBENCH_CJEMALLOC_SHIM_H
#define WORKBENCH_CJEMALLOC_SHIM_H
#include <jemalloc/jemalloc.h>
#endif
