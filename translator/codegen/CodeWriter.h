//===- CodeWriter.h - Indented lines of emitted C ---------------*- C++ -*-===//
#ifndef TILEC_CODEGEN_CODEWRITER_H
#define TILEC_CODEGEN_CODEWRITER_H

#include <string>

namespace tilec {

/// Accumulates emitted code line by line at a current indentation, so
/// emitters say what they print and not how to space it.
class CodeWriter {
public:
  explicit CodeWriter(unsigned Indent = 0) : Level(Indent) {}

  CodeWriter &line(const std::string &Text = "") {
    if (!Text.empty())
      Out.append(2 * Level, ' ').append(Text);
    Out += '\n';
    return *this;
  }
  /// Prints `Header {` and indents what follows.
  CodeWriter &open(const std::string &Header) {
    line(Header.empty() ? "{" : Header + " {");
    ++Level;
    return *this;
  }
  /// Prints `} Header {`, as in `} else {`.
  CodeWriter &closeOpen(const std::string &Header) {
    --Level;
    line("} " + Header + " {");
    ++Level;
    return *this;
  }
  CodeWriter &close(const std::string &Trailer = "") {
    --Level;
    return line("}" + Trailer);
  }
  CodeWriter &indent() {
    ++Level;
    return *this;
  }
  CodeWriter &dedent() {
    --Level;
    return *this;
  }
  const std::string &str() const { return Out; }
  /// The current indentation, for a scratch writer whose lines are
  /// appended here later.
  unsigned level() const { return Level; }
  /// Appends lines written by a scratch writer at this level.
  CodeWriter &append(const std::string &Lines) {
    Out += Lines;
    return *this;
  }

private:
  unsigned Level;
  std::string Out;
};

} // namespace tilec

#endif
