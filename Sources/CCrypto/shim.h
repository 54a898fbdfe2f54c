#ifndef WORKBENCH_CCRYPTO_SHIM_H
#define WORKBENCH_CCRYPTO_SHIM_H
// The system's libcrypto (OpenSSL): SHA-256 of a study's files, through the EVP digest interface.
#include <openssl/evp.h>
#endif
