//===- Toolchain.cpp - The C compiler and nvcc tilec-cc runs --------------===//
#include "driver/cc/Toolchain.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

#include <optional>

using namespace llvm;

namespace tilec::cc {

std::vector<std::string> ToolCommand::with(ArrayRef<std::string> Args) const {
  std::vector<std::string> Argv = Words;
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  return Argv;
}

static Error toolError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Splits a command as a shell would split an unquoted variable, keeping
/// quoted words together ("gcc -DMSG='a b'").
static std::vector<std::string> splitCommand(StringRef Text) {
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *> Words;
  cl::TokenizeGNUCommandLine(Text, Saver, Words);
  return std::vector<std::string>(Words.begin(), Words.end());
}

/// The path of \p Name as the shell would run it, or "".
static std::string resolve(StringRef Name, ArrayRef<StringRef> Hints = {}) {
  if (Name.contains('/'))
    return sys::fs::can_execute(Name) ? Name.str() : "";
  if (ErrorOr<std::string> Found = sys::findProgramByName(Name))
    return *Found;
  if (!Hints.empty())
    if (ErrorOr<std::string> Found = sys::findProgramByName(Name, Hints))
      return *Found;
  return "";
}

/// Whether any word of \p Words runs tilec-cc (`tilec-cc`, a path to it,
/// `ccache tilec-cc`).
static bool namesSelf(ArrayRef<std::string> Words, StringRef Self) {
  for (const std::string &W : Words) {
    if (StringRef(W).starts_with("-"))
      continue;
    if (sys::path::filename(W) == "tilec-cc")
      return true;
    std::string Path = resolve(W);
    if (!Path.empty() && sys::fs::equivalent(Path, Self))
      return true;
  }
  return false;
}

static Expected<ToolCommand> command(StringRef Text, StringRef Origin,
                                     ArrayRef<StringRef> Hints = {}) {
  ToolCommand T;
  T.Words = splitCommand(Text);
  T.Origin = Origin.str();
  if (T.Words.empty())
    return toolError(Origin + " is empty");
  std::string Path = resolve(T.Words[0], Hints);
  if (Path.empty())
    return toolError("'" + T.Words[0] + "' (" + Origin + ") not found");
  T.Words[0] = Path;
  return T;
}

Expected<ToolCommand> findCCompiler(StringRef Self) {
  // Either may name tilec-cc: make exports the variables of its command
  // line, and Makefiles call tilec-cc $(TILEC_CC) as well as $(CC).
  for (const char *Name : {"TILEC_CC", "CC"})
    if (std::optional<std::string> Value = sys::Process::GetEnv(Name);
        Value && !StringRef(*Value).trim().empty() &&
        !namesSelf(splitCommand(*Value), Self))
      return command(*Value, Name);
  return command("cc", "the default C compiler; set TILEC_CC or CC");
}

Expected<ToolCommand> findNvcc() {
  if (std::optional<std::string> Value = sys::Process::GetEnv("NVCC");
      Value && !StringRef(*Value).trim().empty())
    return command(*Value, "NVCC", {"/usr/local/cuda/bin"});
  Expected<ToolCommand> T = command("nvcc", "nvcc", {"/usr/local/cuda/bin"});
  if (!T) {
    consumeError(T.takeError());
    return toolError("nvcc not found (set NVCC or install the CUDA toolkit "
                     "in /usr/local/cuda)");
  }
  return T;
}

Expected<std::string> captureOutput(ArrayRef<std::string> Argv,
                                    bool WithStderr) {
  SmallString<128> Log;
  if (std::error_code EC = sys::fs::createTemporaryFile("tilec-cc", "txt", Log))
    return toolError("cannot create a temporary file: " + EC.message());
  std::optional<StringRef> Redirects[] = {
      StringRef(""), Log.str(),
      WithStderr ? std::optional<StringRef>(Log.str()) : StringRef("")};
  std::vector<StringRef> Refs(Argv.begin(), Argv.end());
  std::string Error;
  int Status =
      sys::ExecuteAndWait(Argv[0], Refs, std::nullopt, Redirects, 0, 0, &Error);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Log);
  sys::fs::remove(Log);
  if (Status != 0 || !Text)
    return toolError("'" + Argv[0] + "' failed" +
                     (Error.empty() ? "" : ": " + Error));
  return (*Text)->getBuffer().str();
}

/// The -I, -D, -isystem and -pthread flags among \p Words.
static std::vector<std::string> compileFlags(ArrayRef<std::string> Words) {
  std::vector<std::string> Flags;
  for (size_t I = 0; I < Words.size(); ++I) {
    StringRef W = Words[I];
    if (!W.starts_with("-I") && !W.starts_with("-D") &&
        !W.starts_with("-isystem") && W != "-pthread")
      continue;
    Flags.push_back(W.str());
    if ((W == "-I" || W == "-D" || W == "-isystem") && I + 1 < Words.size())
      Flags.push_back(Words[++I]);
  }
  return Flags;
}

std::optional<MpiWrapper> askMpiWrapper(const ToolCommand &CC) {
  // Only wrappers answer these queries; asking gcc would print errors.
  bool IsWrapper = false;
  for (const std::string &W : CC.Words)
    IsWrapper |= sys::path::filename(W).starts_with("mpi");
  if (!IsWrapper)
    return std::nullopt;
  std::vector<std::string> Compiler, Flags;
  Expected<std::string> Command = captureOutput(CC.with({"-showme:command"}));
  Expected<std::string> Compile = captureOutput(CC.with({"-showme:compile"}));
  if (Command && Compile) {
    Compiler = splitCommand(*Command);
    Flags = compileFlags(splitCommand(*Compile));
  } else {
    consumeError(Command.takeError());
    consumeError(Compile.takeError());
    Expected<std::string> Show = captureOutput(CC.with({"-show"}));
    if (!Show) {
      consumeError(Show.takeError());
      return std::nullopt;
    }
    std::vector<std::string> Words = splitCommand(*Show);
    if (!Words.empty())
      Compiler = {Words[0]};
    Flags = compileFlags(Words);
  }
  if (Compiler.empty())
    return std::nullopt;
  Expected<ToolCommand> Found =
      command(join(Compiler, " "), "the compiler " + CC.Words[0] + " runs");
  if (!Found) {
    consumeError(Found.takeError());
    return std::nullopt;
  }
  return MpiWrapper{std::move(*Found), std::move(Flags)};
}

} // namespace tilec::cc
