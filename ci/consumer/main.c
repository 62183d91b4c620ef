/* Install smoke test (ci/test.sh): built against the installed header and library, once through
 * find_package and once through pkg-config. It needs no OpenCL device. */
#include <cltranspose.h>

#include <stdio.h>
#include <string.h>

int main(void) {
  const char *ok = clt_status_string(CLT_SUCCESS);
  const char *bad = clt_status_string(CLT_INVALID_VALUE);
  if (ok == NULL || bad == NULL || strcmp(bad, "CLT_INVALID_VALUE") != 0) {
    fprintf(stderr, "consumer: unexpected clt_status_string results\n");
    return 1;
  }
  printf("consumer: cltranspose %d.%d.%d linked, CLT_SUCCESS -> %s\n", CLT_VERSION_MAJOR, CLT_VERSION_MINOR,
         CLT_VERSION_PATCH, ok);
  return 0;
}
