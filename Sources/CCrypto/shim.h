// OpenSSL 3's libcrypto (Debian: libssl-dev; macOS: Homebrew's openssl@3): private keys read from PEM, SHA-256
// signatures with EC P-256 (ES256) and RSA (RS256), and the ECDSA signature's DER form taken apart.
#include <openssl/bn.h>
#include <openssl/bio.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
