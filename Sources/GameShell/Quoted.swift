import Imaging

/// Text a user gave, as a message quotes it: in single quotes, control characters escaped, at
/// most 160 characters.
package func quoted(_ text: String) -> String {
  "'" + InputFileError.shown(text) + "'"
}
