//===- Outputs.cpp - The files a tilec-cc command writes ------------------===//
#include "driver/cc/Outputs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace tilec::cc {

static Error outputError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

std::string defaultObject(StringRef Source) {
  return (sys::path::stem(Source) + ".o").str();
}

static std::string withExtension(StringRef Path, StringRef Extension) {
  SmallString<256> Name(Path);
  sys::path::replace_extension(Name, Extension);
  return Name.str().str();
}

DependencyOutput dependencyOutput(const CompilerArguments &Args,
                                  StringRef Source) {
  // GCC 12: with -c, beside the object and named after it; when linking,
  // named after the program ("a-" + the source's stem without -o), the
  // target being the program or the object cc -c would write.
  DependencyOutput D;
  bool Compile = Args.Mode == Stage::Compile;
  if (Args.OutputPath) {
    D.File = withExtension(*Args.OutputPath, "d");
    D.Target = *Args.OutputPath;
  } else {
    D.Target = defaultObject(Source);
    D.File = Compile ? withExtension(D.Target, "d")
                     : ("a-" + sys::path::stem(Source) + ".d").str();
  }
  if (!Args.Deps.File.empty())
    D.File = Args.Deps.File;
  return D;
}

std::vector<std::string> commandOutputs(const CompilerArguments &Args) {
  std::vector<std::string> Outputs;
  std::vector<const Argument *> Compiled;
  for (size_t I : Args.inputs())
    if (isCompiledInput(Args.Args[I]))
      Compiled.push_back(&Args.Args[I]);
  if (Args.OutputPath)
    Outputs.push_back(*Args.OutputPath);
  else if (Args.Mode == Stage::Link)
    Outputs.push_back("a.out");
  if (!Args.OutputPath && Args.Mode != Stage::Link)
    for (const Argument *A : Compiled) {
      bool Assembly = false;
      for (const Argument &S : Args.Args)
        Assembly |= S.K == Argument::StageOption && S.Words[0] == "-S";
      if (Args.Mode == Stage::Compile)
        Outputs.push_back(defaultObject(A->path()));
      else if (Assembly)
        Outputs.push_back(withExtension(sys::path::filename(A->path()), "s"));
    }
  if (!Args.Deps.File.empty())
    Outputs.push_back(Args.Deps.File);
  else if (Args.Deps.Write && Args.Mode != Stage::PassThrough)
    for (const Argument *A : Compiled)
      Outputs.push_back(dependencyOutput(Args, A->path()).File);
  return Outputs;
}

Error checkNotInputs(ArrayRef<std::string> Outputs,
                     ArrayRef<std::string> Inputs) {
  for (const std::string &Out : Outputs)
    for (const std::string &In : Inputs)
      if (sys::fs::equivalent(Out, In))
        return outputError("output '" + Out + "' is the input '" + In +
                           "'; nothing was written");
  return Error::success();
}

Error moveIntoPlace(StringRef From, StringRef To) {
  if (!sys::fs::rename(From, To))
    return Error::success();
  // Another file system: copy beside the destination, then rename, so that
  // the destination is never seen half written.
  SmallString<256> Model(To);
  Model += ".tilec-%%%%%%";
  SmallString<256> Temporary;
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temporary))
    return outputError("cannot write '" + To + "': " + EC.message());
  sys::fs::closeFile(FD);
  if (std::error_code EC = sys::fs::copy_file(From, Temporary)) {
    sys::fs::remove(Temporary);
    return outputError("cannot write '" + To + "': " + EC.message());
  }
  // The copy is a new file: give it the permissions a compiler's output
  // would get rather than createUniqueFile's owner-only ones.
  if (ErrorOr<sys::fs::perms> Mode = sys::fs::getPermissions(From))
    sys::fs::setPermissions(Temporary, *Mode);
  if (std::error_code EC = sys::fs::rename(Temporary, To)) {
    sys::fs::remove(Temporary);
    return outputError("cannot write '" + To + "': " + EC.message());
  }
  return Error::success();
}

} // namespace tilec::cc
