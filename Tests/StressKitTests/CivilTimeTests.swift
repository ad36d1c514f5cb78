import Foundation
import Testing

@testable import FoundationSubjects

/// The arithmetic the formatter and calendar subjects' expected values rest on.
@Suite struct CivilTimeTests {
  @Test(arguments: [
    (0, 0, "1970-01-01 00:00:00"),
    (951_782_400, 0, "2000-02-29 00:00:00"),
    (1_700_000_123, 0, "2023-11-14 22:15:23"),
    (1_700_000_123, 19_800, "2023-11-15 03:45:23"),
    (3_999_999_999, 0, "2096-10-02 07:06:39"),
    (-1, 0, "1969-12-31 23:59:59"),
  ])
  func knownInstants(seconds: Int, offset: Int, expected: String) {
    #expect(CivilTime(epochSeconds: seconds, offset: offset).description == expected)
  }

  /// Compiles only if `T` is Sendable: the `date-formatstyle` expectation rests on it.
  func requireSendable<T: Sendable>(_: T.Type) {}

  @Test func theFormatStyleBaselineIsSendableAndPromisesNeverToFail() {
    requireSendable(Date.ISO8601FormatStyle.self)
    #expect(SharedReadOnlySubject<DateFormatStyleSubject>.info.sendable == true)
    #expect(SharedReadOnlySubject<DateFormatStyleSubject>.info.expectations.count == 1)
  }
}
