import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// Words filled into lines of at most a given width (a longer word gets a line of its own):
/// help text and the summary's notes.
package enum TextWrap {
  package static func lines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines
  }

  /// `text` filled to 100 columns, each line after `indent`.
  package static func paragraph(_ text: String, indent: String) -> String {
    lines(text, width: 100 - indent.count).map { indent + $0 + "\n" }.joined()
  }
}
