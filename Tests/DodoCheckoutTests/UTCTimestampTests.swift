import Testing

@testable import DodoCheckout

@Suite struct UTCTimestampTests {
  @Test(
    "Unix seconds read as gmtime (and Python's datetime) reads them",
    arguments: [
      (Int64(0), "1970-01-01T00:00:00Z"),
      (951_782_400, "2000-02-29T00:00:00Z"),
      (1_614_265_330, "2021-02-25T15:02:10Z"),
      (1_796_069_200, "2026-11-30T20:06:40Z"),
      (-1, "1969-12-31T23:59:59Z"),
      (-62_135_596_800, "0001-01-01T00:00:00Z"),
    ])
  func iso8601(seconds: Int64, text: String) {
    #expect(UTCTimestamp.iso8601(seconds) == text)
  }
}
