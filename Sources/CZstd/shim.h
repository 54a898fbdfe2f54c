#ifndef WORKBENCH_CZSTD_SHIM_H
#define WORKBENCH_CZSTD_SHIM_H
// libzstd: zstd-compressed trace files (`.zst`), read through its streaming decompressor.
#include <zstd.h>
#endif
