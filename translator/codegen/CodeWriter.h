//===- CodeWriter.h - Indented lines of emitted C ---------------*- C++ -*-===//
#ifndef TILEC_CODEGEN_CODEWRITER_H
#define TILEC_CODEGEN_CODEWRITER_H

#include <set>
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
  /// Opens a block whose local variables declare() puts at its top: host
  /// code must compile as C89 too (`-std=gnu89`), which has no `for (int
  /// i = ...)` and wants declarations before statements.
  CodeWriter &openBlock(const std::string &Header) {
    open(Header);
    Top = Out.size();
    TopLevel = Level;
    Declared.clear();
    return *this;
  }
  /// Declares `Declaration` (`int tilec_s;`) at the top of the block last
  /// opened with openBlock, once.
  CodeWriter &declare(const std::string &Declaration) {
    if (!Declared.insert(Declaration).second)
      return *this;
    std::string Line = std::string(2 * TopLevel, ' ') + Declaration + "\n";
    Out.insert(Top, Line);
    Top += Line.size();
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
  /// Where openBlock's block starts, its level, what declare() put there.
  size_t Top = 0;
  unsigned TopLevel = 0;
  std::set<std::string> Declared;
};

} // namespace tilec

#endif
