/* compiler.h — the inlining macros of the internal headers; not part of the API. */
#ifndef SPRUNG_COMPILER_H
#define SPRUNG_COMPILER_H

/* For the few helpers that batch loops must inline to vectorise (compilers may decline
 * large static inline functions otherwise). */
#if defined(__GNUC__) || defined(__clang__)
#define SP__ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define SP__ALWAYS_INLINE static inline
#endif

/* For the step helpers of the critical family: inlined wherever the file is built for speed (a
 * batch loop vectorises only around an inlined step, and a call returning the coefficients
 * through memory cost a third of a single spring's step), left to the compiler where it is built
 * for size (-Oz: the everyday module, the cold files). */
#if defined(__OPTIMIZE_SIZE__)
#define SP__HOT_INLINE static inline
#else
#define SP__HOT_INLINE SP__ALWAYS_INLINE
#endif

#endif
