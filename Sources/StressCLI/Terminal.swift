/// Text the user typed, made safe to echo: control characters (an escape sequence in an id)
/// are shown as `\u{1B}` instead of being sent to the terminal.
enum Terminal {
  static func safe(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
