import Foundation
import StressKit
import Testing

/// `stress list --lists`: the Summary's entries, as text and as the documented JSON.
@Suite struct ListsCommandTests {
  @Test func listsPrintsEveryEntryAsTextAndJSON() throws {
    let text = runInProcess(["list", "--lists"])
    #expect(text.code == .success)
    #expect(text.out.hasPrefix("THE THREAD SAFETY SUMMARY'S LISTS"))
    #expect(text.out.contains("75 entries"))
    #expect(text.out.contains("User name and home directory functions"))
    let json = runInProcess(["list", "--lists", "--format", "json"])
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let lists = try #require(doc["lists"] as? [[String: Any]])
    #expect(lists.count == 75)
    #expect(
      lists.allSatisfy {
        Set($0.keys).subtracting(["note"]) == ["name", "documented", "linux", "subjects"]
      })
    // Present on Linux, not stressed: the entry says why.
    let port = try #require(lists.first { $0["name"] as? String == "NSPort" })
    #expect((port["subjects"] as? [String])?.isEmpty == true)
    #expect((port["note"] as? String)?.hasPrefix("no subject: Port is abstract") == true)
    #expect(text.out.contains("\nNOTES\n  NSPort: no subject: "))
    let manager = try #require(lists.first { $0["name"] as? String == "NSFileManager" })
    #expect(manager["documented"] as? String == "safe")
    #expect(manager["linux"] as? String == "FileManager")
    let proxy = try #require(lists.first { $0["name"] as? String == "NSProxy" })
    #expect(proxy["linux"] is NSNull)
    let calendar = try #require(lists.first { $0["name"] as? String == "NSCalendar" })
    #expect(calendar["documented"] as? String == "unsafe")
    #expect(calendar["subjects"] as? [String] == ["nscalendar", "nscalendar-mutating"])
  }
}
