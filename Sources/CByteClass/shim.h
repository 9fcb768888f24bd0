// Sixteen bytes classified at once, one bit per byte (bit i for p[i]): the vector compare and
// `pmovmskb` that Swift's SIMD types cannot express (they have no movemask), for DodoBytes's
// block scans. SSE2 on x86-64, which every x86-64 has; the portable loop elsewhere, which
// the tests also hold the SSE2 functions to. Each reads exactly the 16 bytes at p.
#include <stdint.h>

static inline uint32_t dodo_equal16_portable(const uint8_t *p, uint8_t c) {
  uint32_t bits = 0;
  for (int i = 0; i < 16; i++) bits |= (uint32_t)(p[i] == c) << i;
  return bits;
}

static inline uint32_t dodo_outside16_portable(const uint8_t *p, uint8_t low, uint8_t high) {
  uint32_t bits = 0;
  for (int i = 0; i < 16; i++) bits |= (uint32_t)(p[i] < low || p[i] > high) << i;
  return bits;
}

#if defined(__SSE2__)
#include <emmintrin.h>

// The bytes equal to c.
static inline uint32_t dodo_equal16(const uint8_t *p, uint8_t c) {
  __m128i v = _mm_loadu_si128((const __m128i *)p);
  return (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)c)));
}

// The bytes below low or above high: unsigned, as max(v, low) == v is v >= low.
static inline uint32_t dodo_outside16(const uint8_t *p, uint8_t low, uint8_t high) {
  __m128i v = _mm_loadu_si128((const __m128i *)p);
  __m128i atLeastLow = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8((char)low)), v);
  __m128i atMostHigh = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8((char)high)), v);
  return (uint32_t)_mm_movemask_epi8(_mm_and_si128(atLeastLow, atMostHigh)) ^ 0xFFFFu;
}
#else
static inline uint32_t dodo_equal16(const uint8_t *p, uint8_t c) { return dodo_equal16_portable(p, c); }

static inline uint32_t dodo_outside16(const uint8_t *p, uint8_t low, uint8_t high) {
  return dodo_outside16_portable(p, low, high);
}
#endif
