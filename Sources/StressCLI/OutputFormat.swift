/// How a command prints its result on stdout: `--format`.
enum OutputFormat: String {
  case text
  case markdown
  case json
}
