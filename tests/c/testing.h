/* testing.h — a minimal test harness for the native C tests: named checks with
 * tolerances, a failure report with the values, and a closing "N passed, N failed" line (inline:
 * a test uses the checks it needs). */
#ifndef SPRUNG_TESTING_H
#define SPRUNG_TESTING_H

#include <math.h>
#include <stdio.h>

static int testing_passed, testing_failed;

/* |got − want| ≤ tol·max(1, |want|): absolute near zero, relative for large values. */
static inline int check_near(const char *what, double got, double want, double tol)
{
    double scale = fabs(want) > 1.0 ? fabs(want) : 1.0;
    int ok = fabs(got - want) <= tol * scale || (got == want);
    if (ok)
        testing_passed++;
    else {
        testing_failed++;
        printf("FAIL %s: got %.9g, want %.9g (tol %.3g)\n", what, got, want, tol);
    }
    return ok;
}

static inline int check_true(const char *what, int cond)
{
    if (cond)
        testing_passed++;
    else {
        testing_failed++;
        printf("FAIL %s\n", what);
    }
    return cond;
}

static inline int testing_finish(const char *suite)
{
    printf("%s: %d passed, %d failed\n", suite, testing_passed, testing_failed);
    return testing_failed != 0;
}

#endif
