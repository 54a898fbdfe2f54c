#ifndef WORKBENCH_CCAIRO_SHIM_H
#define WORKBENCH_CCAIRO_SHIM_H
#include <cairo.h>
#endif
